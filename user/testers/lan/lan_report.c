// SPDX-License-Identifier: MIT
/*
 * lan_report: iperf3's totals in burnkit's voice (the rows of each
 * interval are lan_interval.c's). Errors as they are found, and at the end
 * per stream the sender's and the receiver's totals, what went wrong, the
 * CPU time of both ends; the matching JSON records error, lan_stream and
 * lan_run, and the run's figures in the summary.
 */
#include "lan.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

double lan_seconds(uint64_t from_ns, uint64_t to_ns)
{
	return to_ns > from_ns ? (double)(to_ns - from_ns) / 1e9 : 0;
}

static const char *dir_name(enum lan_dir d)
{
	return d == LAN_UP ? "up" : "down";
}

double lan_mbit(uint64_t bytes, double seconds)
{
	return seconds > 0 ? (double)bytes * 8 / seconds / 1e6 : 0;
}

const char *lan_amount(char *buf, size_t len, double bytes)
{
	if (bytes >= 1e9)
		snprintf(buf, len, "%6.2f GB", bytes / 1e9);
	else if (bytes >= 1e6)
		snprintf(buf, len, "%6.1f MB", bytes / 1e6);
	else
		snprintf(buf, len, "%6.1f kB", bytes / 1e3);
	return buf;
}

void lan_report_header(struct lan_session *s)
{
	const struct lan_config *c = &s->cfg;

	bk_out(s->log, "\n %s %s, %s, %u stream%s %s, %.6g s, run id %016" PRIx64 "\n",
	       s->server ? "Serving" : "Connected to", s->peer, c->udp ? "UDP" : "TCP",
	       c->streams, c->streams > 1 ? "s" : "",
	       c->up && c->down ? "each way" : c->up ? "up (client to server)" :
	       "down (server to client)", c->seconds, c->run);
	if (c->udp && c->rate > 0)
		bk_out(s->log, " %u-byte datagrams at %.6g Mbit/s per stream\n", c->length,
		       c->rate / 1e6);
	else if (c->udp)
		bk_out(s->log, " %u-byte datagrams, as fast as they go\n", c->length);
	bk_out(s->log, " Every byte is checked by its receiver.\n\n");
	if (c->interval > 0)
		bk_out(s->log, " [ ID] Dir   Interval         Transfer      Mbit/s %s%s\n",
		       c->udp ? " Datagrams   Lost" : "  Retr      Cwnd",
		       s->ivals_peer ? "  Received" : "");
}

static void error_out(struct lan_session *s, const struct lan_stream *st,
		      const struct lan_error *e, const char *found_by, uint64_t total)
{
	struct bk_json j;
	char seen[96] = "";

	if (e->have_decoded)
		snprintf(seen, sizeof(seen), "; its unit's header says offset %" PRIu64
			 " (data out of place)", e->decoded);
	bk_out(s->log, " ERROR stream %u (%s), offset %" PRIu64 ": expected 0x%02x, found "
	       "0x%02x, at %.2f s, found by the %s%s\n", st->id, dir_name(st->dir), e->offset,
	       e->expected, e->found, e->at, found_by, seen);
	bk_json_init(&j);
	bk_rec_begin(s->log, &j, "error");
	bk_json_str(&j, "what", "wrong byte");
	bk_json_uint(&j, "stream", st->id);
	bk_json_str(&j, "dir", dir_name(st->dir));
	bk_json_uint(&j, "offset", e->offset);
	bk_json_uint(&j, "expected", e->expected);
	bk_json_uint(&j, "found", e->found);
	bk_json_realp(&j, "at", e->at, 6);
	bk_json_str(&j, "found_by", found_by);
	if (e->have_decoded)
		bk_json_uint(&j, "holds_offset", e->decoded);
	if (total)
		bk_json_uint(&j, "wrong_bytes", total);
	bk_rec_end(s->log, &j);
	bk_json_free(&j);
}

