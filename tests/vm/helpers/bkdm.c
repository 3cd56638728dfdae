// SPDX-License-Identifier: MIT
/*
 * bkdm: device-mapper devices for the VM tests, straight on the dm ioctls
 * (linux/dm-ioctl.h), so every guest gets the same small static program
 * instead of dmsetup and libdevmapper. No udev: the kernel's devtmpfs makes
 * /dev/mapper/control and /dev/dm-N.
 *
 *   bkdm create NAME    table lines "START LENGTH TARGET ARGS" (sectors of
 *                       512 bytes) on standard input, as dmsetup takes them;
 *                       loads the table, resumes the device and prints its
 *                       node (/dev/dm-N)
 *   bkdm remove NAME    removes the device
 *
 * Exit 0 on success, 1 when the kernel refuses (its errno printed), 2 for
 * bad usage or a table line it cannot parse.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/dm-ioctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define BUF_BYTES (1u << 20)	/* the whole table of a test: thousands of lines */

static char buf[BUF_BYTES] __attribute__((aligned(8)));

static struct dm_ioctl *header(const char *name)
{
	struct dm_ioctl *io = (struct dm_ioctl *)buf;

	memset(buf, 0, sizeof(struct dm_ioctl));
	io->version[0] = DM_VERSION_MAJOR;
	io->version[1] = 0;
	io->version[2] = 0;
	io->data_size = sizeof(buf);
	io->data_start = sizeof(struct dm_ioctl);
	snprintf(io->name, sizeof(io->name), "%s", name);
	return io;
}

static int call(int fd, unsigned long req, const char *what, const char *name)
{
	if (ioctl(fd, req, buf) == 0)
		return 0;
	fprintf(stderr, "bkdm: %s %s: %s\n", what, name, strerror(errno));
	return 1;
}

/* The table from standard input, as dm_target_spec records; its bytes or -1. */
static char table[BUF_BYTES - sizeof(struct dm_ioctl)] __attribute__((aligned(8)));
static int ntargets;

static long read_table(void)
{
	size_t at = 0;
	char line[4096];

	while (fgets(line, sizeof(line), stdin)) {
		struct dm_target_spec *t;
		unsigned long long start, len;
		char type[DM_MAX_TYPE_NAME];
		int used = 0;
		size_t plen, next;
		char *args;

		line[strcspn(line, "\n")] = 0;
		if (!line[strspn(line, " \t")])
			continue;
		if (sscanf(line, "%llu %llu %15s %n", &start, &len, type, &used) != 3 || !len) {
			fprintf(stderr, "bkdm: table line %d \"%s\": want START LENGTH TARGET ARGS\n",
				ntargets + 1, line);
			return -1;
		}
		args = line + used;
		plen = strlen(args) + 1;
		next = (sizeof(*t) + plen + 7) & ~(size_t)7;
		if (at + next > sizeof(table)) {
			fprintf(stderr, "bkdm: the table is over %zu bytes\n", sizeof(table));
			return -1;
		}
		t = (struct dm_target_spec *)(table + at);
		memset(t, 0, next);
		t->sector_start = start;
		t->length = len;
		t->next = (uint32_t)next;
		snprintf(t->target_type, sizeof(t->target_type), "%s", type);
		memcpy(t + 1, args, plen);
		at += next;
		ntargets++;
	}
	if (!ntargets) {
		fprintf(stderr, "bkdm: an empty table on standard input\n");
		return -1;
	}
	return (long)at;
}

int main(int argc, char **argv)
{
	struct dm_ioctl *io;
	const char *name;
	long bytes;
	int fd, rc;

	if (argc != 3 || (strcmp(argv[1], "create") && strcmp(argv[1], "remove"))) {
		fprintf(stderr, "usage: bkdm create NAME < table | bkdm remove NAME\n");
		return 2;
	}
	name = argv[2];
	if (strlen(name) >= DM_NAME_LEN) {
		fprintf(stderr, "bkdm: the name %s is longer than %d characters\n", name,
			DM_NAME_LEN - 1);
		return 2;
	}
	bytes = strcmp(argv[1], "create") ? 0 : read_table();
	if (bytes < 0)
		return 2;
	fd = open("/dev/mapper/control", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "bkdm: /dev/mapper/control: %s (is dm_mod loaded?)\n",
			strerror(errno));
		return 1;
	}
	if (!bytes) {
		header(name);
		rc = call(fd, DM_DEV_REMOVE, "remove", name);
		close(fd);
		return rc;
	}
	header(name);
	if (call(fd, DM_DEV_CREATE, "create", name)) {
		close(fd);
		return 1;
	}
	io = header(name);
	io->target_count = (uint32_t)ntargets;
	memcpy(buf + io->data_start, table, (size_t)bytes);
	rc = call(fd, DM_TABLE_LOAD, "load the table of", name);
	if (!rc) {
		io = header(name);	/* no DM_SUSPEND_FLAG: resume, the table goes live */
		rc = call(fd, DM_DEV_SUSPEND, "resume", name);
	}
	if (rc) {
		header(name);
		ioctl(fd, DM_DEV_REMOVE, buf);
		close(fd);
		return 1;
	}
	printf("/dev/dm-%u\n", minor(io->dev));
	close(fd);
	return 0;
}
