// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * Page-cache control for drive tests: write one file's (or block device's)
 * dirty pages back, drop its cached pages, and count them before and after,
 * so that a read phase measures the drive and not memory.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/limits.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/namei.h>
#include <linux/pagemap.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <burnkit/abi.h>

#include "command.h"
#include "pagecache.h"

/* Result of the last command on one open file. */
struct bk_pagecache_result {
	struct mutex lock;	/* threads sharing the open file */
	bool valid;
	bool drop;
	unsigned long before;
	unsigned long after;
	char path[PATH_MAX];
	char cmd[PATH_MAX + 8];	/* scratch for the write */
};

static int pagecache_open(struct inode *inode, struct file *file)
{
	struct bk_pagecache_result *r = kzalloc(sizeof(*r), GFP_KERNEL);

	if (!r)
		return -ENOMEM;
	mutex_init(&r->lock);
	file->private_data = r;
	return nonseekable_open(inode, file);
}

static int pagecache_release(struct inode *inode, struct file *file)
{
	struct bk_pagecache_result *r = file->private_data;

	mutex_destroy(&r->lock);
	kfree(r);
	return 0;
}

static int bk_pagecache_run(struct bk_pagecache_result *r)
{
	struct address_space *mapping;
	struct path path;
	struct file *f;
	umode_t mode;
	int ret;

	/* Look before opening: opening some character devices has effects. */
	ret = kern_path(r->path, LOOKUP_FOLLOW, &path);
	if (ret)
		return ret;
	mode = d_backing_inode(path.dentry)->i_mode;
	path_put(&path);
	if (!S_ISREG(mode) && !S_ISBLK(mode)) {
		bk_warn_write(BURNKIT_FILE_PAGECACHE,
			      "not a regular file or block device");
		return -EINVAL;
	}

	f = filp_open(r->path, O_RDONLY | O_LARGEFILE | O_NOCTTY | O_NONBLOCK, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	mapping = f->f_mapping;
	if (!mapping || !(S_ISREG(file_inode(f)->i_mode) ||
			  S_ISBLK(file_inode(f)->i_mode))) {
		ret = -EINVAL;
		bk_warn_write(BURNKIT_FILE_PAGECACHE,
			      "not a regular file or block device");
		goto out_close;
	}
	r->before = READ_ONCE(mapping->nrpages);
	if (r->drop) {
		ret = filemap_write_and_wait(mapping);
		if (ret)
			goto out_close;
		invalidate_mapping_pages(mapping, 0, -1);
	}
	r->after = READ_ONCE(mapping->nrpages);
	r->valid = true;
out_close:
	filp_close(f, NULL);
	return ret;
}

static ssize_t bk_pagecache_command(struct bk_pagecache_result *r,
				   const char __user *ubuf, size_t count)
{
	const char *path;
	int ret;

	r->valid = false;
	ret = bk_copy_command(r->cmd, sizeof(r->cmd), ubuf, count,
			      BURNKIT_FILE_PAGECACHE);
	if (ret)
		return ret;
	if (!strncmp(r->cmd, "drop ", 5)) {
		r->drop = true;
	} else if (!strncmp(r->cmd, "count ", 6)) {
		r->drop = false;
	} else {
		bk_warn_write(BURNKIT_FILE_PAGECACHE,
			      "expected \"drop PATH\" or \"count PATH\"");
		return -EINVAL;
	}
	path = r->cmd + (r->drop ? 5 : 6);
	if (path[0] != '/' || strlen(path) >= sizeof(r->path)) {
		bk_warn_write(BURNKIT_FILE_PAGECACHE, "PATH must be absolute");
		return -EINVAL;
	}
	strscpy(r->path, path, sizeof(r->path));
	ret = bk_pagecache_run(r);
	return ret ? ret : count;
}

static ssize_t pagecache_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	struct bk_pagecache_result *r = file->private_data;
	ssize_t ret;

	if (mutex_lock_interruptible(&r->lock))
		return -EINTR;
	ret = bk_pagecache_command(r, ubuf, count);
	*ppos = 0;	/* the next read returns this result from its start */
	mutex_unlock(&r->lock);
	return ret;
}

static ssize_t pagecache_read(struct file *file, char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	struct bk_pagecache_result *r = file->private_data;
	char *buf;
	ssize_t ret;
	int len;

	buf = kmalloc(PATH_MAX + 64, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	if (mutex_lock_interruptible(&r->lock)) {
		kfree(buf);
		return -EINTR;
	}
	ret = 0;
	if (r->valid) {
		len = scnprintf(buf, PATH_MAX + 64, "%lu %lu %lu %s %s\n",
				r->before, r->after, PAGE_SIZE,
				r->drop ? "drop" : "count", r->path);
		ret = simple_read_from_buffer(ubuf, count, ppos, buf, len);
	}
	mutex_unlock(&r->lock);
	kfree(buf);
	return ret;
}

static const struct file_operations pagecache_fops = {
	.owner = THIS_MODULE,
	.open = pagecache_open,
	.release = pagecache_release,
	.read = pagecache_read,
	.write = pagecache_write,
};

int bk_pagecache_init(struct dentry *dir)
{
	debugfs_create_file(BURNKIT_FILE_PAGECACHE, 0600, dir, NULL,
			    &pagecache_fops);
	return 0;
}

void bk_pagecache_exit(void)
{
}
