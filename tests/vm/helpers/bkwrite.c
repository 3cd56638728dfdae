// SPDX-License-Identifier: MIT
/*
 * bkwrite FILE BYTES: write BYTES to FILE in one write(2) on a fresh open
 * and print "ok" or the errno's name (EINVAL, EPERM, ...); exit 0 only for
 * "ok". BYTES takes the escapes \n \t \r \\ \0 and \xHH, so tests can send
 * NUL and control bytes.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *errno_name(int e)
{
	switch (e) {
	case EINVAL: return "EINVAL";
	case EPERM: return "EPERM";
	case EACCES: return "EACCES";
	case ENOENT: return "ENOENT";
	case ENOSPC: return "ENOSPC";
	case EFAULT: return "EFAULT";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EIO: return "EIO";
	default: return strerror(e);
	}
}

static size_t unescape(const char *s, char *out)
{
	size_t n = 0;

	while (*s) {
		if (*s != '\\' || !s[1]) {
			out[n++] = *s++;
			continue;
		}
		s++;
		switch (*s) {
		case 'n': out[n++] = '\n'; s++; break;
		case 't': out[n++] = '\t'; s++; break;
		case 'r': out[n++] = '\r'; s++; break;
		case '0': out[n++] = '\0'; s++; break;
		case 'x': {
			char hex[3] = { s[1], s[1] ? s[2] : 0, 0 };

			out[n++] = (char)strtol(hex, NULL, 16);
			s += 1 + strlen(hex);
			break;
		}
		default: out[n++] = *s++; break;
		}
	}
	return n;
}

int main(int argc, char **argv)
{
	char *buf;
	size_t len;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: bkwrite FILE BYTES\n");
		return 2;
	}
	buf = malloc(strlen(argv[2]) + 1);
	if (!buf)
		return 2;
	len = unescape(argv[2], buf);
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		printf("%s\n", errno_name(errno));
		return 1;
	}
	if (write(fd, buf, len) != (ssize_t)len) {
		printf("%s\n", errno_name(errno));
		return 1;
	}
	close(fd);
	puts("ok");
	return 0;
}
