/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* Write back and drop one file's cached pages. */
#ifndef BURNKIT_PAGECACHE_H
#define BURNKIT_PAGECACHE_H

struct dentry;

int bk_pagecache_init(struct dentry *dir);
void bk_pagecache_exit(void);

#endif
