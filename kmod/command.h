/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/*
 * The helpers every control file uses: strict parsing of a write, the
 * warning that names the file, "unsupported" in place of a value, and
 * single-value files on the debugfs attribute machinery.
 */
#ifndef BURNKIT_COMMAND_H
#define BURNKIT_COMMAND_H

#include <linux/fs.h>
#include <linux/types.h>

struct seq_file;

/*
 * A control write needs CAP_SYS_ADMIN (debugfs's 0600 is not enough: a
 * root-owned open file may be passed to or inherited by another process):
 * 0, or -EPERM after a warning naming the file.
 */
int bk_control_allowed(const char *file);

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

/*
 * The write of a single-value file: one decimal number, parsed as strictly
 * as every other control, handed to the attribute's setter (which checks
 * the range and returns -EINVAL with a warning).
 */
ssize_t bk_attr_write_u32(struct file *file, const char __user *ubuf,
			  size_t count, int (*set)(void *data, u64 val),
			  const char *name);

/*
 * BK_DEFINE_ATTRIBUTE(fops, name, get, set): a single-value file as
 * DEFINE_DEBUGFS_ATTRIBUTE makes it (simple_attr_open, debugfs_attr_read,
 * "%llu\n"; create it with debugfs_create_file_unsafe), except that a
 * write goes through bk_attr_write_u32(): DEFINE_DEBUGFS_ATTRIBUTE's own
 * write takes "0x10", "010" (octal) and "+5", and refuses text without
 * saying which file, where every burnkit control is decimal only and
 * names the file it rejects a write to. (simple_attr gets no setter: only
 * its read side is used.)
 */
#define BK_DEFINE_ATTRIBUTE(__fops, __name, __get, __set)		\
static int __fops ## _open(struct inode *inode, struct file *file)	\
{									\
	return simple_attr_open(inode, file, __get, NULL, "%llu\n");	\
}									\
static ssize_t __fops ## _write(struct file *file,			\
				const char __user *ubuf, size_t count,	\
				loff_t *ppos)				\
{									\
	return bk_attr_write_u32(file, ubuf, count, __set, __name);	\
}									\
static const struct file_operations __fops = {				\
	.owner = THIS_MODULE,						\
	.open = __fops ## _open,					\
	.release = simple_attr_release,					\
	.read = debugfs_attr_read,					\
	.write = __fops ## _write,					\
}

#endif
