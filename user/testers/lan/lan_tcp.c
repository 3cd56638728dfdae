// SPDX-License-Identifier: MIT
/*
 * lan_tcp: sockets, and the TCP streams. A sender fills its buffer with
 * the stream's pattern and sends it until the run's time is up, then shuts
 * its half down; a receiver takes whole buffers (MSG_WAITALL) and checks
 * every byte until the end of the stream. Both wake every second (socket
 * timeouts) to see whether the run was stopped, and give up when nothing
 * moved for LAN_STALL_S seconds.
 */
#include "lan.h"
#include "lan_payload.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "util.h"

static void describe(const struct sockaddr *sa, socklen_t len, char *out, size_t outlen)
{
	char host[64] = "?", port[16] = "?";

	getnameinfo(sa, len, host, sizeof(host), port, sizeof(port),
		    NI_NUMERICHOST | NI_NUMERICSERV);
	snprintf(out, outlen, "%s port %s", host, port);
}

static void set_timeouts(int fd)
{
	struct timeval tv = { .tv_sec = 1 };

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
}

void lan_sock_tune(int fd, const struct lan_config *c, int tcp)
{
	if (c->window) {
		int w = (int)c->window;

		setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &w, sizeof(w));
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &w, sizeof(w));
	}
	(void)tcp;	/* no TCP_NODELAY: full buffers make full segments, as iperf3 */
	set_timeouts(fd);
}

/* connect() within 5 s. Returns 0, or -1 with errno. */
static int connect_timeout(int fd, const struct sockaddr *sa, socklen_t len)
{
	int fl = fcntl(fd, F_GETFL), err = 0;
	socklen_t elen = sizeof(err);
	struct pollfd p = { .fd = fd, .events = POLLOUT };

	fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	if (connect(fd, sa, len) && errno != EINPROGRESS)
		return -1;
	int r = poll(&p, 1, 5000);

	if (r == 0) {
		errno = ETIMEDOUT;
		return -1;
	}
	if (r < 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen))
		return -1;
	if (err) {
		errno = err;
		return -1;
	}
	fcntl(fd, F_SETFL, fl);
	return 0;
}

int lan_tcp_connect(const char *host, unsigned port, const char *bind_addr,
		    char *peer, size_t peerlen, char *why, size_t whylen)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *res, *ai;
	char ports[16];
	int fd = -1, e, last = 0;

	snprintf(ports, sizeof(ports), "%u", port);
	e = getaddrinfo(host, ports, &hints, &res);
	if (e) {
		snprintf(why, whylen, "no such host \"%s\": %s (give a name or an address "
			 "this machine can resolve)", host, gai_strerror(e));
		return -1;
	}
	for (ai = res; ai; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
		if (fd < 0) {
			last = errno;
			continue;
		}
		if (bind_addr) {
			struct addrinfo bh = { .ai_family = ai->ai_family,
					       .ai_socktype = SOCK_STREAM,
					       .ai_flags = AI_NUMERICHOST }, *b;

			if (getaddrinfo(bind_addr, NULL, &bh, &b)) {
				close(fd);
				fd = -1;
				last = EADDRNOTAVAIL;
				continue;
			}
			e = bind(fd, b->ai_addr, b->ai_addrlen);
			freeaddrinfo(b);
			if (e) {
				last = errno;
				close(fd);
				fd = -1;
				continue;
			}
		}
		if (!connect_timeout(fd, ai->ai_addr, ai->ai_addrlen)) {
			describe(ai->ai_addr, ai->ai_addrlen, peer, peerlen);
			break;
		}
		last = errno;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		if (last == ECONNREFUSED)
			snprintf(why, whylen, "nothing listens on %s port %u (start "
				 "\"burnkit lan --server\" there, or give its --port)", host, port);
		else
			snprintf(why, whylen, "cannot connect to %s port %u: %s", host, port,
				 strerror(last));
	}
	return fd;
}

int lan_tcp_listen(const char *bind_addr, unsigned port, char *why, size_t whylen)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE },
			*res, *ai;
	char ports[16];
	int fd = -1, one = 1, zero = 0, e, last = 0;

	snprintf(ports, sizeof(ports), "%u", port);
	if (!bind_addr)
		hints.ai_family = AF_INET6;	/* both families on one socket */
	e = getaddrinfo(bind_addr, ports, &hints, &res);
	if (e && !bind_addr) {
		hints.ai_family = AF_INET;
		e = getaddrinfo(NULL, ports, &hints, &res);
	}
	if (e) {
		snprintf(why, whylen, "bad --bind address \"%s\": %s", bind_addr ? bind_addr : "",
			 gai_strerror(e));
		return -1;
	}
	for (ai = res; ai; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
		if (fd < 0) {
			last = errno;
			continue;
		}
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (ai->ai_family == AF_INET6 && !bind_addr)
			setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof(zero));
		if (!bind(fd, ai->ai_addr, ai->ai_addrlen) && !listen(fd, 64))
			break;
		last = errno;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		if (last == EADDRINUSE)
			snprintf(why, whylen, "port %u is in use on %s (another server runs "
				 "there: stop it or give another --port)", port,
				 bind_addr ? bind_addr : "this machine");
		else
			snprintf(why, whylen, "cannot listen on %s port %u: %s",
				 bind_addr ? bind_addr : "any address", port, strerror(last));
	}
	return fd;
}

