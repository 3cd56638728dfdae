// SPDX-License-Identifier: MIT
/*
 * storage/devid: from a path or a block device to what sysfs says of the
 * device behind it, for the opening lines of every drive log and the
 * "device" object of its start record.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "storage/devid.h"
#include "util.h"

/* dir/file, first line trimmed, into out; 0 when there is something. */
static int attr(const char *dir, const char *file, char *out, size_t len)
{
	char path[4096];
	FILE *f;

	out[0] = '\0';
	if (snprintf(path, sizeof(path), "%s/%s", dir, file) >= (int)sizeof(path))
		return -1;
	f = fopen(path, "re");
	if (!f)
		return -1;
	if (!fgets(out, (int)len, f))
		out[0] = '\0';
	fclose(f);
	bk_rstrip(out);
	return out[0] ? 0 : -1;
}

static int has(const char *dir, const char *file)
{
	char path[4096];

	if (snprintf(path, sizeof(path), "%s/%s", dir, file) >= (int)sizeof(path))
		return 0;
	return access(path, F_OK) == 0;
}

static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* Mount points in mountinfo escape space, tab, newline and \ as \ooo. */
static void unescape(char *s)
{
	char *o = s;

	for (; *s; s++, o++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] && s[3]) {
			*o = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			*o = *s;
		}
	}
	*o = '\0';
}

/*
 * The mount of device maj:min in root's mountinfo: when path is given, the
 * one whose mount point is the longest prefix of it (bind mounts), else the
 * first. Fills fstype and mount, and the mount's source into src.
 */
static int find_mount(struct bk_devid *d, const char *root, unsigned maj, unsigned min,
		      const char *path, char *src, size_t srclen)
{
	char file[4096], line[8192], want[32];
	size_t best = 0;
	int found = 0;
	FILE *f;

	snprintf(file, sizeof(file), "%s/proc/self/mountinfo", root);
	f = fopen(file, "re");
	if (!f)
		return 0;
	snprintf(want, sizeof(want), "%u:%u", maj, min);
	while (fgets(line, sizeof(line), f)) {
		char *save = NULL, *field[5] = { 0 }, *dash, *fstype, *source;
		char *p = line;
		int n;

		dash = strstr(line, " - ");
		if (!dash)
			continue;
		*dash = '\0';
		for (n = 0; n < 5 && (field[n] = strtok_r(p, " ", &save)); n++)
			p = NULL;
		if (n < 5 || strcmp(field[2], want))
			continue;
		unescape(field[4]);
		if (path) {
			size_t l = strlen(field[4]);

			if (strcmp(field[4], "/") &&
			    (strncmp(path, field[4], l) || (path[l] && path[l] != '/')))
				continue;
			if (found && l <= best)
				continue;
			best = l;
		} else if (found) {
			continue;
		}
		save = NULL;
		fstype = strtok_r(dash + 3, " \n", &save);
		source = strtok_r(NULL, " \n", &save);
		bk_strlcpy(d->fstype, fstype ? fstype : "", sizeof(d->fstype));
		bk_strlcpy(d->mount, field[4], sizeof(d->mount));
		bk_strlcpy(src, source ? source : "", srclen);
		found = 1;
	}
	fclose(f);
	return found;
}

/* The bus, from where the disk sits under /sys/devices. */
static const char *bus_of(const char *devpath)
{
	static const struct {
		const char *part, *bus;
	} buses[] = {
		{ "/usb", "usb" },	/* first: a USB card reader is USB, then SCSI */
		{ "/mmc_host/", "mmc" },
		{ "/nvme", "nvme" },
		{ "/virtio", "virtio" },
		{ "/ata", "ata" },
		{ "/target", "scsi" },
		{ "/devices/virtual/", "virtual" },
	};

	for (size_t i = 0; i < BK_ARRAY_SIZE(buses); i++)
		if (strstr(devpath, buses[i].part))
			return buses[i].bus;
	return "";
}

/* The USB device a disk hangs from: the nearest parent with idVendor and speed. */
static void usb_of(struct bk_devid *d, const char *disk_dir)
{
	char dir[4096], v[64], p[64];

	if (!realpath(disk_dir, dir))
		return;
	for (char *s; (s = strrchr(dir, '/')) && s != dir; *s = '\0') {
		if (!has(dir, "idVendor") || attr(dir, "speed", v, sizeof(v)))
			continue;
		d->usb_mbps = strtod(v, NULL);
		if (!attr(dir, "idVendor", v, sizeof(v)) && !attr(dir, "idProduct", p, sizeof(p)))
			snprintf(d->usb_id, sizeof(d->usb_id), "%.4s:%.4s", v, p);
		if (!d->vendor[0])
			attr(dir, "manufacturer", d->vendor, sizeof(d->vendor));
		if (!d->model[0])
			attr(dir, "product", d->model, sizeof(d->model));
		if (!d->serial[0])
			attr(dir, "serial", d->serial, sizeof(d->serial));
		return;
	}
}

