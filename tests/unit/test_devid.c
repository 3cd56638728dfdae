// SPDX-License-Identifier: MIT
/*
 * storage/devid and storage/sdreg: SD registers decoded (QEMU's CID and
 * those of two retail cards as published with their raw dumps), and the
 * identity of an SD card, a USB stick, an NVMe drive and a virtio disk
 * read from fixture sysfs trees (the SD card's registers and the USB
 * stick's names as QEMU's sd-card and usb-bot + scsi-hd show them).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "storage/devid.h"
#include "storage/sdreg.h"

static const char *fixture(const char *name)
{
	static char path[1024];
	const char *base = getenv("BURNKIT_FIXTURES");

	snprintf(path, sizeof(path), "%s/devid/%s", base ? base : "tests/unit/fixtures", name);
	return path;
}

Test(sdreg, qemu_cid)
{
	struct bk_sd_cid c;

	cr_assert_eq(bk_sd_cid_decode("aa585951454d552101deadbeef006200", 0, &c), 0);
	cr_assert_eq(c.mid, 0xaa);
	cr_assert_eq(c.oid, 0x5859);
	cr_assert_str_eq(c.oem, "XY");
	cr_assert_str_eq(c.name, "QEMU!");
	cr_assert_eq(c.rev_major, 0);
	cr_assert_eq(c.rev_minor, 1);
	cr_assert_eq(c.serial, 0xdeadbeef);
	cr_assert_eq(c.year, 2006);
	cr_assert_eq(c.month, 2);
	cr_assert_null(bk_sd_maker(0xaa), "0xaa is QEMU's, no brand's");
}

/* A SanDisk Extreme 64 GB (A2, V30), raw registers as its owner published them */
Test(sdreg, sandisk_extreme_64gb)
{
	struct bk_sd_cid c;
	struct bk_sd_csd d;
	struct bk_sd_scr s;

	cr_assert_eq(bk_sd_cid_decode("035344534e363447867e650771016b8d", 0, &c), 0);
	cr_assert_eq(c.mid, 0x03);
	cr_assert_str_eq(bk_sd_maker(c.mid), "SanDisk");
	cr_assert_str_eq(c.oem, "SD");
	cr_assert_str_eq(c.name, "SN64G");
	cr_assert_eq(c.rev_major, 8);
	cr_assert_eq(c.rev_minor, 6);
	cr_assert_eq(c.serial, 0x7e650771);
	cr_assert_eq(c.year, 2022);
	cr_assert_eq(c.month, 11);
	cr_assert_eq(bk_sd_csd_decode("400e0032db790001dbd37f800a4040f9", &d), 0);
	cr_assert_eq(d.version, 2);
	cr_assert_eq(d.bytes, 124735488ull * 512, "C_SIZE 0x1dbd3: %llu",
		     (unsigned long long)d.bytes);
	cr_assert_eq(bk_sd_scr_decode("0245848700000000", &s), 0);
	cr_assert_str_eq(s.spec, "6.xx");
	cr_assert_eq(s.bus_widths, 5);
}

/* A Samsung EVO Select 128 GB */
Test(sdreg, samsung_evo_select_128gb)
{
	struct bk_sd_cid c;
	struct bk_sd_csd d;
	struct bk_sd_scr s;

	cr_assert_eq(bk_sd_cid_decode("1b534d474434515430c03055650125e9", 0, &c), 0);
	cr_assert_str_eq(bk_sd_maker(c.mid), "Samsung");
	cr_assert_str_eq(c.oem, "SM");
	cr_assert_str_eq(c.name, "GD4QT");
	cr_assert_eq(c.rev_major, 3);
	cr_assert_eq(c.rev_minor, 0);
	cr_assert_eq(c.serial, 0xc0305565);
	cr_assert_eq(c.year, 2018);
	cr_assert_eq(c.month, 5);
	cr_assert_eq(bk_sd_csd_decode("400e00325b590003b9ff7f800a4040ab", &d), 0);
	cr_assert_eq(d.bytes, 250085376ull * 512);
	cr_assert_eq(bk_sd_scr_decode("02c5800300000000", &s), 0);
	cr_assert_str_eq(s.spec, "3.0x");
}

