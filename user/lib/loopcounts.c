// SPDX-License-Identifier: MIT
/* loopcounts: lookups in the generated table of documented loop counts. */
#include "loopcounts.h"

#include <string.h>

static const char *const iclass_names[BK_IC_COUNT] = {
	[BK_IC_LOAD] = "load",
	[BK_IC_STORE] = "store",
	[BK_IC_ADD] = "add",
	[BK_IC_SUB] = "sub",
	[BK_IC_MUL] = "mul",
	[BK_IC_FMA] = "fma",
	[BK_IC_AND] = "and",
	[BK_IC_ORR] = "orr",
	[BK_IC_CMP] = "cmp",
	[BK_IC_BRANCH] = "branch",
	[BK_IC_OTHER] = "other",
};

const char *bk_iclass_name(unsigned iclass)
{
	return iclass < BK_IC_COUNT ? iclass_names[iclass] : "?";
}

const struct bk_loop_count *bk_loop_counts(size_t *count)
{
	size_t n = 0;

	while (bk_loop_count_table[n].symbol)
		n++;
	*count = n;
	return bk_loop_count_table;
}

const struct bk_loop_count *bk_loop_count_find(const char *symbol)
{
	for (const struct bk_loop_count *c = bk_loop_count_table; c->symbol; c++)
		if (!strcmp(c->symbol, symbol))
			return c;
	return NULL;
}
