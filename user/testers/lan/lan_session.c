// SPDX-License-Identifier: MIT
/*
 * lan_session: one run, the same on both sides once the streams are
 * connected. Start a thread per stream; every interval, sample the
 * senders' TCP_INFO and write a row; when this side's senders are done,
 * say END with the bytes each sent; end when every stream is done and the
 * peer's END has come; then trade RESULTs (what each side measured, its
 * CPU time) and write the totals. A control connection that ends early,
 * Ctrl-C, or a peer that does not end its run within LAN_STALL_S of its
 * time stops every thread at once.
 */
#include "lan.h"
#include "lan_payload.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "util.h"

static const char *dir_name(enum lan_dir d)
{
	return d == LAN_UP ? "up" : "down";
}

int lan_session_streams(struct lan_session *s)
{
	const struct lan_config *c = &s->cfg;

	s->nstreams = c->streams * (unsigned)(c->up + c->down);
	s->streams = calloc(s->nstreams, sizeof(*s->streams));
	if (!s->streams)
		return -1;
	for (unsigned i = 0; i < s->nstreams; i++) {
		struct lan_stream *st = &s->streams[i];

		st->s = s;
		st->id = i;
		st->dir = c->up && i < c->streams ? LAN_UP : LAN_DOWN;
		st->sending = (st->dir == LAN_UP) != s->server;
		st->fd = -1;
		st->key = lan_key(c->run, i);
		pthread_mutex_init(&st->lock, NULL);
	}
	return lan_interval_alloc(s);
}

void lan_session_free(struct lan_session *s)
{
	for (unsigned i = 0; i < s->nstreams; i++) {
		if (s->streams[i].fd >= 0)
			close(s->streams[i].fd);
		pthread_mutex_destroy(&s->streams[i].lock);
	}
	lan_interval_free(s);
	free(s->streams);
	s->streams = NULL;
	s->nstreams = 0;
}

static void cpu_now(double *user, double *sys)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	*user = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
	*sys = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* END dir=up bytes=b0,b1 datagrams=d0,d1 */
static void take_end(struct lan_session *s, const char *line)
{
	char dir[8], bytes[4096], dgrams[4096];
	enum lan_dir d;

	if (lan_kv(line, "dir", dir, sizeof(dir)) ||
	    lan_kv(line, "bytes", bytes, sizeof(bytes)) ||
	    lan_kv(line, "datagrams", dgrams, sizeof(dgrams)))
		return;
	d = !strcmp(dir, "up") ? LAN_UP : LAN_DOWN;
	char *pb = bytes, *pd = dgrams;

	for (unsigned i = 0; i < s->nstreams; i++) {
		struct lan_stream *st = &s->streams[i];

		if (st->dir != d || st->sending)
			continue;
		st->end_bytes = strtoull(pb, &pb, 10);
		st->end_datagrams = strtoull(pd, &pd, 10);
		st->have_end = 1;
		atomic_store(&st->finish, 1);
		if (*pb == ',')
			pb++;
		if (*pd == ',')
			pd++;
	}
}

static void send_end(struct lan_session *s, enum lan_dir d)
{
	char bytes[4096] = "", dgrams[4096] = "";
	size_t ob = 0, od = 0;
	int any = 0;

	for (unsigned i = 0; i < s->nstreams; i++) {
		struct lan_stream *st = &s->streams[i];

		if (st->dir != d || !st->sending)
			continue;
		ob += (size_t)snprintf(bytes + ob, sizeof(bytes) - ob, "%s%" PRIu64, any ? "," : "",
				       atomic_load(&st->offset));
		od += (size_t)snprintf(dgrams + od, sizeof(dgrams) - od, "%s%" PRIu64,
				       any ? "," : "", atomic_load(&st->datagrams));
		any = 1;
		if (ob >= sizeof(bytes) || od >= sizeof(dgrams))
			break;
	}
	if (any)
		lan_ctl_send(s, "END dir=%s bytes=%s datagrams=%s", dir_name(d), bytes, dgrams);
}

