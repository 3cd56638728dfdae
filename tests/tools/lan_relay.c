// SPDX-License-Identifier: MIT
/*
 * lan_relay: a TCP relay for burnkit lan's tests, in two modes.
 *
 *   lan_relay relay LISTEN_PORT TARGET_PORT CONN DIR OFFSET SECONDS
 *     Listens on 127.0.0.1:LISTEN_PORT and forwards every connection to
 *     127.0.0.1:TARGET_PORT, byte for byte, except one: in the CONN-th
 *     connection accepted (0 = the first), the byte at OFFSET of direction
 *     DIR ("up": client to server, "down": server to client) is flipped
 *     (XOR 0xff). A NIC that damages data past the checksums, made to order.
 *   lan_relay banner LISTEN_PORT TEXT SECONDS
 *     Answers every connection with TEXT and a newline, then closes it: a
 *     server that is not burnkit.
 *   lan_relay say PORT TEXT SECONDS
 *     Connects to 127.0.0.1:PORT, sends TEXT and a newline, prints the first
 *     line it gets back: a client that is not burnkit.
 *
 * Both exit after SECONDS, whatever happens (every test loop is bounded),
 * and print "ready" on stdout once listening. LAN_RELAY_ADDR, an IPv4
 * loopback address (127.x.y.z), replaces 127.0.0.1 on both sides: each test
 * run takes its own, so runs side by side never reach each other's ports.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_PAIRS 64

struct pair {
	int fd[2];		/* 0: client side, 1: server side */
	unsigned long long moved[2];	/* bytes forwarded up (0) and down (1) */
	int eof[2];		/* fd[s] said end of stream (passed on) */
	int flip;		/* this pair carries the flipped byte */
};

/* 127.0.0.1, or LAN_RELAY_ADDR. */
static struct sockaddr_in loopback(int port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port),
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	const char *addr = getenv("LAN_RELAY_ADDR");

	if (addr && *addr && inet_pton(AF_INET, addr, &a.sin_addr) != 1) {
		fprintf(stderr, "lan_relay: LAN_RELAY_ADDR=%s is not an IPv4 address\n", addr);
		exit(2);
	}
	return a;
}

static int listen_on(int port)
{
	struct sockaddr_in a = loopback(port);
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;

	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)) || listen(fd, 64)) {
		perror("lan_relay: listen");
		exit(2);
	}
	return fd;
}

static int connect_to(int port)
{
	struct sockaddr_in a = loopback(port);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof(a))) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int banner(int port, const char *text, double seconds)
{
	int lfd = listen_on(port);
	double end = now_s() + seconds;

	printf("ready\n");
	fflush(stdout);
	while (now_s() < end) {
		struct pollfd p = { .fd = lfd, .events = POLLIN };

		if (poll(&p, 1, 200) <= 0)
			continue;
		int fd = accept(lfd, NULL, NULL);

		if (fd < 0)
			continue;
		if (write(fd, text, strlen(text)) < 0 || write(fd, "\n", 1) < 0)
			perror("lan_relay: write");
		shutdown(fd, SHUT_WR);
		usleep(100000);
		close(fd);
	}
	return 0;
}

static void close_pair(struct pair *p)
{
	close(p->fd[0]);
	close(p->fd[1]);
	p->fd[0] = p->fd[1] = -1;
	p->eof[0] = p->eof[1] = 0;
}

