/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _NSEXP_H
#define _NSEXP_H

/* Exported by nsexp into the RIG_BOOT namespace, used by nsimp. */
int nsexp_value(void);

#endif
