/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ORCTEST_H
#define _ORCTEST_H

/* Exported by orctest, used by orcdep. */
int orctest_value(void);

#endif
