// SPDX-License-Identifier: GPL-2.0
/* Boot test module: imports the RIG_BOOT namespace and calls nsexp. */
#include <linux/module.h>
#include <linux/printk.h>

#include "nsexp.h"

static int __init nsimp_init(void)
{
	pr_info("nsimp: nsexp_value() = %d\n", nsexp_value());
	return 0;
}

static void __exit nsimp_exit(void)
{
}

module_init(nsimp_init);
module_exit(nsimp_exit);
MODULE_IMPORT_NS(RIG_BOOT);
MODULE_DESCRIPTION("objtool-threads boot test: a namespaced import");
MODULE_LICENSE("GPL");
