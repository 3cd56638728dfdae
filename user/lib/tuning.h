/* SPDX-License-Identifier: MIT */
/*
 * tuning: how the FPU kernels run on this core where cores differ
 * (lib/dispatch), as the records write it.
 */
#ifndef BK_TUNING_H
#define BK_TUNING_H

#include "dispatch.h"
#include "json.h"

/*
 * The tuning as an object under key: "core" (null: the default),
 * "prefetch_min_bytes" (null: never), "avx2_ops8_two_stage",
 * "avx512_ops2_one_vector", "avx2_ops8_xmm", "avx2_ops32_xmm",
 * "avx2_ops2_prefetch" and "avx2_ops8_l2_prefetch_min_bytes" (0: always).
 */
void bk_fpu_tuning_json(struct bk_json *j, const char *key,
			const struct bk_fpu_tuning *t);

#endif