/* Set bits hi..lo of a register written as hex text of nbits. */
static void set_bits(char *hex, unsigned nbits, unsigned hi, unsigned lo, unsigned v)
{
	for (unsigned b = lo; b <= hi; b++, v >>= 1) {
		unsigned pos = nbits - 1 - b, nib = pos / 4, bit = 3 - pos % 4;
		unsigned x = (unsigned)strtoul((char[]){ hex[nib], 0 }, NULL, 16);

		x = (x & ~(1u << bit)) | (v & 1) << bit;
		hex[nib] = "0123456789abcdef"[x];
	}
}

Test(sdreg, sd_status_classes)
{
	char hex[129];
	struct bk_sd_ssr s;
	struct bk_sd_cid c;

	memset(hex, '0', 128);
	hex[128] = '\0';
	set_bits(hex, 512, 511, 510, 2);	/* 4-bit bus */
	set_bits(hex, 512, 447, 440, 4);	/* class 10 */
	set_bits(hex, 512, 399, 396, 3);	/* U3 */
	set_bits(hex, 512, 391, 384, 30);	/* V30 */
	set_bits(hex, 512, 339, 336, 2);	/* A2 */
	cr_assert_eq(bk_sd_ssr_decode(hex, &s), 0);
	cr_assert_eq(s.bus_width, 4);
	cr_assert_eq(s.speed_class, 10);
	cr_assert_eq(s.uhs_grade, 3);
	cr_assert_eq(s.video_class, 30);
	cr_assert_eq(s.app_class, 2);
	cr_assert_neq(bk_sd_ssr_decode("00ff", &s), 0, "a short register is refused");
	cr_assert_neq(bk_sd_cid_decode("zz585951454d552101deadbeef006200", 0, &c), 0);
}

static void text_has(const struct bk_devid *d, const char *want)
{
	char text[2048];

	bk_devid_text(d, text, sizeof(text));
	cr_assert(strstr(text, want), "want \"%s\" in:\n%s", want, text);
}

Test(devid, qemu_sd_card_partition)
{
	struct bk_devid d;
	struct bk_json j;

	cr_assert_eq(bk_devid_from_dev(&d, 179, 1, fixture("sdcard")), 1, "%s", d.why);
	cr_assert_str_eq(d.name, "mmcblk0p1");
	cr_assert_str_eq(d.disk, "mmcblk0", "a partition's whole disk is its parent");
	cr_assert_str_eq(d.bus, "mmc");
	cr_assert_str_eq(d.mmc_type, "SD");
	cr_assert_str_eq(d.model, "QEMU!");
	cr_assert_str_eq(d.serial, "0xdeadbeef");
	cr_assert_eq(d.disk_bytes, 64ull << 20);
	cr_assert(d.cid.valid && d.cid.mid == 0xaa && d.cid.year == 2006 && d.cid.month == 2);
	cr_assert(d.csd.valid && d.csd.version == 1);
	cr_assert_eq(d.csd.bytes, 64ull << 20, "CSD v1: %llu", (unsigned long long)d.csd.bytes);
	cr_assert(d.scr.valid && !strcmp(d.scr.spec, "2.00") && d.scr.bus_widths == 5);
	cr_assert(d.ssr.valid && d.ssr.speed_class == 0 && d.ssr.app_class == 0,
		  "QEMU's SD status is all zeros");
	cr_assert_str_eq(d.fstype, "vfat");
	cr_assert_str_eq(d.mount, "/mnt/sd card", "mountinfo's \\040 is a space");
	text_has(&d, "Device: /dev/mmcblk0p1, partition of /dev/mmcblk0 (179:1)");
	text_has(&d, "SD card: \"QEMU!\" rev 0.1, serial 0xdeadbeef, made 02/2006");
	text_has(&d, "manufacturer 0xaa (not in burnkit's table), OEM 0x5859 \"XY\"");
	text_has(&d, "CSD v1.0: 67108864 bytes; SCR: SD 2.00, bus widths 1 4; status: 1-bit bus, "
		 "speed class 0\n");
	text_has(&d, "File system: vfat on /mnt/sd card");
	bk_json_init(&j);
	bk_json_object_begin(&j, NULL);
	bk_devid_json(&d, &j);
	bk_json_object_end(&j);
	cr_assert(strstr(bk_json_text(&j), "\"product\":\"QEMU!\""), "%s", bk_json_text(&j));
	cr_assert(strstr(bk_json_text(&j), "\"date\":\"2006-02\""), "%s", bk_json_text(&j));
	cr_assert(strstr(bk_json_text(&j), "\"bus\":\"mmc\""), "%s", bk_json_text(&j));
	bk_json_free(&j);
}

