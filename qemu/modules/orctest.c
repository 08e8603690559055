// SPDX-License-Identifier: GPL-2.0
/*
 * Boot test module: prints a stack trace from a known chain of calls, so
 * the guest can check that the ORC unwinder walks it, and exports a symbol
 * for orcdep to use.
 */
#include <linux/module.h>
#include <linux/printk.h>

#include "orctest.h"

int orctest_value(void)
{
	return 42;
}
EXPORT_SYMBOL_GPL(orctest_value);

/*
 * noinline, and work after each call, so that none of them is inlined or
 * turned into a tail call: the trace must show all three.
 */
static noinline int orctest_c(int depth)
{
	dump_stack();
	barrier();
	return depth + 1;
}

static noinline int orctest_b(int depth)
{
	int ret = orctest_c(depth + 1);

	barrier();
	return ret + 1;
}

static noinline int orctest_a(int depth)
{
	int ret = orctest_b(depth + 1);

	barrier();
	return ret + 1;
}

static int __init orctest_init(void)
{
	pr_info("orctest: chain returned %d\n", orctest_a(0));
	return 0;
}

static void __exit orctest_exit(void)
{
}

module_init(orctest_init);
module_exit(orctest_exit);
MODULE_DESCRIPTION("objtool-threads boot test: ORC trace and an exported symbol");
MODULE_LICENSE("GPL");
