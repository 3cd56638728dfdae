/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* The Raspberry Pi firmware, when its driver is there. */
#ifndef BURNKIT_RPI_FIRMWARE_H
#define BURNKIT_RPI_FIRMWARE_H

#include <linux/types.h>

void bk_rpi_init(void);
void bk_rpi_exit(void);
bool bk_rpi_present(void);
/* The ARM clock: measured, or else the rate the firmware set (kind says). */
int bk_rpi_arm_clock_hz(u32 *hz, const char **kind);
int bk_rpi_throttled(u32 *bits);

#endif
