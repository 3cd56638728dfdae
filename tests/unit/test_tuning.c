// SPDX-License-Identifier: MIT
/* tuning: the FPU tuning as the records write it. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "burnkit/prefetch.h"
#include "tuning.h"

static void tuning_text(const struct bk_fpu_tuning *t, char *out, size_t len)
{
	struct bk_json j;

	bk_json_init(&j);
	bk_json_object_begin(&j, NULL);
	bk_fpu_tuning_json(&j, "fpu_tuning", t);
	bk_json_object_end(&j);
	cr_assert_not_null(bk_json_text(&j));
	snprintf(out, len, "%s", bk_json_text(&j));
	bk_json_free(&j);
}

Test(tuning, a_core_of_its_own_names_it_and_never_reads_as_null)
{
	struct bk_fpu_tuning zen4 = bk_fpu_tuning_for("AuthenticAMD", 0x19, 0x11, 1);
	char text[512];

	tuning_text(&zen4, text, sizeof(text));
	cr_assert_str_eq(text, "{\"fpu_tuning\":{\"core\":\"AMD Zen 4\",\"prefetch_min_bytes\":null,"
			       "\"avx2_ops8_two_stage\":true,\"avx512_ops2_one_vector\":false,"
			       "\"avx2_ops8_xmm\":false,\"avx2_ops32_xmm\":false,\"avx2_ops2_prefetch\":false,"
			       "\"avx2_ops8_l2_prefetch_min_bytes\":0}}\n",
			 "%s", text);
}

Test(tuning, the_default_has_no_core_and_the_gate_in_bytes)
{
	struct bk_fpu_tuning def = bk_fpu_tuning_for("GenuineIntel", 6, 0x8f, 1);
	char text[512], want[512];

	tuning_text(&def, text, sizeof(text));
	snprintf(want, sizeof(want), "{\"fpu_tuning\":{\"core\":null,\"prefetch_min_bytes\":%d,"
		 "\"avx2_ops8_two_stage\":false,\"avx512_ops2_one_vector\":false,"
		 "\"avx2_ops8_xmm\":false,\"avx2_ops32_xmm\":false,\"avx2_ops2_prefetch\":false,"
		 "\"avx2_ops8_l2_prefetch_min_bytes\":0}}\n",
		 BK_FPU_PREFETCH_MIN_BYTES);
	cr_assert_str_eq(text, want, "%s", text);
}

Test(tuning, zen5_gives_the_size_above_which_ops8_prefetches_from_l2)
{
	struct bk_fpu_tuning zen5 = bk_fpu_tuning_for("AuthenticAMD", 0x1a, 0x02, 1);
	char text[512], want[96];

	tuning_text(&zen5, text, sizeof(text));
	snprintf(want, sizeof(want), ",\"avx2_ops8_l2_prefetch_min_bytes\":%d}}\n",
		 BK_FPU_L2_PREFETCH_MIN_BYTES);
	cr_assert(strlen(text) > strlen(want) &&
		  !strcmp(text + strlen(text) - strlen(want), want), "%s", text);
}
