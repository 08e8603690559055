// SPDX-License-Identifier: GPL-2.0
/*
 * pthread_create() as objtool's tests need it, preloaded into objtool.  A
 * process limit, simulated: the first $RIG_PTHREAD_CREATE_OK threads
 * (default 0) start, the others fail with EAGAIN, as they do under a pids
 * cgroup limit or RLIMIT_NPROC (which root, running the tests in CI, is
 * not subject to).
 *
 * Each call adds a line to $RIG_PTHREAD_LOG, if set, the test's proof of
 * what happened: "EAGAIN" for a refusal, else "started <stack size>" (the
 * size the attributes give) or "started default" (no attributes).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef int (*create_fn)(pthread_t *, const pthread_attr_t *,
			 void *(*)(void *), void *);

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void log_line(const char *what, size_t size)
{
	const char *log = getenv("RIG_PTHREAD_LOG");
	FILE *f;

	if (!log)
		return;

	pthread_mutex_lock(&log_lock);
	f = fopen(log, "a");
	if (f) {
		if (size)
			fprintf(f, "%s %zu\n", what, size);
		else
			fprintf(f, "%s\n", what);
		fclose(f);
	}
	pthread_mutex_unlock(&log_lock);
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
		   void *(*start)(void *), void *arg)
{
	static create_fn real;
	static long started;
	const char *ok = getenv("RIG_PTHREAD_CREATE_OK");
	size_t size = 0;

	if (!real)
		real = (create_fn)dlsym(RTLD_NEXT, "pthread_create");

	if (__atomic_fetch_add(&started, 1, __ATOMIC_RELAXED) >=
	    (ok ? atol(ok) : 0)) {
		log_line("EAGAIN", 0);
		return EAGAIN;
	}

	if (attr) {
		if (pthread_attr_getstacksize(attr, &size))
			size = 0;
		log_line(size ? "started" : "started default", size);
		return real(thread, attr, start, arg);
	}

	log_line("started default", 0);
	return real(thread, attr, start, arg);
}
