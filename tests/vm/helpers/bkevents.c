// SPDX-License-Identifier: MIT
/*
 * bkevents FILE: read struct burnkit_event records from the module's
 * throttle_events file in reads of odd sizes (to exercise whole-record
 * reads) and print each as "seq time_ns cpu source instance old new
 * temp_mc mhz". Exit 1 when a read returned a partial record or a reserved
 * field was not zero.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <burnkit/abi.h>

int main(int argc, char **argv)
{
	struct burnkit_event ev[5];
	size_t sizes[] = { sizeof(ev[0]) + 7, sizeof(ev), 3 * sizeof(ev[0]) };
	unsigned round = 0;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: bkevents FILE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "bkevents: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	for (;;) {
		ssize_t n = read(fd, ev, sizes[round++ % 3]);

		if (n < 0) {
			fprintf(stderr, "bkevents: read: %s\n", strerror(errno));
			return 1;
		}
		if (n == 0)
			break;
		if (n % sizeof(ev[0])) {
			fprintf(stderr, "bkevents: partial record (%zd bytes)\n", n);
			return 1;
		}
		for (size_t i = 0; i < n / sizeof(ev[0]); i++) {
			const struct burnkit_event *e = &ev[i];

			if (e->flags || e->reserved[0] || e->reserved[1] ||
			    e->reserved[2] || e->reserved[3]) {
				fprintf(stderr, "bkevents: reserved field set\n");
				return 1;
			}
			printf("%llu %llu %u %u %u %u %u %d %u\n",
			       (unsigned long long)e->seq,
			       (unsigned long long)e->time_ns, e->cpu, e->source,
			       e->instance, e->old_state, e->new_state,
			       e->temp_mc, e->mhz);
		}
	}
	close(fd);
	return 0;
}
