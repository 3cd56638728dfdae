// SPDX-License-Identifier: MIT
/*
 * burnkit lan: iperf3's measurements with every byte checked. One runner
 * is both ends: "burnkit lan --server" serves clients one after another,
 * "burnkit lan HOST" runs TCP streams (or UDP at a rate) to it, from it or
 * both ways for Seconds, with rows every Interval. The receiver checks
 * every byte against the self-identifying pattern (lan_payload.h): a NIC or
 * driver that damages data after the checksum offload passes TCP's check,
 * not this one.
 */
#include "lan.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tester.h"

static const struct bk_param lan_params[] = {
	{ "host", "Host", BK_PT_STR, 0, 0, NULL,
	  "the server to test against (also the first word: burnkit lan HOST)", NULL },
	{ "server", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "be the server: serve clients one after another", NULL },
	{ "bind", NULL, BK_PT_STR, 0, 0, NULL,
	  "local address to listen on (server) or send from (client)", NULL },
	{ "port", NULL, BK_PT_INT, 1, 65535, "5301", "the server's TCP port", NULL },
	{ "one-off", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "server: serve one client, then exit with its run's status", NULL },
	{ "limit-seconds", NULL, BK_PT_REAL, 0, 1e7, "0",
	  "server: stop serving after this many seconds (runs are cut to fit); 0 never", NULL },
	{ "limit-bytes", NULL, BK_PT_SIZE, 0, 1e18, "0",
	  "server: stop serving once runs moved this many bytes; 0 never", NULL },
	{ "seconds", "Seconds", BK_PT_REAL, 0.1, 86400, "10",
	  "time to send, as iperf3 -t", NULL },
	{ "reverse", "Reverse", BK_PT_FLAG, 0, 0, NULL,
	  "the server sends, the client receives (iperf3 -R)", NULL },
	{ "bidir", "Bidir", BK_PT_FLAG, 0, 0, NULL,
	  "both ways at once (iperf3 --bidir)", NULL },
	{ "parallel", "Parallel", BK_PT_INT, 1, LAN_MAX_STREAMS, "1",
	  "streams per direction (iperf3 -P)", NULL },
	{ "udp", "Udp", BK_PT_FLAG, 0, 0, NULL,
	  "UDP datagrams at --rate instead of TCP: loss, reordering, jitter", NULL },
	{ "rate", NULL, BK_PT_STR, 0, 0, "1M",
	  "UDP: bits per second per stream, suffix k, M, G (10^3, 10^6, 10^9); 0: "
	  "as fast as it goes", NULL },
	{ "length", NULL, BK_PT_SIZE, 64, 64 << 20, NULL,
	  "TCP: bytes per send and receive (default 128K); UDP: datagram size, a "
	  "multiple of 8 up to 65000 (default 1400)", NULL },
	{ "window", NULL, BK_PT_SIZE, 0, 1 << 30, "0",
	  "socket buffer size (SO_SNDBUF/SO_RCVBUF); 0: the kernel's autotuning", NULL },
	{ "interval", "Interval", BK_PT_REAL, 0, 3600, "1",
	  "seconds between rows; 0: totals only", NULL },
	BK_PARAMS_END
};

static int parse_rate(const char *text, double *bits)
{
	char *end;
	double v = strtod(text, &end);

	if (end == text || !isfinite(v) || v < 0)
		return -1;
	switch (*end) {
	case 'k': case 'K':
		v *= 1e3, end++;
		break;
	case 'm': case 'M':
		v *= 1e6, end++;
		break;
	case 'g': case 'G':
		v *= 1e9, end++;
		break;
	}
	if (*end || v > 1e12)
		return -1;
	*bits = v;
	return 0;
}

