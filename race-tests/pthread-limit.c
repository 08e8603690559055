// SPDX-License-Identifier: GPL-2.0
/*
 * A process limit, simulated: preloaded into objtool, pthread_create()
 * starts the first $RIG_PTHREAD_CREATE_OK threads (default 0) and then
 * fails with EAGAIN, as it does under a pids cgroup limit or RLIMIT_NPROC
 * (which root, running the tests in CI, is not subject to).  Each refusal
 * adds a line to $RIG_PTHREAD_LOG, if set: the test's proof that the limit
 * was met.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef int (*create_fn)(pthread_t *, const pthread_attr_t *,
			 void *(*)(void *), void *);

int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
		   void *(*start)(void *), void *arg)
{
	static create_fn real;
	static long started;
	const char *ok = getenv("RIG_PTHREAD_CREATE_OK");
	const char *log = getenv("RIG_PTHREAD_LOG");

	if (!real)
		real = (create_fn)dlsym(RTLD_NEXT, "pthread_create");

	if (started < (ok ? atol(ok) : 0)) {
		started++;
		return real(thread, attr, start, arg);
	}

	if (log) {
		FILE *f = fopen(log, "a");

		if (f) {
			fputs("EAGAIN\n", f);
			fclose(f);
		}
	}
	return EAGAIN;
}