/* A SCSI disk's unit serial number: VPD page 0x80, a 4-byte header then ASCII. */
static void scsi_serial(struct bk_devid *d, const char *dev)
{
	char path[4096], buf[132], *p;
	size_t n, len;
	FILE *f;

	if (snprintf(path, sizeof(path), "%s/vpd_pg80", dev) >= (int)sizeof(path))
		return;
	f = fopen(path, "re");
	if (!f)
		return;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	if (n < 4 || (unsigned char)buf[1] != 0x80)
		return;
	len = (size_t)(unsigned char)buf[2] << 8 | (unsigned char)buf[3];
	if (len > n - 4)
		len = n - 4;
	buf[4 + len] = '\0';
	for (p = buf + 4; *p; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
			return;
	for (p = buf + 4; *p == ' '; p++)
		;
	bk_strlcpy(d->serial, p, sizeof(d->serial));
	bk_rstrip(d->serial);
}

/* An SD card or eMMC: its registers from the card's directory. */
static void mmc_of(struct bk_devid *d, const char *card)
{
	char hex[160], date[32];
	unsigned m, y;

	attr(card, "type", d->mmc_type, sizeof(d->mmc_type));
	if (!attr(card, "cid", hex, sizeof(hex)) &&
	    !bk_sd_cid_decode(hex, !strcmp(d->mmc_type, "MMC"), &d->cid))
		bk_strlcpy(d->cid_hex, hex, sizeof(d->cid_hex));
	/* The kernel knows the eMMC date's base year (1997, or 2013 from v4.41) */
	if (d->cid.valid && !attr(card, "date", date, sizeof(date)) &&
	    sscanf(date, "%u/%u", &m, &y) == 2 && m >= 1 && m <= 12) {
		d->cid.month = m;
		d->cid.year = y;
	}
	if (strcmp(d->mmc_type, "MMC") && !attr(card, "csd", hex, sizeof(hex)))
		bk_sd_csd_decode(hex, &d->csd);
	if (!attr(card, "scr", hex, sizeof(hex)))
		bk_sd_scr_decode(hex, &d->scr);
	if (!attr(card, "ssr", hex, sizeof(hex)))
		bk_sd_ssr_decode(hex, &d->ssr);
	attr(card, "name", d->model, sizeof(d->model));
	if (d->cid.valid) {
		const char *maker = bk_sd_maker(d->cid.mid);

		if (maker && strcmp(d->mmc_type, "MMC"))
			bk_strlcpy(d->vendor, maker, sizeof(d->vendor));
		if (!d->model[0])
			bk_strlcpy(d->model, d->cid.name, sizeof(d->model));
		snprintf(d->serial, sizeof(d->serial), "0x%08x", d->cid.serial);
	}
}

/* Fill d from /sys/dev/block/maj:min under root (d's mount kept when known). */
static int resolve(struct bk_devid *d, unsigned maj, unsigned min, const char *root)
{
	char link[4096], dev_dir[4096], disk_dir[4096], dev[4096], v[64], src[512];

	d->major = maj;
	d->minor = min;
	snprintf(link, sizeof(link), "%s/sys/dev/block/%u:%u", root, maj, min);
	if (!realpath(link, dev_dir)) {
		snprintf(d->why, sizeof(d->why), "block device %u:%u is not in /sys/dev/block",
			 maj, min);
		return 0;
	}
	d->found = 1;
	d->why[0] = '\0';
	bk_strlcpy(d->name, base(dev_dir), sizeof(d->name));
	bk_strlcpy(disk_dir, dev_dir, sizeof(disk_dir));
	if (has(dev_dir, "partition"))
		*strrchr(disk_dir, '/') = '\0';
	bk_strlcpy(d->disk, base(disk_dir), sizeof(d->disk));
	if (!attr(disk_dir, "size", v, sizeof(v)))
		d->disk_bytes = strtoull(v, NULL, 10) * 512;
	bk_strlcpy(d->bus, bus_of(disk_dir + strlen(root)), sizeof(d->bus));
	if (snprintf(dev, sizeof(dev), "%s/device", disk_dir) >= (int)sizeof(dev))
		return 1;
	if (!strcmp(d->bus, "mmc")) {
		mmc_of(d, dev);
	} else {
		attr(dev, "vendor", d->vendor, sizeof(d->vendor));
		if (!strncmp(d->vendor, "0x", 2))	/* virtio: a PCI vendor number */
			d->vendor[0] = '\0';
		attr(dev, "model", d->model, sizeof(d->model));
		if (attr(dev, "serial", d->serial, sizeof(d->serial)) &&
		    attr(disk_dir, "serial", d->serial, sizeof(d->serial)))
			scsi_serial(d, dev);
		if (!d->model[0] && !strcmp(d->bus, "virtio"))
			bk_strlcpy(d->model, "virtio block device", sizeof(d->model));
	}
	if (!strcmp(d->bus, "usb"))
		usb_of(d, dev);
	if (!d->fstype[0])
		find_mount(d, root, maj, min, NULL, src, sizeof(src));
	return 1;
}

int bk_devid_from_dev(struct bk_devid *d, unsigned maj, unsigned min, const char *root)
{
	memset(d, 0, sizeof(*d));
	return resolve(d, maj, min, bk_sysroot(root));
}

int bk_devid_from_path(struct bk_devid *d, const char *path, const char *root)
{
	char real[4096], src[512], node[4096];
	struct stat st;

	memset(d, 0, sizeof(*d));
	root = bk_sysroot(root);
	if (stat(path, &st)) {
		snprintf(d->why, sizeof(d->why), "%s: %s", path, strerror(errno));
		return 0;
	}
	if (S_ISBLK(st.st_mode))
		return resolve(d, major(st.st_rdev), minor(st.st_rdev), root);
	if (!realpath(path, real))
		bk_strlcpy(real, path, sizeof(real));
	src[0] = '\0';
	find_mount(d, root, major(st.st_dev), minor(st.st_dev), real, src, sizeof(src));
	if (resolve(d, major(st.st_dev), minor(st.st_dev), root))
		return 1;
	/* btrfs and the like give their files an anonymous st_dev: the mount's source */
	snprintf(node, sizeof(node), "%s%s", root, src);
	if (!strncmp(src, "/dev/", 5) && !stat(node, &st) && S_ISBLK(st.st_mode))
		return resolve(d, major(st.st_rdev), minor(st.st_rdev), root);
	snprintf(d->why, sizeof(d->why), "%s has no block device", d->fstype[0] ? d->fstype :
		 "this file system");
	return 0;
}

struct text {
	char *buf;
	size_t len, used;
};

static void put(struct text *t, const char *fmt, ...) BK_PRINTF(2, 3);
static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->used >= t->len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->used, t->len - t->used, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->used += (size_t)n < t->len - t->used ? (size_t)n : t->len - t->used - 1;
}