static int relay(int port, int target, int conn, int dir, unsigned long long offset,
		 double seconds)
{
	static struct pair pairs[MAX_PAIRS];
	static char buf[1 << 16];
	int lfd = listen_on(port), accepted = 0, flipped = 0;
	double end = now_s() + seconds;

	for (int i = 0; i < MAX_PAIRS; i++)
		pairs[i].fd[0] = pairs[i].fd[1] = -1;
	printf("ready\n");
	fflush(stdout);
	while (now_s() < end) {
		struct pollfd p[1 + 2 * MAX_PAIRS];
		int n = 1;

		p[0] = (struct pollfd){ .fd = lfd, .events = POLLIN };
		for (int i = 0; i < MAX_PAIRS; i++)
			for (int s = 0; s < 2; s++)
				p[n++] = (struct pollfd){ .fd = pairs[i].eof[s] ? -1 : pairs[i].fd[s],
							  .events = POLLIN };
		if (poll(p, (nfds_t)n, 200) <= 0)
			continue;
		if (p[0].revents & POLLIN) {
			int c = accept(lfd, NULL, NULL), slot = -1;

			for (int i = 0; i < MAX_PAIRS && c >= 0; i++)
				if (pairs[i].fd[0] < 0) {
					slot = i;
					break;
				}
			int s = c >= 0 && slot >= 0 ? connect_to(target) : -1;

			if (s < 0) {
				if (c >= 0)
					close(c);
			} else {
				pairs[slot] = (struct pair){ .fd = { c, s },
							     .flip = accepted == conn };
			}
			accepted++;
		}
		for (int i = 0; i < MAX_PAIRS; i++)
			for (int s = 0; s < 2; s++) {
				struct pair *pp = &pairs[i];
				short ev = p[1 + 2 * i + s].revents;

				if (pp->fd[s] < 0 || pp->eof[s] || !(ev & (POLLIN | POLLHUP | POLLERR)))
					continue;
				ssize_t r = read(pp->fd[s], buf, sizeof(buf));

				if (r == 0) {	/* pass the end on; both ends: done */
					pp->eof[s] = 1;
					shutdown(pp->fd[1 - s], SHUT_WR);
					if (pp->eof[1 - s])
						close_pair(pp);
					continue;
				}
				if (r < 0) {
					close_pair(pp);
					continue;
				}
				unsigned long long from = pp->moved[s];

				if (pp->flip && s == dir && !flipped && offset >= from &&
				    offset < from + (unsigned long long)r) {
					buf[offset - from] ^= (char)0xff;
					flipped = 1;
				}
				for (ssize_t off = 0; off < r;) {
					ssize_t w = pp->fd[1 - s] >= 0 ?
						    write(pp->fd[1 - s], buf + off, (size_t)(r - off)) : -1;

					if (w <= 0) {
						close_pair(pp);
						break;
					}
					off += w;
				}
				pp->moved[s] += (unsigned long long)r;
			}
	}
	fprintf(stderr, "lan_relay: %d connections, byte %s\n", accepted,
		flipped ? "flipped" : "not reached");
	return 0;
}

static int say(int port, const char *text, double seconds)
{
	int fd = connect_to(port);
	char line[512];
	size_t n = 0;
	double end = now_s() + seconds;

	if (fd < 0) {
		perror("lan_relay: connect");
		return 2;
	}
	if (write(fd, text, strlen(text)) < 0 || write(fd, "\n", 1) < 0)
		return 2;
	while (n < sizeof(line) - 1 && now_s() < end) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (poll(&p, 1, 200) <= 0)
			continue;
		ssize_t r = read(fd, line + n, 1);

		if (r <= 0 || line[n] == '\n')
			break;
		n++;
	}
	line[n] = '\0';
	printf("%s\n", line);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "say"))
		return say(atoi(argv[2]), argv[3], atof(argv[4]));
	if (argc == 8 && !strcmp(argv[1], "relay"))
		return relay(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]),
			     !strcmp(argv[5], "down"), strtoull(argv[6], NULL, 10),
			     atof(argv[7]));
	if (argc == 5 && !strcmp(argv[1], "banner"))
		return banner(atoi(argv[2]), argv[3], atof(argv[4]));
	fprintf(stderr, "usage: lan_relay relay LISTEN TARGET CONN up|down OFFSET SECONDS\n"
		"       lan_relay banner LISTEN TEXT SECONDS\n"
		"       lan_relay say PORT TEXT SECONDS\n");
	return 2;
}
