// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * Page-cache control for drive tests: write one file's (or block device's)
 * dirty pages back, drop its cached pages, and count them before and after,
 * so that a read phase measures the drive and not memory.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/backing-dev.h>
#include <linux/cred.h>
#include <linux/debugfs.h>
#include <linux/fadvise.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/limits.h>
#include <linux/mm.h>
#include <linux/mount.h>
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

/*
 * Why PATH's inode is not something to count or drop, or NULL: a regular
 * file of a file system with a backing store (a block device, a network
 * server: a writeback bdi), or a block device on a mount that allows
 * device nodes. procfs, sysfs, debugfs, tmpfs and the like have nothing to
 * write back to; opening a character device or a FIFO can have effects
 * (a watchdog arms, a writer wakes), so they are never opened.
 */
static const char *bk_pagecache_refusal(const struct path *path)
{
	struct inode *inode = d_backing_inode(path->dentry);

	if (S_ISBLK(inode->i_mode))
		return path->mnt->mnt_flags & MNT_NODEV ?
		       "block device on a nodev mount" : NULL;
	if (!S_ISREG(inode->i_mode))
		return "not a regular file or block device";
	if (inode->i_sb->s_bdi == &noop_backing_dev_info)
		return "file system without a backing store (procfs, sysfs, debugfs, tmpfs, ...)";
	return NULL;
}

/*
 * One lookup: the path found is the one checked and the one opened
 * (dentry_open), so a symlink switched in between cannot make us open
 * what was never checked.
 */
static int bk_pagecache_run(struct bk_pagecache_result *r)
{
	struct address_space *mapping;
	const char *why;
	struct path path;
	struct file *f;
	int ret;

	ret = kern_path(r->path, LOOKUP_FOLLOW, &path);
	if (ret)
		return ret;
	why = bk_pagecache_refusal(&path);
	if (why) {
		bk_warn_write(BURNKIT_FILE_PAGECACHE, why);
		ret = -EINVAL;
		goto out_path;
	}
	/* The writer must be allowed to read it, as open(2) would ask. */
	ret = path_permission(&path, MAY_READ);
	if (ret)
		goto out_path;
	f = dentry_open(&path, O_RDONLY | O_LARGEFILE | O_NOCTTY | O_NONBLOCK,
			current_cred());
	if (IS_ERR(f)) {
		ret = PTR_ERR(f);
		goto out_path;
	}
	mapping = f->f_mapping;
	r->before = READ_ONCE(mapping->nrpages);
	if (r->drop) {
		ret = filemap_write_and_wait(mapping);
		if (ret)
			goto out_close;
		/*
		 * fadvise's DONTNEED, not invalidate_mapping_pages() alone: a
		 * page still in a CPU's LRU batch cannot be invalidated, and
		 * only fadvise drains the batches (every CPU's when one is
		 * left) and tries again. A read on another CPU just before the
		 * drop left 8 pages of a file in RAM under QEMU.
		 */
		ret = vfs_fadvise(f, 0, 0, POSIX_FADV_DONTNEED);
		if (ret)
			goto out_close;
	}
	r->after = READ_ONCE(mapping->nrpages);
	r->valid = true;
out_close:
	fput(f);
out_path:
	path_put(&path);
	return ret;
}

static ssize_t bk_pagecache_command(struct bk_pagecache_result *r,
				    const char __user *ubuf, size_t count)
{
	const char *path;
	int ret;

	r->valid = false;
	ret = bk_control_allowed(BURNKIT_FILE_PAGECACHE);
	if (ret)
		return ret;
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
