// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * Strict parsing of writes to the control files, the warning naming the
 * file a write was rejected for, and "unsupported" for a missing value:
 * what every part of the module shares, so that none of them calls main.c.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/ctype.h>
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/ratelimit.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <burnkit/abi.h>

#include "command.h"

/*
 * Each control file has its own warning budget (the kernel's defaults: 10
 * lines per 5 s), so that a fuzzer hammering one file neither floods the
 * log buffer, pushing out a real WARN, nor silences the other files.
 */
#define BK_WARN_LIMIT(name) \
	{ name, RATELIMIT_STATE_INIT(bk_warn_limits, DEFAULT_RATELIMIT_INTERVAL, \
				     DEFAULT_RATELIMIT_BURST) }

static struct bk_warn_limit {
	const char *file;
	struct ratelimit_state rs;
} bk_warn_limits[] = {
	BK_WARN_LIMIT(BURNKIT_FILE_CALIBRATE),
	BK_WARN_LIMIT(BURNKIT_FILE_USER_ACCESS),
	BK_WARN_LIMIT(BURNKIT_FILE_THROTTLE_PERIOD),
	BK_WARN_LIMIT(BURNKIT_FILE_THROTTLE_INJECT),
	BK_WARN_LIMIT(BURNKIT_FILE_PAGECACHE),
	BK_WARN_LIMIT(NULL),	/* any other name */
};

void bk_warn_write(const char *file, const char *why)
{
	struct bk_warn_limit *l = bk_warn_limits;

	while (l->file && strcmp(l->file, file))
		l++;
	if (__ratelimit(&l->rs))
		pr_warn("%s: rejected write: %s\n", file, why);
}

int bk_control_allowed(const char *file)
{
	if (capable(CAP_SYS_ADMIN))
		return 0;
	bk_warn_write(file, "needs CAP_SYS_ADMIN");
	return -EPERM;
}

int bk_copy_command(char *buf, size_t size, const char __user *ubuf,
		    size_t count, const char *file)
{
	size_t i;

	if (count == 0) {
		bk_warn_write(file, "empty");
		return -EINVAL;
	}
	if (count >= size) {
		bk_warn_write(file, "too long");
		return -EINVAL;
	}
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	if (buf[count - 1] == '\n')
		buf[--count] = '\0';
	if (count == 0) {
		bk_warn_write(file, "empty");
		return -EINVAL;
	}
	/* Bytes from 0x80 on pass: paths may be UTF-8. */
	for (i = 0; i < count; i++) {
		unsigned char c = buf[i];

		if (c < 0x20 || c == 0x7f) {
			bk_warn_write(file, "control character");
			return -EINVAL;
		}
	}
	return 0;
}

int bk_parse_u32_list(const char *buf, u32 *vals, int min_n, int max_n,
		      const char *file)
{
	char word[16];
	const char *p = buf;
	int n = 0;

	for (;;) {
		size_t len = strcspn(p, " ");

		if (n == max_n) {
			bk_warn_write(file, "too many numbers");
			return -EINVAL;
		}
		if (len == 0 || len >= sizeof(word)) {
			bk_warn_write(file, "expected decimal numbers separated by single spaces");
			return -EINVAL;
		}
		memcpy(word, p, len);
		word[len] = '\0';
		/* kstrtou32 would take "+5": digits only. */
		if (!isdigit(word[0]) || kstrtou32(word, 10, &vals[n])) {
			bk_warn_write(file, "not a decimal number in range");
			return -EINVAL;
		}
		n++;
		p += len;
		if (*p == '\0')
			break;
		p++;	/* the single space */
	}
	if (n < min_n) {
		bk_warn_write(file, "too few numbers");
		return -EINVAL;
	}
	return n;
}

void bk_seq_u64_or_unsupported(struct seq_file *m, bool ok, u64 v, char end)
{
	if (ok)
		seq_printf(m, "%llu%c", v, end);
	else
		seq_printf(m, "%s%c", BURNKIT_UNSUPPORTED, end);
}

ssize_t bk_attr_write_u32(struct file *file, const char __user *ubuf,
			  size_t count, int (*set)(void *data, u64 val),
			  const char *name)
{
	struct dentry *dentry = file->f_path.dentry;
	char buf[BURNKIT_WRITE_MAX];
	u32 val;
	int ret;

	ret = bk_control_allowed(name);
	if (ret)
		return ret;
	ret = bk_copy_command(buf, sizeof(buf), ubuf, count, name);
	if (ret)
		return ret;
	ret = bk_parse_u32_list(buf, &val, 1, 1, name);
	if (ret < 0)
		return ret;
	/* As debugfs_attr_write(): the file may be going away (unsafe fops). */
	ret = debugfs_file_get(dentry);
	if (ret)
		return ret;
	ret = set(file_inode(file)->i_private, val);
	debugfs_file_put(dentry);
	return ret ? ret : count;
}
