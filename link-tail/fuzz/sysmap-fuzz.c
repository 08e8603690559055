// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for kallsyms' ELF reader (scripts/kallsyms-sysmap.c and
 * scripts/elf-parse.c of the patched tree): any input must either be
 * rejected with a message or give a System.map listing, never read outside
 * the buffer.  The input is copied into a buffer of its own size so that
 * AddressSanitizer sees any read past its end.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kallsyms.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct sysmap map;
	void *copy;

	if (!null)
		null = fopen("/dev/null", "w");
	copy = malloc(size ? size : 1);
	if (!copy || !null)
		abort();
	memcpy(copy, data, size);

	if (sysmap_parse("fuzz-input", copy, size, &map) == 0) {
		sysmap_write(&map, null);
		free(map.syms);
	}
	free(copy);
	return 0;
}
