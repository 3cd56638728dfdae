// SPDX-License-Identifier: MIT
/*
 * fs_shutdown MOUNTPOINT: shut an ext4 filesystem down as if its drive had
 * dropped off the bus (EXT4_IOC_SHUTDOWN, no log flush): every later I/O on
 * it fails with EIO. For the drive testers' mid-run failure tests.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <errno.h>

#define EXT4_IOC_SHUTDOWN _IOR('X', 125, uint32_t)
#define EXT4_GOING_FLAGS_NOLOGFLUSH 0x2

int main(int argc, char **argv)
{
	uint32_t flags = EXT4_GOING_FLAGS_NOLOGFLUSH;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: fs_shutdown MOUNTPOINT\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY | O_DIRECTORY);
	if (fd < 0 || ioctl(fd, EXT4_IOC_SHUTDOWN, &flags)) {
		fprintf(stderr, "fs_shutdown %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	close(fd);
	return 0;
}
