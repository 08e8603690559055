// SPDX-License-Identifier: GPL-2.0
/*
 * Boot test module: a device table, so modpost gives it an alias that
 * modprobe resolves from modules.alias.
 */
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/printk.h>

static const struct of_device_id aliasdev_of[] = {
	{ .compatible = "rig,boot-alias" },
	{ }
};
MODULE_DEVICE_TABLE(of, aliasdev_of);

static int __init aliasdev_init(void)
{
	pr_info("aliasdev: loaded\n");
	return 0;
}

static void __exit aliasdev_exit(void)
{
}

module_init(aliasdev_init);
module_exit(aliasdev_exit);
MODULE_DESCRIPTION("objtool-threads boot test: a device alias");
MODULE_LICENSE("GPL");
