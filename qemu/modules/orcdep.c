// SPDX-License-Identifier: GPL-2.0
/* Boot test module: depends on orctest's exported symbol and calls it. */
#include <linux/module.h>
#include <linux/printk.h>

#include "orctest.h"


static int __init orcdep_init(void)
{
	pr_info("orcdep: orctest_value() = %d\n", orctest_value());
	return 0;
}

static void __exit orcdep_exit(void)
{
}

module_init(orcdep_init);
module_exit(orcdep_exit);
MODULE_DESCRIPTION("objtool-threads boot test: uses orctest's export");
MODULE_LICENSE("GPL");
