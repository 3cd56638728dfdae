/* SPDX-License-Identifier: MIT */
/*
 * drive_patterns: burnindrive's data, as the seed lists it. The 164 data
 * patterns (block k of a file holds pattern k) and the file orders of the
 * read passes. drive, speed and sdcard all fill their blocks from this
 * table.
 */
#ifndef BK_DRIVE_PATTERNS_H
#define BK_DRIVE_PATTERNS_H

#include <stdint.h>

#define BK_DRIVE_PATTERNS 164
#define BK_DRIVE_FILES 4
#define BK_DRIVE_ORDERS 12	/* the seed's "Sequences": 13-16 repeat 1-4 */

/* Pattern number k, 1 to 164, as the seed's table lists it. */
uint32_t bk_drive_pattern(unsigned k);

/*
 * The file order of read pass `pass` (1, 2, ...): order[i] is the i-th
 * file read, 0 to 3. Pass n uses the seed's sequence n; the listed
 * sequences repeat after 12, so pass 13 reads as pass 1.
 */
void bk_drive_order(unsigned long pass, unsigned order[BK_DRIVE_FILES]);

#endif
