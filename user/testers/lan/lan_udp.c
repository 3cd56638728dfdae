// SPDX-License-Identifier: MIT
/*
 * lan_udp: UDP streams. Datagram n of a stream holds stream bytes
 * [n * L, (n + 1) * L) of the pattern (L = the datagram length), except
 * its second word, the sender's clock when it was sent, for the RFC 3550
 * interarrival jitter. The first word names the datagram (its offset, so
 * its sequence number); the receiver checks all the others against it and
 * counts losses, duplicates and datagrams that arrived after a later one.
 * Each side's sockets are bound beside the control connection and
 * connect()ed to the peer's, whose ports travel on the control channel.
 */
#include "lan.h"
#include "lan_payload.h"

#include <errno.h>
#include <math.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

#define LAN_UDP_WINDOW 65536u	/* sequence numbers remembered for duplicates */

static void set_port(struct sockaddr_storage *ss, unsigned port)
{
	if (ss->ss_family == AF_INET6)
		((struct sockaddr_in6 *)ss)->sin6_port = htons((uint16_t)port);
	else
		((struct sockaddr_in *)ss)->sin_port = htons((uint16_t)port);
}

static unsigned get_port(const struct sockaddr_storage *ss)
{
	return ntohs(ss->ss_family == AF_INET6 ? ((const struct sockaddr_in6 *)ss)->sin6_port :
		     ((const struct sockaddr_in *)ss)->sin_port);
}

int lan_udp_socket(int ctl, unsigned *port, char *why, size_t whylen)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);
	int fd;

	if (getsockname(ctl, (struct sockaddr *)&ss, &len)) {
		snprintf(why, whylen, "getsockname: %s", strerror(errno));
		return -1;
	}
	set_port(&ss, 0);
	fd = socket(ss.ss_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&ss, len) ||
	    getsockname(fd, (struct sockaddr *)&ss, &len)) {
		snprintf(why, whylen, "cannot open a UDP socket: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	*port = get_port(&ss);
	return fd;
}

int lan_udp_connect(int fd, int ctl, unsigned port, char *why, size_t whylen)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getpeername(ctl, (struct sockaddr *)&ss, &len)) {
		snprintf(why, whylen, "getpeername: %s", strerror(errno));
		return -1;
	}
	set_port(&ss, port);
	if (connect(fd, (struct sockaddr *)&ss, len)) {
		snprintf(why, whylen, "UDP connect to port %u: %s", port, strerror(errno));
		return -1;
	}
	return 0;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void *lan_udp_send_main(void *arg)
{
	struct lan_stream *st = arg;
	const struct lan_config *c = &st->s->cfg;
	size_t len = c->length;
	unsigned char *buf = bk_alloc_aligned(64, len);
	double gap_ns = c->rate > 0 ? (double)len * 8 / c->rate * 1e9 : 0;
	uint64_t start = mono_ns(), n = 0, now = bk_now_ns(), moved = now;

	if (!buf) {
		snprintf(st->why, sizeof(st->why), "out of memory");
		st->failed = 1;
		goto out;
	}
	st->t_first_ns = now;
	while (!lan_sender_should_stop(st, now)) {
		uint64_t next = start + (uint64_t)(gap_ns * (double)n);

		if (gap_ns > 0 && mono_ns() < next) {
			struct timespec ts = { .tv_sec = (time_t)(next / 1000000000u),
					       .tv_nsec = (long)(next % 1000000000u) };

			clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		}
		uint64_t off = n * len, stamp = bk_now_ns();

		lan_fill(st->key, buf, off, len);
		lan_put_header(st->key, buf, off);
		memcpy(buf + 8, &stamp, 8);
		ssize_t w = send(st->fd, buf, len, MSG_NOSIGNAL);

		now = bk_now_ns();
		if (w == (ssize_t)len) {
			n++;
			atomic_store_explicit(&st->offset, n * len, memory_order_relaxed);
			atomic_store_explicit(&st->datagrams, n, memory_order_relaxed);
			moved = now;
			continue;
		}
		if (w < 0 && (errno == EINTR || errno == EAGAIN || errno == ENOBUFS)) {
			if (lan_seconds(moved, now) > LAN_STALL_S) {
				snprintf(st->why, sizeof(st->why), "sending stalled at datagram %llu",
					 (unsigned long long)n);
				st->failed = 1;
				break;
			}
			continue;
		}
		st->failed = 1;
		snprintf(st->why, sizeof(st->why), "sending datagram %llu: %s%s",
			 (unsigned long long)n, w < 0 ? strerror(errno) : "short send",
			 w < 0 && errno == ECONNREFUSED ? " (the peer no longer receives: gone?)" : "");
		break;
	}
	st->t_last_ns = bk_now_ns();
out:
	free(buf);
	atomic_store(&st->done, 1);
	return NULL;
}