void lan_report_errors(struct lan_session *s)
{
	for (unsigned i = 0; i < s->nstreams; i++) {
		struct lan_stream *st = &s->streams[i];

		pthread_mutex_lock(&st->lock);
		while (st->reported < st->nerrors)
			error_out(s, st, &st->errors[st->reported++], s->server ? "server" :
				  "client", 0);
		pthread_mutex_unlock(&st->lock);
	}
}

static void failure(struct lan_session *s, const char *what, int stream)
{
	struct bk_json j;

	bk_out(s->log, " ERROR %s\n", what);
	bk_json_init(&j);
	bk_rec_begin(s->log, &j, "error");
	bk_json_str(&j, "what", what);
	if (stream >= 0)
		bk_json_int(&j, "stream", stream);
	bk_rec_end(s->log, &j);
	bk_json_free(&j);
}

/* Per direction, summed over its streams. */
struct lan_dir_total {
	int n;
	uint64_t sent, received, retransmits, wrong, datagrams_sent, datagrams, lost, reordered;
	double seconds, jitter_s;
};

static void stream_total(struct lan_session *s, struct lan_stream *st, struct lan_dir_total *t)
{
	struct bk_json j;
	int here = !st->sending;	/* the receiver is this side */
	uint64_t received = here ? atomic_load(&st->offset) : st->peer.bytes;
	uint64_t sent = st->sending ? atomic_load(&st->offset) : st->end_bytes;
	double secs = here ? (st->t_last_ns > s->t0_ns ? lan_seconds(s->t0_ns, st->t_last_ns) : 0)
		      : st->peer.seconds;
	uint32_t retr = st->sending ? st->retransmits : st->peer.retransmits;
	uint64_t wrong = here ? st->wrong_bytes : st->peer.wrong;
	uint64_t dsent = st->sending ? atomic_load(&st->datagrams) : st->end_datagrams;
	uint64_t dgot = here ? st->udp.received : st->peer.datagrams;
	uint64_t lost = here ? lan_udp_lost(st, dsent) : st->peer.lost;
	uint64_t reord = here ? st->udp.reordered : st->peer.reordered;
	double jit = here ? st->udp.jitter_s : st->peer.jitter_s;

	t->n++;
	t->sent += sent, t->received += received, t->retransmits += retr, t->wrong += wrong;
	t->datagrams_sent += dsent, t->datagrams += dgot, t->lost += lost, t->reordered += reord;
	if (secs > t->seconds)
		t->seconds = secs;
	if (jit > t->jitter_s)
		t->jitter_s = jit;

	bk_json_init(&j);
	bk_rec_begin(s->log, &j, "lan_stream");
	bk_json_uint(&j, "stream", st->id);
	bk_json_str(&j, "dir", dir_name(st->dir));
	bk_json_str(&j, "side", st->sending ? "sender" : "receiver");
	bk_json_uint(&j, "bytes_sent", sent);
	bk_json_uint(&j, "bytes_received", received);
	bk_json_realp(&j, "seconds", secs, 6);
	bk_json_realp(&j, "mbit_per_s", lan_mbit(received, secs), 6);
	bk_json_uint(&j, "wrong_bytes", wrong);
	if (!s->cfg.udp) {
		bk_json_uint(&j, "retransmits", retr);
		bk_json_uint(&j, "cwnd_bytes", st->sending ? st->cwnd_bytes : st->peer.cwnd_bytes);
		uint32_t rtt = st->sending ? st->rtt_us : st->peer.rtt_us;

		if (rtt)	/* 0: no TCP_INFO there, or a peer that does not send it */
			bk_json_realp(&j, "rtt_ms", rtt / 1e3, 4);
	} else {
		bk_json_uint(&j, "datagrams_sent", dsent);
		bk_json_uint(&j, "datagrams_received", dgot);
		bk_json_uint(&j, "lost", lost);
		bk_json_uint(&j, "reordered", reord);
		bk_json_uint(&j, "duplicates", here ? st->udp.duplicates : st->peer.duplicates);
		bk_json_realp(&j, "jitter_ms", jit * 1e3, 6);
	}
	bk_rec_end(s->log, &j);
	bk_json_free(&j);
}