/* The other clients, while this one runs: told so, and closed. */
static void refuse_others(struct lan_session *s)
{
	int fd = accept4(s->listen_fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
	char buf[256];

	if (fd < 0)
		return;
	int n = snprintf(buf, sizeof(buf), LAN_MAGIC " BUSY serving %s until about %.0f s "
			 "from now; try again then\n", s->peer,
			 s->cfg.seconds - lan_seconds(s->t0_ns, bk_now_ns()) + 1);

	if (send(fd, buf, (size_t)n, MSG_NOSIGNAL) < 0)
		pr_dbg("refusing a client: %s", strerror(errno));
	shutdown(fd, SHUT_WR);
	while (recv(fd, buf, sizeof(buf), 0) > 0)
		;
	close(fd);
}

static int all_done(struct lan_session *s, int sending, int *senders_done)
{
	int done = 1;

	*senders_done = 1;
	for (unsigned i = 0; i < s->nstreams; i++) {
		struct lan_stream *st = &s->streams[i];

		if (st->sending != sending)
			continue;
		if (!atomic_load(&st->done))
			done = 0;
		if (!sending && !st->have_end)
			done = 0;
	}
	if (sending)
		*senders_done = done;
	return done;
}

static void take_line(struct lan_session *s, const char *line);

static void run_streams(struct lan_session *s)
{
	double interval = s->cfg.interval, last_tick = 0;
	int sent_end[2] = { 0, 0 }, senders_done = 0, dummy;
	uint64_t limit = s->t0_ns + (uint64_t)((s->cfg.seconds + LAN_STALL_S) * 1e9);
	char line[8192], why[192];

	for (unsigned i = 0; i < s->nstreams; i++) {
		struct lan_stream *st = &s->streams[i];
		void *(*fn)(void *) = s->cfg.udp ?
			(st->sending ? lan_udp_send_main : lan_udp_recv_main) :
			(st->sending ? lan_tcp_send_main : lan_tcp_recv_main);

		st->started = !pthread_create(&st->thread, NULL, fn, st);
		if (!st->started) {
			st->failed = 1;
			snprintf(st->why, sizeof(st->why), "cannot start a thread");
			atomic_store(&st->done, 1);
		}
	}
	for (;;) {
		uint64_t now = bk_now_ns();
		double t = lan_seconds(s->t0_ns, now);

		if (bk_stop_requested()) {
			snprintf(s->vanished_why, sizeof(s->vanished_why), "interrupted");
			atomic_store(&s->stop, 1);
			break;
		}
		all_done(s, 1, &senders_done);
		if (senders_done)
			for (int d = 0; d < 2; d++)
				if (!sent_end[d]) {
					send_end(s, (enum lan_dir)d);
					sent_end[d] = 1;
				}
		if (senders_done && all_done(s, 0, &dummy))
			break;
		if (now > limit) {
			snprintf(s->vanished_why, sizeof(s->vanished_why),
				 "the peer did not end its run within %.0f s of its time",
				 LAN_STALL_S);
			s->vanished = 1;
			atomic_store(&s->stop, 1);
			break;
		}
		if (interval > 0 && t >= last_tick + interval && t < s->cfg.seconds + 0.5) {
			double to = last_tick + interval;

			for (unsigned i = 0; i < s->nstreams; i++)
				if (s->streams[i].sending && !s->cfg.udp)
					lan_tcp_info(&s->streams[i]);
			lan_report_interval(s, last_tick, to);
			last_tick = to;
		}
		lan_report_errors(s);
		lan_interval_flush(s, 0);

		double wait = interval > 0 ? last_tick + interval - t : 0.1;
		struct pollfd p[2] = { { .fd = s->ctl, .events = POLLIN },
				       { .fd = s->listen_fd, .events = POLLIN } };
		int ms = wait > 0.1 ? 100 : wait > 0 ? (int)(wait * 1000) + 1 : 0;

		if (poll(p, s->listen_fd >= 0 ? 2 : 1, ms) <= 0)
			continue;
		if (p[1].revents & POLLIN)
			refuse_others(s);
		if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		int r;

		while ((r = lan_ctl_recv(s, line, sizeof(line), 0, why, sizeof(why))) > 0)
			take_line(s, line);
		if (r < 0) {
			snprintf(s->vanished_why, sizeof(s->vanished_why), "%s", why);
			s->vanished = 1;
			atomic_store(&s->stop, 1);
			break;
		}
	}
	for (unsigned i = 0; i < s->nstreams; i++)
		if (s->streams[i].started)
			pthread_join(s->streams[i].thread, NULL);
	for (unsigned i = 0; i < s->nstreams; i++)
		if (s->streams[i].sending && !s->cfg.udp)
			lan_tcp_info(&s->streams[i]);
	double t = lan_seconds(s->t0_ns, bk_now_ns());

	if (interval > 0 && t > last_tick + interval / 10 && last_tick < s->cfg.seconds)
		lan_report_interval(s, last_tick, t < s->cfg.seconds ? t : s->cfg.seconds);
	lan_report_errors(s);
}

static double recv_seconds(const struct lan_session *s, const struct lan_stream *st)
{
	return st->t_last_ns > s->t0_ns ? lan_seconds(s->t0_ns, st->t_last_ns) : 0;
}

static void send_results(struct lan_session *s)
{
	lan_ctl_send(s, "RESULT cpu_user=%.6f cpu_sys=%.6f wall=%.6f", s->local.cpu_user_s,
		     s->local.cpu_sys_s, s->local.wall_s);
	for (unsigned i = 0; i < s->nstreams; i++) {
		struct lan_stream *st = &s->streams[i];
		const struct lan_error *e = &st->errors[0];
		uint64_t sent = st->have_end ? st->end_datagrams : 0;

		pthread_mutex_lock(&st->lock);
		lan_ctl_send(s, "STREAM id=%u bytes=%" PRIu64 " datagrams=%" PRIu64
			     " seconds=%.6f retrans=%" PRIu32 " cwnd=%" PRIu32 " rtt=%" PRIu32
			     " failed=%d"
			     " wrong=%" PRIu64 " lost=%" PRIu64 " dup=%" PRIu64 " reord=%" PRIu64
			     " jitter=%.9f errors=%u err_off=%" PRIu64 " err_exp=%u err_found=%u"
			     " err_at=%.6f",
			     st->id, atomic_load(&st->offset), atomic_load(&st->datagrams),
			     st->sending ? lan_seconds(s->t0_ns, st->t_last_ns) :
			     recv_seconds(s, st), st->retransmits, st->cwnd_bytes, st->rtt_us,
			     st->failed,
			     st->wrong_bytes, st->sending || !s->cfg.udp ? 0 : lan_udp_lost(st, sent),
			     st->udp.duplicates, st->udp.reordered, st->udp.jitter_s, st->nerrors,
			     st->nerrors ? e->offset : 0, st->nerrors ? e->expected : 0,
			     st->nerrors ? e->found : 0, st->nerrors ? e->at : 0);
		pthread_mutex_unlock(&st->lock);
	}
	lan_ctl_send(s, "DONE");
}

static void take_stream_result(struct lan_session *s, const char *line)
{
	uint64_t id, v;

	if (lan_kv_u64(line, "id", &id) || id >= s->nstreams)
		return;
	struct lan_stream *st = &s->streams[id];

	lan_kv_u64(line, "bytes", &st->peer.bytes);
	lan_kv_u64(line, "datagrams", &st->peer.datagrams);
	lan_kv_real(line, "seconds", &st->peer.seconds);
	if (!lan_kv_u64(line, "retrans", &v))
		st->peer.retransmits = (uint32_t)v;
	if (!lan_kv_u64(line, "cwnd", &v))
		st->peer.cwnd_bytes = (uint32_t)v;
	if (!lan_kv_u64(line, "rtt", &v))	/* older peers do not send it */
		st->peer.rtt_us = (uint32_t)v;
	if (!lan_kv_u64(line, "failed", &v))
		st->peer.failed = (int)v;
	lan_kv_u64(line, "wrong", &st->peer.wrong);
	lan_kv_u64(line, "lost", &st->peer.lost);
	lan_kv_u64(line, "dup", &st->peer.duplicates);
	lan_kv_u64(line, "reord", &st->peer.reordered);
	lan_kv_real(line, "jitter", &st->peer.jitter_s);
	if (!lan_kv_u64(line, "errors", &v) && v) {
		struct lan_error *e = &st->peer.error;

		st->peer.have_error = 1;
		lan_kv_u64(line, "err_off", &e->offset);
		if (!lan_kv_u64(line, "err_exp", &v))
			e->expected = (uint8_t)v;
		if (!lan_kv_u64(line, "err_found", &v))
			e->found = (uint8_t)v;
		lan_kv_real(line, "err_at", &e->at);
	}
	st->peer.have = 1;
}

/* Any line of the peer's: its END, or its results, which may come early. */
static void take_line(struct lan_session *s, const char *line)
{
	if (strstr(line, " IVAL ")) {
		lan_interval_take(s, line);
	} else if (strstr(line, " END ")) {
		take_end(s, line);
	} else if (strstr(line, " RESULT ")) {
		lan_kv_real(line, "cpu_user", &s->remote.cpu_user_s);
		lan_kv_real(line, "cpu_sys", &s->remote.cpu_sys_s);
		lan_kv_real(line, "wall", &s->remote.wall_s);
		s->remote.have = 1;
	} else if (strstr(line, " STREAM ")) {
		take_stream_result(s, line);
	} else if (strstr(line, " DONE")) {
		s->peer_done = 1;
	}
}

static void take_results(struct lan_session *s)
{
	char line[8192], why[160];
	uint64_t until = bk_now_ns() + (uint64_t)(LAN_STALL_S * 1e9);

	while (!s->peer_done && bk_now_ns() < until) {
		int r = lan_ctl_recv(s, line, sizeof(line), 1000, why, sizeof(why));

		if (r < 0) {
			s->vanished = 1;
			snprintf(s->vanished_why, sizeof(s->vanished_why),
				 "%s before sending its results", why);
			return;
		}
		if (r)
			take_line(s, line);
	}
	if (s->peer_done)
		return;
	s->vanished = 1;
	snprintf(s->vanished_why, sizeof(s->vanished_why),
		 "the peer sent no results within %.0f s", LAN_STALL_S);
}

int lan_session_run(struct lan_session *s)
{
	double u0, s0;

	cpu_now(&u0, &s0);
	lan_report_header(s);
	run_streams(s);
	cpu_now(&s->local.cpu_user_s, &s->local.cpu_sys_s);
	s->local.cpu_user_s -= u0;
	s->local.cpu_sys_s -= s0;
	s->local.wall_s = lan_seconds(s->t0_ns, bk_now_ns());
	s->local.have = 1;
	if (!s->vanished && !bk_stop_requested()) {
		send_results(s);
		take_results(s);
	}
	lan_interval_flush(s, 1);
	return lan_report_end(s);
}
