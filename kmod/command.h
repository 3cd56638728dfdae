/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/*
 * The helpers every control file uses: strict parsing of a write, the
 * warning that names the file, "unsupported" in place of a value.
 */
#ifndef BURNKIT_COMMAND_H
#define BURNKIT_COMMAND_H

#include <linux/types.h>

struct seq_file;

/*
 * Copy a write of 1..size-1 bytes into buf as a string, with one trailing
 * newline removed; refuse an empty command and control characters (NUL
 * too). -EINVAL (after a warning naming the file) or -EFAULT.
 */
int bk_copy_command(char *buf, size_t size, const char __user *ubuf,
		    size_t count, const char *file);

/*
 * Parse "N" or "N N ..." (min_n to max_n decimal numbers separated by
 * single spaces) into vals; the number parsed or -EINVAL (with a warning).
 */
int bk_parse_u32_list(const char *buf, u32 *vals, int min_n, int max_n,
		      const char *file);

/* The kernel log line for a rejected write to FILE. */
void bk_warn_write(const char *file, const char *why);

/* A u64 or "unsupported", followed by a space or a newline. */
void bk_seq_u64_or_unsupported(struct seq_file *m, bool ok, u64 v, char end);

#endif