static int lan_config_from(struct bk_ctx *ctx, struct lan_config *c)
{
	const struct bk_params *p = &ctx->params;
	int udp = bk_param_flag(p, "udp");

	memset(c, 0, sizeof(*c));
	c->udp = udp;
	c->streams = (unsigned)bk_param_int(p, "parallel");
	c->up = !bk_param_flag(p, "reverse") || bk_param_flag(p, "bidir");
	c->down = bk_param_flag(p, "reverse") || bk_param_flag(p, "bidir");
	c->seconds = bk_param_real(p, "seconds");
	c->interval = bk_param_real(p, "interval");
	c->ivals = c->interval > 0;
	c->window = (uint32_t)bk_param_bytes(p, "window", 0);
	c->length = bk_param_given(p, "length") ? (uint32_t)bk_param_bytes(p, "length", 0) :
		    udp ? 1400 : 128 * 1024;
	if (parse_rate(bk_param_str(p, "rate"), &c->rate)) {
		pr_fail("bad value \"%s\" for --rate: not a rate; allowed: bits per second, "
			"suffix k, M or G, e.g. 100M", bk_param_str(p, "rate"));
		return -1;
	}
	if (udp && (c->length % 8 || c->length > 65000)) {
		pr_fail("bad value %" PRIu32 " for --length with --udp: give a multiple of 8 "
			"from 64 to 65000", c->length);
		return -1;
	}
	if (getrandom(&c->run, sizeof(c->run), 0) != sizeof(c->run))
		c->run = bk_wall_ns() ^ ((uint64_t)getpid() << 32);
	return 0;
}

