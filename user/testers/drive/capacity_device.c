// SPDX-License-Identifier: MIT
/*
 * capacity_device: `burnkit capacity --device /dev/X --destructive`, a block
 * device probed directly, f3probe-style. Units are written at chosen
 * offsets (every 1 MiB up to 1 GiB, then 1024 offsets per doubling),
 * highest first, then every unit of the first step: a unit a fake device
 * maps onto a lower address is overwritten by that address's own unit
 * afterwards. Read back, the lowest offset that does not hold its own unit
 * bounds the real size. The
 * 1 MiB around it is then written again, unit by unit, with the lowest
 * 1 MiB after it (a new run id), and read back: the first unit that is not
 * its own is the real size to the byte (4 KB), whether the device wraps at
 * a power of two or not (f3#144), or drops the writes beyond it. --full
 * confirms with a write and read of every unit. The device must not be
 * mounted nor hold the root file system; its model and size are typed back
 * before anything is written (or --yes-destroy-data-on names it).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "capacity.h"
#include "storage/dio.h"

#define MIB (1ull << 20)

/* /sys/class/block/NAME/FILE, trimmed; "" when there is none. */
static void sys_attr(const char *name, const char *file, char *out, size_t len)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/class/block/%s/%s", name, file);
	out[0] = '\0';
	f = fopen(path, "re");
	if (!f)
		return;
	if (fgets(out, (int)len, f))
		bk_rstrip(out);
	fclose(f);
}

/* The whole disk a block device number belongs to (itself, or a partition's parent). */
static dev_t disk_of(dev_t dev)
{
	char path[128], link[512], parent[64];
	unsigned maj, min;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/partition", major(dev), minor(dev));
	if (access(path, F_OK))
		return dev;
	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/../dev", major(dev), minor(dev));
	f = fopen(path, "re");
	if (!f)
		return dev;
	if (fscanf(f, "%u:%u", &maj, &min) == 2)
		dev = makedev(maj, min);
	fclose(f);
	(void)link;
	(void)parent;
	return dev;
}

/* Is any file system on this disk (or its partitions) mounted? Its mount point. */
static int mounted_on(dev_t disk, char *where, size_t len)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096];
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		unsigned maj, min;
		char mnt[2048];

		if (sscanf(line, "%*u %*u %u:%u %*s %2047s", &maj, &min, mnt) != 3)
			continue;
		if (disk_of(makedev(maj, min)) == disk && (maj || min)) {
			bk_strlcpy(where, mnt, len);
			found = 1;
		}
	}
	fclose(f);
	return found;
}

static int confirm(struct cap_run *c, const char *dev, const char *model, uint64_t size)
{
	const char *yes = bk_param_str(&c->ctx->params, "yes-destroy-data-on");
	char want[256], line[256];

	if (yes) {
		if (strcmp(yes, dev)) {
			pr_fail("--yes-destroy-data-on %s does not name --device %s", yes, dev);
			return BK_EXIT_USAGE;
		}
		return 0;
	}
	snprintf(want, sizeof(want), "%s %llu", model, (unsigned long long)size);
	fprintf(stderr, "burnkit capacity: this destroys all data on %s (%s, %llu bytes).\n"
		"Type its model and size to go on: %s\n> ", dev, model,
		(unsigned long long)size, want);
	fflush(stderr);
	if (!fgets(line, sizeof(line), stdin)) {
		pr_fail("%s: no confirmation typed: nothing written (or give "
			"--yes-destroy-data-on %s)", dev, dev);
		return BK_EXIT_USAGE;
	}
	bk_rstrip(line);
	if (strcmp(line, want)) {
		pr_fail("%s: the confirmation \"%s\" is not \"%s\": nothing written", dev, line,
			want);
		return BK_EXIT_USAGE;
	}
	return 0;
}

/*
 * Write one unit (global index g) of map m; 0 or -errno. A unit the device
 * fails to write (EIO: a bad region) is no reason to stop: reading it back
 * judges it (unreadable, or not its own), and the probe goes on.
 */
static int put_unit(int fd, const struct cap_map *m, uint64_t g, void *buf)
{
	struct bk_layout l;
	int e;

	cap_layout(m, 1, &l);
	bk_layout_fill(&l, buf, g * BK_UNIT_BYTES, BK_UNIT_BYTES);
	e = bk_pwrite_full(fd, buf, BK_UNIT_BYTES, g * BK_UNIT_BYTES, NULL);
	return e == -EIO ? 0 : e;
}

static void get_unit(int fd, struct cap_map *m, uint64_t g, void *buf)
{
	if (bk_pread_full(fd, buf, BK_UNIT_BYTES, g * BK_UNIT_BYTES, NULL))
		cap_unreadable(m, g);
	else
		cap_judge(m, g, buf);
}