void lan_tcp_info(struct lan_stream *st)
{
	struct tcp_info ti;
	socklen_t len = sizeof(ti);

	memset(&ti, 0, sizeof(ti));
	if (st->fd < 0 || getsockopt(st->fd, IPPROTO_TCP, TCP_INFO, &ti, &len))
		return;
	st->retransmits = ti.tcpi_total_retrans;
	st->cwnd_bytes = ti.tcpi_snd_cwnd * ti.tcpi_snd_mss;
	st->rtt_us = ti.tcpi_rtt;
}

int lan_sender_should_stop(struct lan_stream *st, uint64_t now)
{
	return atomic_load_explicit(&st->s->stop, memory_order_relaxed) ||
	       now >= st->s->t0_ns + (uint64_t)(st->s->cfg.seconds * 1e9);
}

static void fail(struct lan_stream *st, const char *what, int err, uint64_t off)
{
	st->failed = 1;
	if (err == EPIPE || err == ECONNRESET || !err)
		snprintf(st->why, sizeof(st->why), "%s at offset %llu: the peer %s", what,
			 (unsigned long long)off, err ? "reset the connection (gone?)" :
			 "closed it before the end");
	else
		snprintf(st->why, sizeof(st->why), "%s at offset %llu: %s", what,
			 (unsigned long long)off, strerror(err));
}

static void stall(struct lan_stream *st, const char *what, uint64_t off)
{
	st->failed = 1;
	snprintf(st->why, sizeof(st->why), "%s stalled at offset %llu: nothing moved for "
		 "%.0f s (the peer is gone?)", what, (unsigned long long)off, LAN_STALL_S);
}

void *lan_tcp_send_main(void *arg)
{
	struct lan_stream *st = arg;
	size_t len = st->s->cfg.length;
	unsigned char *buf = bk_alloc_aligned(4096, len);
	uint64_t off = atomic_load(&st->offset), now = bk_now_ns(), moved = now;
	uint64_t prev = UINT64_MAX;	/* the offset the buffer holds */

	if (!buf) {
		snprintf(st->why, sizeof(st->why), "out of memory for a %zu-byte buffer", len);
		st->failed = 1;
		goto out;
	}
	st->t_first_ns = now;
	while (!lan_sender_should_stop(st, now)) {
		size_t done = 0;

		lan_refill(st->key, buf, off, len, prev);
		prev = off;
		while (done < len) {
			ssize_t w = send(st->fd, buf + done, len - done, MSG_NOSIGNAL);

			now = bk_now_ns();
			if (w > 0) {
				done += (size_t)w;
				off += (uint64_t)w;
				atomic_store_explicit(&st->offset, off, memory_order_relaxed);
				moved = now;
				continue;
			}
			if (w < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) {
				if (atomic_load(&st->s->stop))
					goto end;
				if (lan_seconds(moved, now) > LAN_STALL_S) {
					stall(st, "sending", off);
					goto end;
				}
				continue;
			}
			fail(st, "sending", errno, off);
			goto end;
		}
	}
end:
	st->t_last_ns = bk_now_ns();
	shutdown(st->fd, SHUT_WR);
out:
	free(buf);
	atomic_store(&st->done, 1);
	return NULL;
}

void lan_record_wrong(struct lan_stream *st, const void *buf, uint64_t off, size_t len)
{
	const unsigned char *p = buf;
	uint64_t wrong = 0, first = UINT64_MAX;

	for (size_t i = 0; i < len; i++)
		if (p[i] != lan_expected_byte(st->key, off + i)) {
			if (first == UINT64_MAX)
				first = i;
			wrong++;
		}
	if (first == UINT64_MAX)
		return;
	pthread_mutex_lock(&st->lock);
	st->wrong_bytes += wrong;
	if (st->nerrors < LAN_MAX_ERRORS) {
		struct lan_error *e = &st->errors[st->nerrors++];
		uint64_t at = off + first;

		e->offset = at;
		e->expected = lan_expected_byte(st->key, at);
		e->found = p[first];
		e->at = lan_seconds(st->s->t0_ns, bk_now_ns());
		uint64_t unit = at - at % LAN_UNIT;	/* its unit header, when received */

		e->have_decoded = unit >= off && unit + 8 <= off + len && unit != at - at % 8 &&
				  lan_decode(st->key, p + (unit - off), off + len + (1ull << 40),
					     &e->decoded) && e->decoded != unit;
	}
	pthread_mutex_unlock(&st->lock);
}

void *lan_tcp_recv_main(void *arg)
{
	struct lan_stream *st = arg;
	size_t len = st->s->cfg.length;
	unsigned char *buf = bk_alloc_aligned(4096, len);
	uint64_t off = atomic_load(&st->offset), moved = bk_now_ns(), bad;

	if (!buf) {
		snprintf(st->why, sizeof(st->why), "out of memory for a %zu-byte buffer", len);
		st->failed = 1;
		goto out;
	}
	for (;;) {
		ssize_t r = recv(st->fd, buf, len, MSG_WAITALL);
		uint64_t now = bk_now_ns();

		if (r > 0) {
			if (lan_check(st->key, buf, off, (size_t)r, &bad))
				lan_record_wrong(st, buf, off, (size_t)r);
			if (!st->t_first_ns)
				st->t_first_ns = now;
			off += (uint64_t)r;
			atomic_store_explicit(&st->offset, off, memory_order_relaxed);
			st->t_last_ns = now;
			moved = now;
			continue;
		}
		if (r == 0)
			break;
		if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) {
			if (atomic_load(&st->s->stop))
				break;
			if (lan_seconds(moved, now) > LAN_STALL_S) {
				stall(st, "receiving", off);
				break;
			}
			continue;
		}
		fail(st, "receiving", errno, off);
		break;
	}
out:
	free(buf);
	atomic_store(&st->done, 1);
	return NULL;
}
