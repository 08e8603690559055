// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Stress the lock-free instruction hash insertion that threaded objtool
 * uses: it includes objtool's own insn_hash.h from the patched tree.  Many
 * threads push into a deliberately tiny table so that nearly every
 * compare-and-swap contends; afterwards every entry must be in its bucket
 * exactly once and every chain must be well formed.
 *
 *   hash-stress [threads] [entries per thread] [table bits]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <objtool/insn_hash.h>

struct entry {
	struct hlist_node hash;
	unsigned int key;
	unsigned int seen;
};

struct worker {
	pthread_t thread;
	struct entry *entries;
	unsigned int nr;
};

static struct hlist_head *table;
static int table_bits;
static pthread_barrier_t start;

static void *push_all(void *arg)
{
	struct worker *w = arg;
	unsigned int i;

	/* Start together, so the pushes overlap as much as they can. */
	pthread_barrier_wait(&start);
	for (i = 0; i < w->nr; i++)
		insn_hash_push(insn_hash_bucket(table, table_bits, w->entries[i].key),
			       &w->entries[i].hash);
	return NULL;
}

static unsigned long parse(const char *s, const char *what)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);

	if (!*s || *end || !v) {
		fprintf(stderr, "hash-stress: bad %s '%s'\n", what, s);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	unsigned int nr_threads = argc > 1 ? parse(argv[1], "thread count") : 16;
	unsigned int per_thread = argc > 2 ? parse(argv[2], "entry count") : 20000;
	unsigned long nr_buckets, total, found = 0, bad = 0, b, i;
	struct worker *workers;
	struct entry *all;

	table_bits = argc > 3 ? (int)parse(argv[3], "table bits") : 2;
	nr_buckets = 1UL << table_bits;
	total = (unsigned long)nr_threads * per_thread;

	table = calloc(nr_buckets, sizeof(*table));
	all = calloc(total, sizeof(*all));
	workers = calloc(nr_threads, sizeof(*workers));
	if (!table || !all || !workers) {
		perror("calloc");
		return 2;
	}
	for (i = 0; i < total; i++)
		all[i].key = (unsigned int)i;

	pthread_barrier_init(&start, NULL, nr_threads);
	for (i = 0; i < nr_threads; i++) {
		workers[i].entries = all + i * per_thread;
		workers[i].nr = per_thread;
		if (pthread_create(&workers[i].thread, NULL, push_all, &workers[i])) {
			perror("pthread_create");
			return 2;
		}
	}
	for (i = 0; i < nr_threads; i++)
		pthread_join(workers[i].thread, NULL);

	/*
	 * Walk each chain: an entry must hash to the bucket it is in, must not
	 * be met twice (a cycle or a double insertion), and the walk must end.
	 */
	for (b = 0; b < nr_buckets; b++) {
		struct hlist_node *n;
		unsigned long len = 0;

		for (n = table[b].first; n; n = n->next) {
			struct entry *e = (struct entry *)((char *)n - offsetof(struct entry, hash));

			if (++len > total) {
				fprintf(stderr, "bucket %lu: chain longer than the entries (cycle)\n", b);
				bad++;
				break;
			}
			if (insn_hash_bucket(table, table_bits, e->key) != &table[b]) {
				fprintf(stderr, "key %u in bucket %lu, hashes elsewhere\n", e->key, b);
				bad++;
			}
			if (n->pprev != &table[b].first) {
				fprintf(stderr, "key %u: pprev does not point at its bucket\n", e->key);
				bad++;
			}
			if (e->seen++) {
				fprintf(stderr, "key %u found twice\n", e->key);
				bad++;
			}
			found++;
		}
	}
	for (i = 0; i < total; i++) {
		if (!all[i].seen) {
			fprintf(stderr, "key %lu lost\n", i);
			bad++;
		}
	}

	printf("hash-stress: %u threads x %u entries into %lu buckets: %lu found, %lu errors\n",
	       nr_threads, per_thread, nr_buckets, found, bad);
	return bad || found != total;
}
