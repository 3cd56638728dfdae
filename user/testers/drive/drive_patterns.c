// SPDX-License-Identifier: MIT
/*
 * drive_patterns: the seed's 164 patterns and its file orders, as data.
 *
 * The table follows a rule the tests check it against: 0; the powers of
 * two 2^0 to 2^30; for group widths g = 2, 4, ... 32, the group of g/2
 * zeros over g/2 ones repeated 1 to 32/g times (01, 0101, ..., 0011, ...,
 * up to 2^16-1); then the complements of all of those, in the same order.
 */
#include "drive_patterns.h"

static const uint32_t patterns[BK_DRIVE_PATTERNS] = {
	0x00000000, 0x00000001, 0x00000002, 0x00000004,	/* 1-4 */
	0x00000008, 0x00000010, 0x00000020, 0x00000040,	/* 5-8 */
	0x00000080, 0x00000100, 0x00000200, 0x00000400,	/* 9-12 */
	0x00000800, 0x00001000, 0x00002000, 0x00004000,	/* 13-16 */
	0x00008000, 0x00010000, 0x00020000, 0x00040000,	/* 17-20 */
	0x00080000, 0x00100000, 0x00200000, 0x00400000,	/* 21-24 */
	0x00800000, 0x01000000, 0x02000000, 0x04000000,	/* 25-28 */
	0x08000000, 0x10000000, 0x20000000, 0x40000000,	/* 29-32 */
	0x00000001, 0x00000005, 0x00000015, 0x00000055,	/* 33-36 */
	0x00000155, 0x00000555, 0x00001555, 0x00005555,	/* 37-40 */
	0x00015555, 0x00055555, 0x00155555, 0x00555555,	/* 41-44 */
	0x01555555, 0x05555555, 0x15555555, 0x55555555,	/* 45-48 */
	0x00000003, 0x00000033, 0x00000333, 0x00003333,	/* 49-52 */
	0x00033333, 0x00333333, 0x03333333, 0x33333333,	/* 53-56 */
	0x00000007, 0x000001C7, 0x000071C7, 0x001C71C7,	/* 57-60 */
	0x071C71C7, 0x0000000F, 0x00000F0F, 0x000F0F0F,	/* 61-64 */
	0x0F0F0F0F, 0x0000001F, 0x00007C1F, 0x01F07C1F,	/* 65-68 */
	0x0000003F, 0x0003F03F, 0x0000007F, 0x001FC07F,	/* 69-72 */
	0x000000FF, 0x00FF00FF, 0x000001FF, 0x000003FF,	/* 73-76 */
	0x000007FF, 0x00000FFF, 0x00001FFF, 0x00003FFF,	/* 77-80 */
	0x00007FFF, 0x0000FFFF, 0xFFFFFFFF, 0xFFFFFFFE,	/* 81-84 */
	0xFFFFFFFD, 0xFFFFFFFB, 0xFFFFFFF7, 0xFFFFFFEF,	/* 85-88 */
	0xFFFFFFDF, 0xFFFFFFBF, 0xFFFFFF7F, 0xFFFFFEFF,	/* 89-92 */
	0xFFFFFDFF, 0xFFFFFBFF, 0xFFFFF7FF, 0xFFFFEFFF,	/* 93-96 */
	0xFFFFDFFF, 0xFFFFBFFF, 0xFFFF7FFF, 0xFFFEFFFF,	/* 97-100 */
	0xFFFDFFFF, 0xFFFBFFFF, 0xFFF7FFFF, 0xFFEFFFFF,	/* 101-104 */
	0xFFDFFFFF, 0xFFBFFFFF, 0xFF7FFFFF, 0xFEFFFFFF,	/* 105-108 */
	0xFDFFFFFF, 0xFBFFFFFF, 0xF7FFFFFF, 0xEFFFFFFF,	/* 109-112 */
	0xDFFFFFFF, 0xBFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFA,	/* 113-116 */
	0xFFFFFFEA, 0xFFFFFFAA, 0xFFFFFEAA, 0xFFFFFAAA,	/* 117-120 */
	0xFFFFEAAA, 0xFFFFAAAA, 0xFFFEAAAA, 0xFFFAAAAA,	/* 121-124 */
	0xFFEAAAAA, 0xFFAAAAAA, 0xFEAAAAAA, 0xFAAAAAAA,	/* 125-128 */
	0xEAAAAAAA, 0xAAAAAAAA, 0xFFFFFFFC, 0xFFFFFFCC,	/* 129-132 */
	0xFFFFFCCC, 0xFFFFCCCC, 0xFFFCCCCC, 0xFFCCCCCC,	/* 133-136 */
	0xFCCCCCCC, 0xCCCCCCCC, 0xFFFFFFF8, 0xFFFFFE38,	/* 137-140 */
	0xFFFF8E38, 0xFFE38E38, 0xF8E38E38, 0xFFFFFFF0,	/* 141-144 */
	0xFFFFF0F0, 0xFFF0F0F0, 0xF0F0F0F0, 0xFFFFFFE0,	/* 145-148 */
	0xFFFF83E0, 0xFE0F83E0, 0xFFFFFFC0, 0xFFFC0FC0,	/* 149-152 */
	0xFFFFFF80, 0xFFE03F80, 0xFFFFFF00, 0xFF00FF00,	/* 153-156 */
	0xFFFFFE00, 0xFFFFFC00, 0xFFFFF800, 0xFFFFF000,	/* 157-160 */
	0xFFFFE000, 0xFFFFC000, 0xFFFF8000, 0xFFFF0000,	/* 161-164 */
};

/*
 * "2. Sequences - First 16": 16 orders of files 0-3, of which 13-16 repeat
 * 1-4. No simpler rule reproduces them (rows 4 and 9 break every step
 * rule), so they are kept as listed.
 */
static const unsigned char orders[BK_DRIVE_ORDERS][BK_DRIVE_FILES] = {
	{ 0, 1, 2, 3 }, { 1, 2, 3, 0 }, { 2, 3, 0, 1 }, { 3, 0, 2, 1 },
	{ 0, 2, 1, 3 }, { 1, 3, 2, 0 }, { 2, 0, 1, 3 }, { 3, 1, 2, 0 },
	{ 0, 3, 1, 2 }, { 1, 0, 3, 2 }, { 2, 1, 0, 3 }, { 3, 2, 1, 0 },
};

uint32_t bk_drive_pattern(unsigned k)
{
	if (k < 1 || k > BK_DRIVE_PATTERNS)
		return 0;
	return patterns[k - 1];
}

void bk_drive_order(unsigned long pass, unsigned order[BK_DRIVE_FILES])
{
	const unsigned char *o = orders[(pass ? pass - 1 : 0) % BK_DRIVE_ORDERS];

	for (unsigned i = 0; i < BK_DRIVE_FILES; i++)
		order[i] = o[i];
}