/* Open the client's data connections or UDP sockets, as the OK line says. */
static int client_streams(struct lan_session *s, const char *host, unsigned port,
			  const char *bind_addr, const char *ok, char *why, size_t whylen)
{
	char ports[4096] = "", peer[80];
	size_t off = 0;

	if (lan_session_streams(s)) {
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	if (s->cfg.udp) {
		char theirs[4096];
		const char *p = theirs;

		if (lan_kv(ok, "ports", theirs, sizeof(theirs))) {
			snprintf(why, whylen, "the server named no UDP ports");
			return -1;
		}
		for (unsigned i = 0; i < s->nstreams; i++) {
			struct lan_stream *st = &s->streams[i];
			unsigned mine;
			char *end;
			unsigned long theirport = strtoul(p, &end, 10);

			p = *end == ',' ? end + 1 : end;
			st->fd = lan_udp_socket(s->ctl, &mine, why, whylen);
			if (st->fd < 0 || lan_udp_connect(st->fd, s->ctl, (unsigned)theirport,
							  why, whylen))
				return -1;
			lan_sock_tune(st->fd, &s->cfg, 0);
			off += (size_t)snprintf(ports + off, sizeof(ports) - off, "%s%u",
						i ? "," : "", mine);
		}
		return lan_ctl_send(s, "PORTS ports=%s", ports);
	}
	for (unsigned i = 0; i < s->nstreams; i++) {
		struct lan_stream *st = &s->streams[i];
		unsigned char hello[LAN_HELLO_BYTES];

		st->fd = lan_tcp_connect(host, port, bind_addr, peer, sizeof(peer), why, whylen);
		if (st->fd < 0)
			return -1;
		lan_sock_tune(st->fd, &s->cfg, 1);
		lan_data_hello(s->cfg.run, st->id, hello);
		if (send(st->fd, hello, sizeof(hello), MSG_NOSIGNAL) != sizeof(hello)) {
			snprintf(why, whylen, "sending the hello of stream %u: %s", st->id,
				 strerror(errno));
			return -1;
		}
		if (st->dir == LAN_UP)
			atomic_store(&st->offset, LAN_HELLO_BYTES);
	}
	return 0;
}

static int lan_client(struct bk_ctx *ctx, const char *host)
{
	static struct lan_session s;
	unsigned port = (unsigned)bk_param_int(&ctx->params, "port");
	const char *bind_addr = bk_param_str(&ctx->params, "bind");
	char line[8192], why[256];
	int r, rc;

	memset(&s, 0, sizeof(s));
	s.log = &ctx->log;
	s.listen_fd = -1;
	if (lan_config_from(ctx, &s.cfg))
		return BK_EXIT_USAGE;
	s.ctl = lan_tcp_connect(host, port, bind_addr, s.peer, sizeof(s.peer), why, sizeof(why));
	if (s.ctl < 0) {
		pr_fail("%s", why);
		return strstr(why, "no such host") ? BK_EXIT_USAGE : BK_EXIT_ENV;
	}
	lan_hello_format(&s.cfg, line, sizeof(line));
	lan_ctl_send(&s, "%s", line);
	r = lan_ctl_recv(&s, line, sizeof(line), 5000, why, sizeof(why));
	if (r <= 0) {
		pr_fail("%s port %u is not a burnkit lan server: %s", host, port,
			r ? why : "no answer within 5 s");
		rc = BK_EXIT_ENV;
		goto out;
	}
	if (strncmp(line, LAN_MAGIC " ", sizeof(LAN_MAGIC))) {
		pr_fail("%s port %u is not a burnkit lan server (it answered \"%.60s\")", host,
			port, line);
		rc = BK_EXIT_ENV;
		goto out;
	}
	if (!strncmp(line, LAN_MAGIC " BUSY", sizeof(LAN_MAGIC " BUSY") - 1) ||
	    !strncmp(line, LAN_MAGIC " REFUSED", sizeof(LAN_MAGIC " REFUSED") - 1)) {
		pr_fail("the server at %s port %u said: %s", host, port, line + sizeof(LAN_MAGIC));
		rc = BK_EXIT_ENV;
		goto out;
	}
	if (strncmp(line, LAN_MAGIC " OK", sizeof(LAN_MAGIC " OK") - 1) ||
	    lan_kv_real(line, "seconds", &s.cfg.seconds)) {
		pr_fail("unexpected answer from %s port %u: \"%.80s\"", host, port, line);
		rc = BK_EXIT_ENV;
		goto out;
	}
	{
		uint64_t v;

		s.ivals_peer = s.cfg.ivals && s.cfg.up && !lan_kv_u64(line, "ivals", &v) && v == 1;
	}
	if (client_streams(&s, host, port, bind_addr, line, why, sizeof(why))) {
		pr_fail("%s", why);
		rc = BK_EXIT_ENV;
		goto out;
	}
	r = lan_ctl_recv(&s, line, sizeof(line), 10000, why, sizeof(why));
	if (r <= 0 || !strstr(line, " START")) {
		pr_fail("the server did not start the run: %s",
			r < 0 ? why : r ? line : "no START within 10 s");
		rc = BK_EXIT_ENV;
		goto out;
	}
	s.t0_ns = bk_now_ns();
	rc = lan_session_run(&s);
out:
	lan_session_free(&s);
	close(s.ctl);
	return rc;
}

/* A connection to the listening port while a client sets up its streams. */
static int take_data_connection(struct lan_session *s, int fd, unsigned *got)
{
	unsigned char hello[LAN_HELLO_BYTES];
	struct timeval tv = { .tv_sec = 2 };
	uint64_t run;
	unsigned id;

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (recv(fd, hello, sizeof(hello), MSG_WAITALL) != sizeof(hello) ||
	    lan_data_hello_parse(hello, &run, &id) || run != s->cfg.run ||
	    id >= s->nstreams || s->streams[id].fd >= 0) {
		if (!memcmp(hello, LAN_MAGIC, 8)) {
			static const char busy[] = LAN_MAGIC " BUSY setting up another "
				"client's run; try again in a few seconds\n";

			if (send(fd, busy, sizeof(busy) - 1, MSG_NOSIGNAL) < 0)
				pr_dbg("refusing a client: %s", strerror(errno));
		}
		close(fd);
		return 0;
	}
	struct lan_stream *st = &s->streams[id];

	st->fd = fd;
	lan_sock_tune(fd, &s->cfg, 1);
	if (st->dir == LAN_UP)
		atomic_store(&st->offset, LAN_HELLO_BYTES);
	(*got)++;
	return 0;
}

/* The server's side of setting up: the client's streams, then START. */
static int server_streams(struct lan_session *s, int lfd, char *why, size_t whylen)
{
	char line[8192], ports[4096] = "";
	size_t off = 0;
	unsigned got = 0;

	if (lan_session_streams(s)) {
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	if (s->cfg.udp) {
		unsigned port[LAN_MAX_STREAMS * 2];

		for (unsigned i = 0; i < s->nstreams; i++) {
			s->streams[i].fd = lan_udp_socket(s->ctl, &port[i], why, whylen);
			if (s->streams[i].fd < 0)
				return -1;
			lan_sock_tune(s->streams[i].fd, &s->cfg, 0);
			off += (size_t)snprintf(ports + off, sizeof(ports) - off, "%s%u",
						i ? "," : "", port[i]);
		}
		lan_ctl_send(s, "OK seconds=%.6g ports=%s%s", s->cfg.seconds, ports,
			     s->ivals_send ? " ivals=1" : "");
		if (lan_ctl_recv(s, line, sizeof(line), 5000, why, whylen) <= 0 ||
		    lan_kv(line, "ports", ports, sizeof(ports))) {
			snprintf(why, whylen, "the client named no UDP ports");
			return -1;
		}
		const char *p = ports;

		for (unsigned i = 0; i < s->nstreams; i++) {
			char *end;
			unsigned long theirs = strtoul(p, &end, 10);

			p = *end == ',' ? end + 1 : end;
			if (lan_udp_connect(s->streams[i].fd, s->ctl, (unsigned)theirs, why, whylen))
				return -1;
		}
	} else {
		uint64_t until = bk_now_ns() + 10000000000ull;

		lan_ctl_send(s, "OK seconds=%.6g%s", s->cfg.seconds,
			     s->ivals_send ? " ivals=1" : "");
		while (got < s->nstreams) {
			struct pollfd p = { .fd = lfd, .events = POLLIN };

			if (bk_now_ns() > until) {
				snprintf(why, whylen, "%u of %u data connections came within 10 s",
					 got, s->nstreams);
				return -1;
			}
			if (poll(&p, 1, 500) <= 0)
				continue;
			int fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);

			if (fd >= 0)
				take_data_connection(s, fd, &got);
		}
	}
	return lan_ctl_send(s, "START");
}

/* One client on the accepted control connection ctl. */
static int serve_one(struct bk_ctx *ctx, int lfd, int ctl, double seconds_left,
		     uint64_t *bytes)
{
	static struct lan_session s;
	char line[8192], why[256];
	int r, rc;

	memset(&s, 0, sizeof(s));
	s.log = &ctx->log;
	s.server = 1;
	s.ctl = ctl;
	s.listen_fd = lfd;
	{
		struct sockaddr_storage ss;
		socklen_t len = sizeof(ss);
		char host[64] = "?", port[16] = "?";

		getpeername(ctl, (struct sockaddr *)&ss, &len);
		getnameinfo((struct sockaddr *)&ss, len, host, sizeof(host), port, sizeof(port),
			    NI_NUMERICHOST | NI_NUMERICSERV);
		snprintf(s.peer, sizeof(s.peer), "%s port %s",
			 strncmp(host, "::ffff:", 7) ? host : host + 7, port);
	}
	r = lan_ctl_recv(&s, line, sizeof(line), 5000, why, sizeof(why));
	if (r <= 0 || lan_hello_parse(line, &s.cfg, why, sizeof(why))) {
		if (r == 0)
			snprintf(why, sizeof(why), "said nothing within 5 s");
		bk_out(&ctx->log, " Refused %s: %s\n", s.peer, why);
		lan_ctl_send(&s, "REFUSED %s", why);
		rc = BK_EXIT_ENV;
		goto out;
	}
	if (seconds_left > 0 && s.cfg.seconds > seconds_left)
		s.cfg.seconds = seconds_left;
	s.ivals_send = s.cfg.ivals && s.cfg.interval > 0 && s.cfg.up;
	if (server_streams(&s, lfd, why, sizeof(why))) {
		bk_out(&ctx->log, " Run of %s not started: %s\n", s.peer, why);
		rc = BK_EXIT_ENV;
		goto out;
	}
	s.t0_ns = bk_now_ns();
	rc = lan_session_run(&s);
	for (unsigned i = 0; i < s.nstreams; i++)
		*bytes += atomic_load(&s.streams[i].offset);
out:
	lan_session_free(&s);
	close(ctl);
	return rc;
}

static int lan_server(struct bk_ctx *ctx)
{
	const struct bk_params *p = &ctx->params;
	unsigned port = (unsigned)bk_param_int(p, "port");
	double limit_s = bk_param_real(p, "limit-seconds");
	uint64_t limit_b = bk_param_bytes(p, "limit-bytes", 0), bytes = 0, t0 = bk_now_ns();
	unsigned long runs = 0, failed = 0;
	char why[256];
	int lfd, worst = BK_EXIT_OK, last = BK_EXIT_OK;

	lfd = lan_tcp_listen(bk_param_str(p, "bind"), port, why, sizeof(why));
	if (lfd < 0) {
		pr_fail("%s", why);
		return BK_EXIT_ENV;
	}
	bk_out(&ctx->log, "\n Server listening on %s port %u%s\n",
	       bk_param_str(p, "bind") ? bk_param_str(p, "bind") : "every address", port,
	       bk_param_flag(p, "one-off") ? ", for one client" : "");
	for (;;) {
		double elapsed = lan_seconds(t0, bk_now_ns());
		struct pollfd pf = { .fd = lfd, .events = POLLIN };

		if (bk_stop_requested()) {
			worst = BK_EXIT_INTERRUPTED;
			break;
		}
		if (limit_s > 0 && elapsed >= limit_s) {
			bk_out(&ctx->log, " Time limit of %.6g s reached\n", limit_s);
			break;
		}
		if (limit_b && bytes >= limit_b) {
			bk_out(&ctx->log, " Byte limit reached: %" PRIu64 " bytes moved\n", bytes);
			break;
		}
		if (poll(&pf, 1, 500) <= 0)
			continue;
		int ctl = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);

		if (ctl < 0)
			continue;
		last = serve_one(ctx, lfd, ctl, limit_s > 0 ? limit_s - elapsed : 0, &bytes);
		if (last == BK_EXIT_ENV)
			continue;	/* not a run: a stray connection */
		runs++;
		if (last == BK_EXIT_INTERRUPTED) {
			worst = last;
			break;
		}
		if (last != BK_EXIT_OK) {
			failed++;
			worst = BK_EXIT_FAULT;
		}
		if (bk_param_flag(p, "one-off"))
			break;
	}
	close(lfd);
	bk_out(&ctx->log, "\n Served %lu run%s, %lu with errors\n", runs, runs == 1 ? "" : "s",
	       failed);
	bk_json_uint(&ctx->log.summary, "runs", runs);
	bk_json_uint(&ctx->log.summary, "failed_runs", failed);
	bk_json_uint(&ctx->log.summary, "bytes", bytes);
	return worst;
}