Test(devid, usb_stick)
{
	struct bk_devid d;

	cr_assert_eq(bk_devid_from_dev(&d, 8, 1, fixture("usb")), 1, "%s", d.why);
	cr_assert_str_eq(d.disk, "sda");
	cr_assert_str_eq(d.bus, "usb", "USB before SCSI: the stick speaks SCSI over USB");
	cr_assert_str_eq(d.vendor, "SanDisk");
	cr_assert_str_eq(d.model, "UltraFit");
	cr_assert_float_eq(d.usb_mbps, 5000, 1e-9);
	cr_assert_str_eq(d.usb_id, "46f4:0001");
	cr_assert_str_eq(d.serial, "4C530001", "the SCSI unit serial (VPD page 0x80)");
	cr_assert_str_eq(d.mount, "/media/stick", "the first of its mounts");
	text_has(&d, "bus usb (5000 Mbit/s, 46f4:0001)");
	text_has(&d, "Model: SanDisk UltraFit");
	cr_assert_eq(d.cid.valid, 0);
}

Test(devid, nvme_partition)
{
	struct bk_devid d;

	cr_assert_eq(bk_devid_from_dev(&d, 259, 2, fixture("nvme")), 1, "%s", d.why);
	cr_assert_str_eq(d.name, "nvme0n1p2");
	cr_assert_str_eq(d.disk, "nvme0n1");
	cr_assert_str_eq(d.bus, "nvme");
	cr_assert_str_eq(d.model, "Samsung SSD 980 PRO 1TB");
	cr_assert_str_eq(d.serial, "S5GXNF0R123456A");
	cr_assert_eq(d.disk_bytes, 1953525168ull * 512);
	cr_assert_str_eq(d.fstype, "ext4");
	cr_assert_str_eq(d.mount, "/");
}

Test(devid, virtio_disk)
{
	struct bk_devid d;

	cr_assert_eq(bk_devid_from_dev(&d, 254, 0, fixture("virtio")), 1, "%s", d.why);
	cr_assert_str_eq(d.name, "vda");
	cr_assert_str_eq(d.disk, "vda", "a whole disk is its own disk");
	cr_assert_str_eq(d.bus, "virtio");
	cr_assert_str_eq(d.vendor, "", "virtio's vendor file is a PCI number, not a name");
	cr_assert_str_eq(d.model, "virtio block device");
	cr_assert_str_eq(d.serial, "bk-scratch");
	text_has(&d, "Device: /dev/vda (254:0), 268.4 MB, bus virtio");
}

Test(devid, unknown_device_says_why)
{
	struct bk_devid d;

	cr_assert_eq(bk_devid_from_dev(&d, 0, 21, fixture("virtio")), 0);
	cr_assert(strstr(d.why, "0:21"), "%s", d.why);
	text_has(&d, "Device: unknown (");
	cr_assert_eq(bk_devid_from_path(&d, "/nonexistent/burnkit", fixture("virtio")), 0);
	cr_assert(strstr(d.why, "/nonexistent/burnkit"), "%s", d.why);
}