static double cpu_percent(const struct lan_side *x)
{
	return x->wall_s > 0 ? (x->cpu_user_s + x->cpu_sys_s) / x->wall_s * 100 : 0;
}

/* Did every stream end whole? Says what went wrong; returns the failures. */
static int check_ends(struct lan_session *s)
{
	char what[320];
	int bad = 0;

	if (s->vanished) {
		snprintf(what, sizeof(what), "the peer vanished mid-run: %s", s->vanished_why);
		failure(s, what, -1);
		bad++;
		for (unsigned i = 0; i < s->nstreams; i++) {
			struct lan_stream *st = &s->streams[i];

			snprintf(what, sizeof(what), "stream %u (%s) stopped at offset %" PRIu64
				 " (bytes %s)", st->id, dir_name(st->dir), atomic_load(&st->offset),
				 st->sending ? "sent" : "received and checked");
			failure(s, what, (int)st->id);
		}
	}
	for (unsigned i = 0; i < s->nstreams; i++) {
		struct lan_stream *st = &s->streams[i];
		uint64_t off = atomic_load(&st->offset);

		if (st->failed) {
			snprintf(what, sizeof(what), "stream %u (%s): %s", st->id, dir_name(st->dir),
				 st->why);
			failure(s, what, (int)st->id);
			bad++;
		} else if (!s->vanished && !s->cfg.udp && !st->sending && st->have_end &&
			   st->end_bytes != off) {
			snprintf(what, sizeof(what), "stream %u (%s): the sender sent %" PRIu64
				 " bytes, %" PRIu64 " arrived", st->id, dir_name(st->dir),
				 st->end_bytes, off);
			failure(s, what, (int)st->id);
			bad++;
		}
		if (st->peer.have && st->peer.failed) {
			snprintf(what, sizeof(what), "stream %u (%s) failed on the peer's side",
				 st->id, dir_name(st->dir));
			failure(s, what, (int)st->id);
			bad++;
		}
		if (st->peer.have_error)
			error_out(s, st, &st->peer.error, s->server ? "client" : "server",
				  st->peer.wrong);
	}
	return bad;
}