static const char *sd_kind(const struct bk_devid *d)
{
	if (!strcmp(d->mmc_type, "MMC"))
		return "eMMC/MMC";
	if (!strcmp(d->mmc_type, "SD"))
		return "SD card";
	return d->mmc_type[0] ? d->mmc_type : "MMC device";
}

static void sd_text(const struct bk_devid *d, struct text *t)
{
	const struct bk_sd_cid *c = &d->cid;
	const char *maker = bk_sd_maker(c->mid);

	if (!c->valid)
		return;
	put(t, " %s: \"%s\" rev %u.%u, serial 0x%08x", sd_kind(d), c->name, c->rev_major,
	    c->rev_minor, c->serial);
	if (c->year)
		put(t, ", made %02u/%u", c->month, c->year);
	put(t, "\n  manufacturer 0x%02x (%s), OEM 0x%04x%s%s%s; CID %s\n", c->mid,
	    maker && strcmp(d->mmc_type, "MMC") ? maker : "not in burnkit's table", c->oid,
	    c->oem[0] ? " \"" : "", c->oem, c->oem[0] ? "\"" : "", d->cid_hex);
	if (!d->csd.valid && !d->scr.valid && !d->ssr.valid)
		return;
	put(t, " ");
	if (d->csd.valid)
		put(t, " CSD v%u.0: %llu bytes;", d->csd.version,
		    (unsigned long long)d->csd.bytes);
	if (d->scr.valid)
		put(t, " SCR: SD %s, bus widths%s%s;", d->scr.spec,
		    d->scr.bus_widths & 1 ? " 1" : "", d->scr.bus_widths & 4 ? " 4" : "");
	if (d->ssr.valid) {
		put(t, " status: %u-bit bus, speed class %u", d->ssr.bus_width,
		    d->ssr.speed_class);
		if (d->ssr.uhs_grade)
			put(t, ", U%u", d->ssr.uhs_grade);
		if (d->ssr.video_class)
			put(t, ", V%u", d->ssr.video_class);
		if (d->ssr.app_class)
			put(t, ", A%u", d->ssr.app_class);
		put(t, ";");
	}
	t->buf[--t->used] = '\0';	/* the last ';' */
	put(t, "\n");
}