static int settle(int fd)
{
	if (fsync(fd))
		return -errno;
	ioctl(fd, BLKFLSBUF, 0);	/* and nothing of it left in the page cache */
	return 0;
}

/*
 * The probe offsets, as unit indexes, ascending; their number. *dense: the
 * largest step between two, in units: every unit below it is written too.
 */
static uint64_t probe_points(uint64_t units, uint64_t *out, uint64_t max, uint64_t *dense)
{
	uint64_t n = 0, step = MIB / BK_UNIT_BYTES, u = 0;

	*dense = step;
	while (u < units && n < max) {
		out[n++] = u;
		if (u >= (1ull << 30) / BK_UNIT_BYTES) {
			/* Beyond 1 GiB: 1024 points per doubling. */
			uint64_t s = 1;

			while (s * 2 * 1024 <= u)
				s *= 2;
			step = s;
			if (step > *dense)
				*dense = step;
		}
		u += step;
	}
	if (n < max && units && out[n - 1] != units - 1)
		out[n++] = units - 1;	/* the last unit too */
	if (*dense > units)
		*dense = units;
	return n;
}

/*
 * Write the probe units highest first, then every unit below `dense`: a
 * unit the device stores at (offset mod real size) lands there, and the
 * first probe point past the real size maps below one step, where the
 * dense units written after it overwrite it. Read back, it is not its own.
 */
int cap_probe(struct cap_run *c, int fd, uint64_t units, void *buf)
{
	static uint64_t pts[64 * 1024];
	uint64_t dense, n = probe_points(units, pts, BK_ARRAY_SIZE(pts), &dense), good = 0, bad;
	struct cap_map coarse;
	int e;

	cap_map_init(&coarse, c->map.run, units * BK_UNIT_BYTES, units * BK_UNIT_BYTES);
	for (uint64_t i = n; i-- > 0;)
		if ((e = put_unit(fd, &coarse, pts[i], buf)))
			return e;
	for (uint64_t g = dense; g-- > 0;)
		if ((e = put_unit(fd, &coarse, g, buf)))
			return e;
	if ((e = settle(fd)))
		return e;
	for (uint64_t i = 0; i < n; i++)
		get_unit(fd, &coarse, pts[i], buf);
	bk_out(&c->ctx->log, " Probe: %llu units at chosen offsets and the first %llu, %llu "
	       "of the chosen ones good\n", (unsigned long long)n, (unsigned long long)dense,
	       (unsigned long long)coarse.count[CAP_OK]);
	bad = coarse.first_bad;
	if (bad == coarse.total_units) {
		c->map = coarse;	/* every probe unit is its own */
		return 0;
	}
	for (uint64_t i = 0; i < n && pts[i] < bad; i++)
		good = pts[i];
	/* The exact boundary: (good, bad] unit by unit, then [0, bad - good) after it. */
	cap_map_init(&c->map, c->map.run + 1, units * BK_UNIT_BYTES, units * BK_UNIT_BYTES);
	for (uint64_t g = bad; g > good; g--)
		if ((e = put_unit(fd, &c->map, g, buf)))
			return e;
	for (uint64_t g = bad - good; g-- > 0;)
		if ((e = put_unit(fd, &c->map, g, buf)))
			return e;
	if ((e = settle(fd)))
		return e;
	for (uint64_t g = 0; g < bad - good; g++)
		get_unit(fd, &c->map, g, buf);
	for (uint64_t g = good + 1; g <= bad; g++)
		get_unit(fd, &c->map, g, buf);
	for (unsigned i = 0; i < coarse.nnotes && c->map.nnotes < CAP_MAX_NOTES; i++)
		snprintf(c->map.notes[c->map.nnotes++], sizeof(c->map.notes[0]), "probe: %s",
			 coarse.notes[i]);
	if (c->map.first_bad > bad)
		c->map.first_bad = bad;	/* the probe's own finding stands */
	return 0;
}

