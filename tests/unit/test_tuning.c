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
	char text[256];

	tuning_text(&zen4, text, sizeof(text));
	cr_assert_str_eq(text, "{\"fpu_tuning\":{\"core\":\"AMD Zen 4\",\"prefetch_min_bytes\":null,"
			       "\"avx2_ops8_two_stage\":true,\"avx512_ops2_one_vector\":false,"
			       "\"avx2_ops8_xmm\":false,\"avx2_ops32_xmm\":false,\"avx2_ops2_prefetch\":false}}\n",
			 "%s", text);
}

Test(tuning, the_default_has_no_core_and_the_gate_in_bytes)
{
	struct bk_fpu_tuning def = bk_fpu_tuning_for("GenuineIntel", 6, 0x8f, 1);
	char text[256], want[256];

	tuning_text(&def, text, sizeof(text));
	snprintf(want, sizeof(want), "{\"fpu_tuning\":{\"core\":null,\"prefetch_min_bytes\":%d,"
		 "\"avx2_ops8_two_stage\":false,\"avx512_ops2_one_vector\":false,"
		 "\"avx2_ops8_xmm\":false,\"avx2_ops32_xmm\":false,\"avx2_ops2_prefetch\":false}}\n",
		 BK_FPU_PREFETCH_MIN_BYTES);
	cr_assert_str_eq(text, want, "%s", text);
}
