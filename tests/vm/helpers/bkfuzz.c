// SPDX-License-Identifier: MIT
/*
 * bkfuzz SEED ROUNDS FILE...: write ROUNDS random commands to each FILE:
 * random bytes, numbers with random separators, huge and negative numbers,
 * over-long lines, words and paths. Each write uses a fresh open. Prints how
 * many writes each file accepted and rejected; exits 0 unless a file could
 * not be opened. The point is what the kernel log says afterwards.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint64_t rng;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static size_t make_command(char *buf, size_t cap)
{
	static const char *const words[] = {
		"0", "1", "2", "-1", "+1", "01", "0x10", "4294967295",
		"4294967296", "18446744073709551616", "100", "10000", "10001",
		"drop", "count", "drop /", "count /mnt/disk", "drop /dev/vda",
		"drop /proc/self/status", "count /nonexistent", "drop relative",
		" ", "  ", "\n", "\n\n", "\t", "abc", "1 2", "1 2 3", "1 2 3 4",
		"1000 1000", "1001 1", "1 100001",
	};
	size_t len = 0, i, n;

	switch (next() % 4) {
	case 0:		/* random bytes */
		n = next() % 96;
		for (i = 0; i < n && len < cap; i++)
			buf[len++] = (char)next();
		break;
	case 1:		/* a few words glued with random separators */
		n = 1 + next() % 4;
		for (i = 0; i < n; i++) {
			const char *w = words[next() % (sizeof(words) / sizeof(words[0]))];
			size_t wl = strlen(w);

			if (len + wl + 1 >= cap)
				break;
			memcpy(buf + len, w, wl);
			len += wl;
			if (i + 1 < n)
				buf[len++] = " \n\t,"[next() % 4];
		}
		break;
	case 2:		/* over-long */
		n = 60 + next() % 5000;
		for (i = 0; i < n && len < cap; i++)
			buf[len++] = "0123456789 "[next() % 11];
		break;
	default:	/* a number, maybe with junk after it */
		len = (size_t)snprintf(buf, cap, "%llu%s",
				       (unsigned long long)(next() % 20000),
				       (next() & 1) ? "\n" : (next() & 1) ? "x" : "");
		break;
	}
	return len;
}

int main(int argc, char **argv)
{
	static char buf[8192];
	long rounds;

	if (argc < 4) {
		fprintf(stderr, "usage: bkfuzz SEED ROUNDS FILE...\n");
		return 2;
	}
	rng = strtoull(argv[1], NULL, 10) | 1;
	rounds = strtol(argv[2], NULL, 10);
	for (int f = 3; f < argc; f++) {
		long accepted = 0, rejected = 0;

		for (long r = 0; r < rounds; r++) {
			size_t len = make_command(buf, sizeof(buf));
			int fd = open(argv[f], O_WRONLY);

			if (fd < 0) {
				fprintf(stderr, "bkfuzz: %s: %s\n", argv[f],
					strerror(errno));
				return 1;
			}
			if (write(fd, buf, len) == (ssize_t)len && len)
				accepted++;
			else
				rejected++;
			close(fd);
		}
		printf("%s accepted %ld rejected %ld\n", argv[f], accepted,
		       rejected);
	}
	return 0;
}