/* --full: every unit written, then read back. */
static int full_pass(struct cap_run *c, int fd, uint64_t units, void *buf)
{
	double t0 = (double)bk_now_ns() / 1e9;
	int e;

	cap_map_init(&c->map, c->map.run + 2, units * BK_UNIT_BYTES, units * BK_UNIT_BYTES);
	for (uint64_t g = 0; g < units && !bk_stop_requested(); g++) {
		double t = (double)bk_now_ns() / 1e9;

		if ((e = put_unit(fd, &c->map, g, buf)))
			return e;
		cap_time(&c->map, g * BK_UNIT_BYTES, BK_UNIT_BYTES, (double)bk_now_ns() / 1e9 - t, 1);
		cap_progress(c, "writing", (g + 1) * BK_UNIT_BYTES, units * BK_UNIT_BYTES, t0);
	}
	if ((e = settle(fd)))
		return e;
	t0 = (double)bk_now_ns() / 1e9;
	for (uint64_t g = 0; g < units && !bk_stop_requested(); g++) {
		double t = (double)bk_now_ns() / 1e9;

		get_unit(fd, &c->map, g, buf);
		cap_time(&c->map, g * BK_UNIT_BYTES, BK_UNIT_BYTES, (double)bk_now_ns() / 1e9 - t, 0);
		cap_progress(c, "reading", (g + 1) * BK_UNIT_BYTES, units * BK_UNIT_BYTES, t0);
	}
	return 0;
}

int cap_device_mode(struct cap_run *c)
{
	const struct bk_params *p = &c->ctx->params;
	const char *dev = bk_param_str(p, "device"), *name;
	char model[128], vendor[64], where[2048];
	struct stat st, root;
	uint64_t size = 0;
	void *buf;
	int fd, rc, e;

	if (!bk_param_flag(p, "destructive")) {
		pr_fail("--device %s overwrites the whole device: add --destructive if that "
			"is what you want (or test a mounted card with --filepath)", dev);
		return BK_EXIT_USAGE;
	}
	if (stat(dev, &st) || !S_ISBLK(st.st_mode)) {
		pr_fail("--device %s: not a block device%s%s", dev, errno ? ": " : "",
			errno ? strerror(errno) : "");
		return BK_EXIT_USAGE;
	}
	if (geteuid()) {
		pr_inf("skipped: --device needs root (it writes the raw device)");
		return BK_EXIT_ENV;
	}
	if (!stat("/", &root) && disk_of(root.st_dev) == disk_of(st.st_rdev)) {
		pr_fail("--device %s holds the root file system: refused", dev);
		return BK_EXIT_USAGE;
	}
	if (mounted_on(disk_of(st.st_rdev), where, sizeof(where))) {
		pr_fail("--device %s: a file system on it is mounted at %s: unmount it first "
			"(nothing written)", dev, where);
		return BK_EXIT_USAGE;
	}
	fd = open(dev, O_RDWR | O_EXCL | O_DIRECT | O_CLOEXEC);
	if (fd < 0) {
		pr_fail("--device %s: cannot open it for writing, exclusively: %s", dev,
			strerror(errno));
		return errno == EBUSY ? BK_EXIT_USAGE : BK_EXIT_ENV;
	}
	if (ioctl(fd, BLKGETSIZE64, &size) || size < MIB) {
		pr_fail("--device %s: cannot read its size, or it is under 1 MiB", dev);
		close(fd);
		return BK_EXIT_ENV;
	}
	name = strrchr(dev, '/') ? strrchr(dev, '/') + 1 : dev;
	sys_attr(name, "device/vendor", vendor, sizeof(vendor));
	sys_attr(name, "device/model", model, sizeof(model));
	if (!model[0])
		bk_strlcpy(model, name, sizeof(model));
	rc = confirm(c, dev, model, size);
	if (rc) {
		close(fd);
		return rc;
	}
	c->claimed = size;
	c->device = dev;
	c->map.run = bk_drive_run_id();
	cap_map_init(&c->map, c->map.run, size / BK_UNIT_BYTES * BK_UNIT_BYTES,
		     size / BK_UNIT_BYTES * BK_UNIT_BYTES);
	cap_header(c, "Device", dev);
	bk_out(&c->ctx->log, " Model %s%s%s; all its data is being overwritten\n", vendor,
	       vendor[0] ? " " : "", model);
	bk_drive_identify(c->ctx, dev, NULL);
	buf = bk_dio_alloc(BK_UNIT_BYTES);
	if (!buf) {
		close(fd);
		return BK_EXIT_ENV;
	}
	e = cap_probe(c, fd, size / BK_UNIT_BYTES, buf);
	if (!e && bk_param_flag(p, "full") && !bk_stop_requested()) {
		uint64_t usable = cap_usable_bytes(&c->map);

		e = full_pass(c, fd, size / BK_UNIT_BYTES, buf);
		if (!e && cap_usable_bytes(&c->map) > usable)
			c->map.first_bad = usable / BK_UNIT_BYTES;	/* the probe's finding */
	}
	free(buf);
	close(fd);
	if (e) {
		pr_fail("--device %s: %s; the device reported an error (see dmesg)", dev,
			strerror(-e));
		return e == -EIO ? BK_EXIT_FAULT : BK_EXIT_ENV;
	}
	if (bk_stop_requested())
		return BK_EXIT_INTERRUPTED;
	return cap_report(c);
}