/* Bookkeeping of one good datagram: duplicates, order, jitter. */
static void account(struct lan_stream *st, uint8_t *seen, uint64_t seq, uint64_t stamp,
		    uint64_t now)
{
	struct lan_udp_stats *u = &st->udp;

	if (seq >= u->max_seq_plus1) {
		uint64_t from = u->max_seq_plus1;

		if (seq - from >= LAN_UDP_WINDOW)
			memset(seen, 0, LAN_UDP_WINDOW / 8);
		else
			for (uint64_t k = from; k < seq; k++)
				seen[(k % LAN_UDP_WINDOW) / 8] &= (uint8_t)~(1u << (k % 8));
		u->max_seq_plus1 = seq + 1;
	} else if (u->max_seq_plus1 - seq <= LAN_UDP_WINDOW &&
		   (seen[(seq % LAN_UDP_WINDOW) / 8] & (1u << (seq % 8)))) {
		u->duplicates++;
		return;
	} else {
		u->reordered++;
	}
	seen[(seq % LAN_UDP_WINDOW) / 8] |= (uint8_t)(1u << (seq % 8));

	/* RFC 3550 6.4.1: J += (|D| - J) / 16 over transit time differences. */
	double transit = ((double)now - (double)stamp) / 1e9;

	if (u->have_transit)
		u->jitter_s += (fabs(transit - u->last_transit_s) - u->jitter_s) / 16;
	u->last_transit_s = transit;
	u->have_transit = 1;
}

void *lan_udp_recv_main(void *arg)
{
	struct lan_stream *st = arg;
	size_t len = st->s->cfg.length;
	unsigned char *buf = bk_alloc_aligned(64, len + 64);
	uint8_t *seen = calloc(LAN_UDP_WINDOW / 8, 1);
	uint64_t bad, finish_at = 0;

	if (!buf || !seen) {
		snprintf(st->why, sizeof(st->why), "out of memory");
		st->failed = 1;
		goto out;
	}
	for (;;) {
		uint64_t now = bk_now_ns();

		if (atomic_load(&st->s->stop))
			break;
		if (atomic_load(&st->finish)) {
			if (!finish_at)
				finish_at = now;
			else if (lan_seconds(finish_at, now) > 0.5)
				break;	/* what is still in flight after this is lost */
		}
		ssize_t r = recv(st->fd, buf, len + 64, finish_at ? MSG_DONTWAIT : 0);

		if (r < 0) {
			if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) {
				if (finish_at) {
					struct timespec ts = { .tv_nsec = 10000000 };

					nanosleep(&ts, NULL);
				}
				continue;
			}
			if (errno == ECONNREFUSED)
				continue;	/* our own sends found the port closed */
			st->failed = 1;
			snprintf(st->why, sizeof(st->why), "receiving: %s", strerror(errno));
			break;
		}
		now = bk_now_ns();
		if (!st->t_first_ns)
			st->t_first_ns = now;
		st->t_last_ns = now;
		st->udp.received++;
		atomic_store_explicit(&st->datagrams, st->udp.received, memory_order_relaxed);

		uint64_t off, stamp;

		if ((size_t)r != len || !lan_decode(st->key, buf, UINT64_MAX, &off) ||
		    off % len) {
			/* Not a datagram of this stream: say where the next was due. */
			st->udp.bad++;
			lan_record_wrong(st, buf, st->udp.max_seq_plus1 * len,
					 (size_t)r < len ? (size_t)r : len);
			continue;
		}
		memcpy(&stamp, buf + 8, 8);
		if (lan_check(st->key, buf + 16, off + 16, len - 16, &bad)) {
			st->udp.bad++;
			lan_record_wrong(st, buf + 16, off + 16, len - 16);
		}
		account(st, seen, off / len, stamp, now);
		atomic_store_explicit(&st->offset, (st->udp.received - st->udp.duplicates) * len,
				      memory_order_relaxed);
	}
out:
	free(buf);
	free(seen);
	atomic_store(&st->done, 1);
	return NULL;
}

uint64_t lan_udp_lost(const struct lan_stream *st, uint64_t sent)
{
	uint64_t got = st->udp.received - st->udp.duplicates - st->udp.bad;

	return sent > got ? sent - got : 0;
}
