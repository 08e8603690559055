// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A deliberate data race, for the race tests to show that the detector, as
 * they run it, does report one: two threads increment a plain counter.
 */
#include <pthread.h>
#include <stdio.h>

static unsigned long counter;

static void *bump(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < 100000; i++)
		counter++;
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	pthread_create(&a, NULL, bump, NULL);
	pthread_create(&b, NULL, bump, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	printf("%lu\n", counter);
	return 0;
}
