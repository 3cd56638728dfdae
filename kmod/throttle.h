/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* The throttle sampler, its event ring and its files. */
#ifndef BURNKIT_THROTTLE_H
#define BURNKIT_THROTTLE_H

#include <linux/types.h>

struct dentry;
struct seq_file;

int bk_throttle_init(struct dentry *dir, unsigned int period_ms, bool inject);
void bk_throttle_exit(void);
void bk_throttle_features(struct seq_file *m);

#endif
