/* SPDX-License-Identifier: MIT */
/*
 * arch.h: the counter accessors of the architecture being built, one header
 * each (fio's arch/arch-*.h). Each defines BK_ARCH_NAME and the
 * BK_HAVE_* macros for the counters it can read from user space, and
 * BK_HAVE_RELEASE_LINES where user space can flush a buffer out of the
 * caches or demote it to the shared one.
 */
#ifndef BK_ARCH_H
#define BK_ARCH_H

#include <stddef.h>

#if defined(__x86_64__)
#include "arch-x86_64.h"
#elif defined(__aarch64__)
#include "arch-aarch64.h"
#elif defined(__arm__)
#include "arch-armv7.h"
#else
#define BK_ARCH_NAME "generic"
#endif

#ifndef BK_HAVE_RELEASE_LINES
/* Nothing to flush or demote with from user space here
 * (bk_cpu_read_release keeps the lines). */
static inline void bk_release_lines(const void *buf, size_t len, unsigned line, int demote)
{
	(void)buf;
	(void)len;
	(void)line;
	(void)demote;
}
#endif

#endif