static int lan_run(struct bk_ctx *ctx)
{
	const char *host = bk_param_str(&ctx->params, "host");
	int server = bk_param_flag(&ctx->params, "server");

	if (server == !!host) {
		pr_fail(server ? "give either --server or HOST, not both" :
			"no HOST: give the server to test against (burnkit lan HOST), or "
			"--server to be one");
		return BK_EXIT_USAGE;
	}
	bk_install_stop_handlers();
	if (server)
		return lan_server(ctx);
	return lan_client(ctx, host);
}

static int lan_supported(char *why, size_t len)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0) {
		snprintf(why, len, "no TCP/IP sockets here: %s", strerror(errno));
		return -1;
	}
	close(fd);
	return 0;
}

const struct bk_tester bk_tester_lan = {
	.name = "lan",
	.summary = "Network throughput as iperf3, every byte checked: TCP, UDP, both ways",
	.help = "burnkit lan --server [--bind ADDR] [--port N] [--one-off] on one machine,\n"
		"burnkit lan HOST [--seconds S] [--reverse] [--bidir] [--parallel N]\n"
		"[--udp --rate R] [--interval S] on the other (legacy: burnkit lan HOST\n"
		"Seconds 10, Parallel 4, Reverse). Rows every Interval give each stream's\n"
		"Mbit/s (10^6 bits), the sender's retransmits and congestion window\n"
		"(TCP_INFO), or UDP datagrams and losses; at the end both sides' totals,\n"
		"UDP loss, reordering and jitter (RFC 3550) and the CPU time of both ends.\n"
		"Unlike iperf3 the receiver checks every byte: each 8-byte word holds its\n"
		"stream offset keyed with the stream and a run id, so damaged, lost or\n"
		"misplaced data is reported with stream, offset (bytes from the start of\n"
		"that TCP connection), expected and found byte, and exit status 1. A peer\n"
		"that vanishes mid-run is exit 1 with where each stream stopped. The\n"
		"server serves one client at a time (others are told it is busy) until\n"
		"--one-off, --limit-seconds or --limit-bytes. Text log (Log N):\n"
		"logLanN.txt; --json: lan_interval, lan_stream, lan_run and error records.",
	.params = lan_params,
	.log_prefix = "logLan",
	.quick = NULL,
	.flags = BK_TF_NO_TIMER | BK_TF_HOST_ARG,
	/* A run is a pass: its receivers' mean over the run. */
	.throughput = { .record = "lan_run", .value = "mbit_per_s", .unit = "Mbit/s",
			.seconds = "seconds", .duration_opt = "seconds" },
	.supported = lan_supported,
	.run = lan_run,
};
