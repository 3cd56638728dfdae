// SPDX-License-Identifier: MIT
/* tuning: the FPU kernels' tuning for this core, as the records write it. */
#include "tuning.h"

#include <stdint.h>

void bk_fpu_tuning_json(struct bk_json *j, const char *key,
			const struct bk_fpu_tuning *t)
{
	bk_json_object_begin(j, key);
	bk_json_str(j, "core", t->core);
	if (t->prefetch_min_bytes == SIZE_MAX)
		bk_json_null(j, "prefetch_min_bytes");
	else
		bk_json_uint(j, "prefetch_min_bytes", t->prefetch_min_bytes);
	bk_json_bool(j, "avx2_ops8_two_stage", t->avx2_ops8_two_stage);
	bk_json_bool(j, "avx512_ops2_one_vector", t->avx512_ops2_one_vector);
	bk_json_bool(j, "avx2_ops8_xmm", t->avx2_ops8_xmm);
	bk_json_bool(j, "avx2_ops32_xmm", t->avx2_ops32_xmm);
	bk_json_bool(j, "avx2_ops2_prefetch", t->avx2_ops2_prefetch);
	bk_json_uint(j, "avx2_ops8_l2_prefetch_min_bytes",
		     t->avx2_ops8_l2_prefetch_min_bytes);
	bk_json_object_end(j);
}
