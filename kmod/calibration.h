/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* The overhead of reading the timing counter, measured Paoloni's way. */
#ifndef BURNKIT_CALIBRATION_H
#define BURNKIT_CALIBRATION_H

struct dentry;

#include <linux/types.h>

/*
 * Calibrates every online CPU once, then offers calibration and calibrate.
 * inject_ticks (test only, 0 = off) replaces sample 0 of every ensemble.
 */
int bk_calibration_init(struct dentry *dir, u32 inject_ticks);
void bk_calibration_exit(void);

#endif
