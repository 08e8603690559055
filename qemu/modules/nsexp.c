// SPDX-License-Identifier: GPL-2.0
/* Boot test module: a GPL-only export in a namespace, for nsimp. */
#include <linux/export.h>
#include <linux/module.h>

#include "nsexp.h"

int nsexp_value(void)
{
	return 5;
}
EXPORT_SYMBOL_NS_GPL(nsexp_value, RIG_BOOT);

MODULE_DESCRIPTION("objtool-threads boot test: a namespaced export");
MODULE_LICENSE("GPL");
