/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* The overhead of reading the timing counter, measured Paoloni's way. */
#ifndef BURNKIT_CALIBRATION_H
#define BURNKIT_CALIBRATION_H

struct dentry;

/* Calibrates every online CPU once, then offers calibration and calibrate. */
int bk_calibration_init(struct dentry *dir);
void bk_calibration_exit(void);

#endif
