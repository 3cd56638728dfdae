/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/*
 * Kernel API changes after 6.1 (the oldest kernel the module builds on)
 * that touch the module, keyed on LINUX_VERSION_CODE: the module's sources
 * use the current names, and this header maps them to the old ones on older
 * kernels. Each entry names the release that changed the API.
 *
 * Checked and needing nothing here:
 * - .llseek = no_llseek: no_llseek removed in 6.12; the module leaves
 *   .llseek unset, which means the same on every kernel.
 * - del_timer(), del_timer_sync(): removed in 6.15; their successors
 *   timer_delete(), timer_delete_sync() exist from 6.2 and in 6.1.y stable.
 * - GENL_MCAST_CAP_NET_ADMIN, GENL_MCAST_CAP_SYS_ADMIN: added in 6.7 and
 *   backported to 6.1.y stable (Debian 12's 6.1 has them).
 * - MODULE_IMPORT_NS(ns): takes a string literal from 6.13; the module
 *   imports no namespace.
 * - <asm/unaligned.h> became <linux/unaligned.h> in 6.12; not used.
 */
#ifndef BURNKIT_COMPAT_H
#define BURNKIT_COMPAT_H

#include <linux/version.h>

/* 6.16: rdmsrl_safe*() renamed rdmsrq_safe*() (q: a u64 quadword). */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 16, 0)
#define rdmsrq_safe(msr, p)			rdmsrl_safe(msr, p)
#define rdmsrq_safe_on_cpu(cpu, msr, q)		rdmsrl_safe_on_cpu(cpu, msr, q)
#endif

/* 6.16: from_timer() renamed timer_container_of(). */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 16, 0)
#define timer_container_of(var, timer, field)	from_timer(var, timer, field)
#endif

#endif /* BURNKIT_COMPAT_H */