int lan_report_end(struct lan_session *s)
{
	struct lan_dir_total tot[2];
	struct bk_json scratch, *sum = &s->log->summary, j;
	double mb_sum = 0;
	uint64_t wrong = 0;
	char a[24];
	int bad;

	if (bk_stop_requested()) {
		bk_out(s->log, "\n Interrupted at %.2f s\n", lan_seconds(s->t0_ns, bk_now_ns()));
		return BK_EXIT_INTERRUPTED;
	}
	bk_json_init(&scratch);
	bk_json_object_begin(&scratch, NULL);
	if (s->server)
		sum = &scratch;	/* a server's runs each have their lan_run record */
	bad = check_ends(s);
	memset(tot, 0, sizeof(tot));
	bk_out(s->log, " - - - - - - - - - - - - - - - - - - - - - - - - -\n");
	for (unsigned i = 0; i < s->nstreams; i++)
		stream_total(s, &s->streams[i], &tot[s->streams[i].dir]);

	bk_json_init(&j);
	bk_rec_begin(s->log, &j, "lan_run");
	bk_json_str(&j, "peer", s->peer);
	bk_json_str(&j, "proto", s->cfg.udp ? "udp" : "tcp");
	bk_json_uint(&j, "streams", s->cfg.streams);
	bk_json_realp(&j, "seconds", s->cfg.seconds, 6);
	for (int d = 0; d < 2; d++) {
		struct lan_dir_total *t = &tot[d];
		char key[48];

		if (!t->n)
			continue;
		double m = lan_mbit(t->received, t->seconds);

		mb_sum += m;
		wrong += t->wrong;
		bk_out(s->log, " [SUM] %-4s  0.00-%-6.2f s %s %11.1f  sent", dir_name((enum lan_dir)d),
		       s->cfg.seconds, lan_amount(a, sizeof(a), (double)t->sent),
		       lan_mbit(t->sent, s->cfg.seconds));
		if (s->cfg.udp)
			bk_out(s->log, ", %" PRIu64 " datagrams\n", t->datagrams_sent);
		else
			bk_out(s->log, ", %" PRIu64 " retransmits\n", t->retransmits);
		bk_out(s->log, " [SUM] %-4s  0.00-%-6.2f s %s %11.1f  received, %" PRIu64
		       " wrong bytes\n", dir_name((enum lan_dir)d), t->seconds,
		       lan_amount(a, sizeof(a), (double)t->received), m, t->wrong);
		if (s->cfg.udp)
			bk_out(s->log, "       %" PRIu64 " of %" PRIu64 " datagrams lost (%.3g %%), "
			       "%" PRIu64 " reordered, jitter %.3f ms\n", t->lost,
			       t->datagrams_sent, t->datagrams_sent ? 100.0 * (double)t->lost /
			       (double)t->datagrams_sent : 0, t->reordered, t->jitter_s * 1e3);
		snprintf(key, sizeof(key), "%s_mbit_per_s", dir_name((enum lan_dir)d));
		bk_json_realp(&j, key, m, 6);
		bk_json_realp(sum, key, m, 6);
		snprintf(key, sizeof(key), "%s_bytes", dir_name((enum lan_dir)d));
		bk_json_uint(&j, key, t->received);
		if (!s->cfg.udp) {
			snprintf(key, sizeof(key), "%s_retransmits", dir_name((enum lan_dir)d));
			bk_json_uint(&j, key, t->retransmits);
			bk_json_uint(sum, key, t->retransmits);
		} else {
			snprintf(key, sizeof(key), "%s_lost", dir_name((enum lan_dir)d));
			bk_json_uint(&j, key, t->lost);
			bk_json_uint(sum, key, t->lost);
			snprintf(key, sizeof(key), "%s_jitter_ms", dir_name((enum lan_dir)d));
			bk_json_realp(&j, key, t->jitter_s * 1e3, 6);
			bk_json_realp(sum, key, t->jitter_s * 1e3, 6);
		}
	}
	bk_out(s->log, " CPU: here %.1f %% of a CPU (user %.2f s, system %.2f s)",
	       cpu_percent(&s->local), s->local.cpu_user_s, s->local.cpu_sys_s);
	if (s->remote.have)
		bk_out(s->log, ", %s %.1f %% (user %.2f s, system %.2f s)",
		       s->server ? "client" : "server", cpu_percent(&s->remote),
		       s->remote.cpu_user_s, s->remote.cpu_sys_s);
	bk_out(s->log, "\n");
	bk_json_realp(&j, "mbit_per_s", mb_sum, 6);
	bk_json_uint(&j, "wrong_bytes", wrong);
	bk_json_realp(&j, "cpu_percent", cpu_percent(&s->local), 4);
	if (s->remote.have)
		bk_json_realp(&j, "peer_cpu_percent", cpu_percent(&s->remote), 4);
	bk_json_bool(&j, "ok", !bad && !wrong);
	bk_rec_end(s->log, &j);
	bk_json_free(&j);
	bk_json_free(&scratch);
	if (!s->server) {
		bk_json_realp(sum, "mbit_per_s", mb_sum, 6);
		bk_json_realp(sum, "seconds", s->cfg.seconds, 6);
		bk_json_uint(sum, "wrong_bytes", wrong);
		bk_json_realp(sum, "cpu_percent", cpu_percent(&s->local), 4);
		if (s->remote.have)
			bk_json_realp(sum, "server_cpu_percent", cpu_percent(&s->remote), 4);
	}
	if (wrong)
		bk_out(s->log, " %" PRIu64 " wrong byte%s received: the data was damaged on the "
		       "way (NIC, driver, cable or memory)\n", wrong, wrong > 1 ? "s" : "");
	else if (!bad)
		bk_out(s->log, " Every byte arrived and was right.\n");
	return bad || wrong ? BK_EXIT_FAULT : BK_EXIT_OK;
}