void bk_devid_text(const struct bk_devid *d, char *buf, size_t len)
{
	struct text t = { buf, len, 0 };

	buf[0] = '\0';
	if (!d->found) {
		put(&t, " Device: unknown (%s)\n", d->why);
	} else {
		put(&t, " Device: /dev/%s", d->name);
		if (strcmp(d->name, d->disk))
			put(&t, ", partition of /dev/%s", d->disk);
		if (d->disk_bytes >= 1000000000)
			put(&t, " (%u:%u), %.1f GB", d->major, d->minor, d->disk_bytes / 1e9);
		else
			put(&t, " (%u:%u), %.1f MB", d->major, d->minor, d->disk_bytes / 1e6);
		if (d->bus[0])
			put(&t, ", bus %s", d->bus);
		if (d->usb_mbps > 0)
			put(&t, " (%g Mbit/s%s%s)", d->usb_mbps, d->usb_id[0] ? ", " : "",
			    d->usb_id);
		put(&t, "\n");
		if (!d->cid.valid && (d->vendor[0] || d->model[0] || d->serial[0]))
			put(&t, " Model: %s%s%s%s%s\n", d->vendor, d->vendor[0] ? " " : "",
			    d->model[0] ? d->model : "(no model)",
			    d->serial[0] ? ", serial " : "", d->serial);
		sd_text(d, &t);
	}
	if (d->fstype[0])
		put(&t, " File system: %s on %s\n", d->fstype, d->mount);
}

void bk_devid_short(const struct bk_devid *d, char *buf, size_t len)
{
	if (!d->found)
		snprintf(buf, len, "%s (no block device)", d->fstype[0] ? d->fstype : "unknown");
	else
		snprintf(buf, len, "/dev/%s (%s%s%s)", d->name, d->model[0] ? d->model : d->disk,
			 d->bus[0] ? ", " : "", d->bus);
}

static void str_or_null(struct bk_json *j, const char *key, const char *v)
{
	bk_json_str(j, key, v && v[0] ? v : NULL);
}

void bk_devid_json(const struct bk_devid *d, struct bk_json *j)
{
	char v[32];

	bk_json_bool(j, "found", d->found);
	if (!d->found) {
		bk_json_str(j, "why", d->why);
	} else {
		bk_json_str(j, "name", d->name);
		bk_json_str(j, "disk", d->disk);
		snprintf(v, sizeof(v), "%u:%u", d->major, d->minor);
		bk_json_str(j, "devno", v);
		bk_json_uint(j, "disk_bytes", (unsigned long long)d->disk_bytes);
		str_or_null(j, "bus", d->bus);
		str_or_null(j, "vendor", d->vendor);
		str_or_null(j, "model", d->model);
		str_or_null(j, "serial", d->serial);
		if (d->usb_mbps > 0)
			bk_json_real(j, "usb_mbps", d->usb_mbps);
		if (d->usb_id[0])
			bk_json_str(j, "usb_id", d->usb_id);
	}
	str_or_null(j, "fstype", d->fstype);
	str_or_null(j, "mount", d->mount);
	if (!d->cid.valid)
		return;
	bk_json_object_begin(j, "mmc");
	str_or_null(j, "type", d->mmc_type);
	bk_json_str(j, "cid", d->cid_hex);
	bk_json_uint(j, "manfid", d->cid.mid);
	bk_json_str(j, "manufacturer", strcmp(d->mmc_type, "MMC") ? bk_sd_maker(d->cid.mid) :
		    NULL);
	bk_json_uint(j, "oemid", d->cid.oid);
	bk_json_str(j, "product", d->cid.name);
	snprintf(v, sizeof(v), "%u.%u", d->cid.rev_major, d->cid.rev_minor);
	bk_json_str(j, "revision", v);
	snprintf(v, sizeof(v), "0x%08x", d->cid.serial);
	bk_json_str(j, "serial", v);
	if (d->cid.year) {
		snprintf(v, sizeof(v), "%04u-%02u", d->cid.year, d->cid.month);
		bk_json_str(j, "date", v);
	}
	if (d->csd.valid) {
		bk_json_uint(j, "csd_version", d->csd.version);
		bk_json_uint(j, "csd_bytes", (unsigned long long)d->csd.bytes);
	}
	if (d->scr.valid) {
		bk_json_str(j, "sd_spec", d->scr.spec);
		bk_json_uint(j, "bus_widths", d->scr.bus_widths);
	}
	if (d->ssr.valid) {
		bk_json_uint(j, "bus_width", d->ssr.bus_width);
		bk_json_uint(j, "speed_class", d->ssr.speed_class);
		bk_json_uint(j, "uhs_grade", d->ssr.uhs_grade);
		bk_json_uint(j, "video_class", d->ssr.video_class);
		bk_json_uint(j, "app_class", d->ssr.app_class);
	}
	bk_json_object_end(j);
}
