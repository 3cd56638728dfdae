// SPDX-License-Identifier: MIT
/*
 * lan_interval: the rows of each interval, iperf3's in burnkit's voice. A
 * row per stream and interval (and a [SUM] row per direction with more
 * than one stream), and its lan_interval record. Each side samples its own
 * streams: bytes moved, the sender's retransmits, congestion window and
 * round trip time (TCP_INFO), UDP datagrams and the receiver's losses.
 *
 * The client's rows also say what the server received on the streams the
 * client sends on, interval by interval. A client asks with "ivals=1" in
 * its HELLO; a server that can, and that receives a stream of the run,
 * answers "ivals=1" in its OK and sends after each of its rows
 *
 *   IVAL n=K from=F to=T ids=a,b,... bytes=x,y,... [datagrams=... lost=...]
 *
 * (K: the interval's number, from/interval rounded; F-T: the server's own
 * interval, its clock started at START; ids: the streams it receives). The
 * client holds its rows until the IVAL of the same number comes, at most
 * LAN_IVAL_WAIT_S past their end and LAN_IVAL_QUEUE intervals; a row whose
 * figures did not come is written without them. Older peers neither ask
 * nor answer, and their rows stay as they were.
 */
#include "lan.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const char *dir_name(enum lan_dir d)
{
	return d == LAN_UP ? "up" : "down";
}

int lan_interval_alloc(struct lan_session *s)
{
	for (unsigned q = 0; q < LAN_IVAL_QUEUE; q++) {
		struct lan_ival *v = &s->ival[q];

		v->mine = calloc(s->nstreams, sizeof(*v->mine));
		v->peer = calloc(s->nstreams, sizeof(*v->peer));
		v->peer_has = calloc(s->nstreams, 1);
		if (!v->mine || !v->peer || !v->peer_has)
			return -1;
	}
	return 0;
}

void lan_interval_free(struct lan_session *s)
{
	for (unsigned q = 0; q < LAN_IVAL_QUEUE; q++) {
		free(s->ival[q].mine);
		free(s->ival[q].peer);
		free(s->ival[q].peer_has);
		memset(&s->ival[q], 0, sizeof(s->ival[q]));
	}
	s->ival_head = s->ival_next = 0;
}

/* One row: this side's figures f, the receiver's rx where the server gave them. */
static void interval_row(struct lan_session *s, const char *id, enum lan_dir d, int sending,
			 double from, double to, const struct lan_fig *f,
			 const struct lan_fig *rx, double rx_seconds, int stream)
{
	char a[24], tail[64] = "", more[24] = "";
	struct bk_json j;

	if (s->cfg.udp && !sending)
		snprintf(tail, sizeof(tail), " %10" PRIu64 " %6" PRIu64, f->datagrams, f->lost);
	else if (s->cfg.udp && rx)
		snprintf(tail, sizeof(tail), " %10" PRIu64 " %6" PRIu64, f->datagrams, rx->lost);
	else if (s->cfg.udp)
		snprintf(tail, sizeof(tail), " %10" PRIu64 " %6s", f->datagrams, "");
	else if (sending && stream >= 0)
		snprintf(tail, sizeof(tail), " %6" PRIu64 " %6.0f kB", f->retransmits,
			 (double)f->cwnd_bytes / 1e3);
	else if (sending)
		snprintf(tail, sizeof(tail), " %6" PRIu64 "%10s", f->retransmits, "");
	if (rx)
		snprintf(more, sizeof(more), " %10.1f", lan_mbit(rx->bytes, rx_seconds));
	bk_out(s->log, " [%3s] %-4s %6.2f-%-6.2f s %s %11.1f%s%s\n", id, dir_name(d), from, to,
	       lan_amount(a, sizeof(a), (double)f->bytes), lan_mbit(f->bytes, to - from), tail,
	       more);

	bk_json_init(&j);
	bk_rec_begin(s->log, &j, "lan_interval");
	if (stream >= 0)
		bk_json_int(&j, "stream", stream);
	else
		bk_json_str(&j, "stream", "sum");
	bk_json_str(&j, "dir", dir_name(d));
	bk_json_str(&j, "side", sending ? "sender" : "receiver");
	bk_json_realp(&j, "from", from, 6);
	bk_json_realp(&j, "to", to, 6);
	bk_json_uint(&j, "bytes", f->bytes);
	bk_json_realp(&j, "mbit_per_s", lan_mbit(f->bytes, to - from), 6);
	if (!s->cfg.udp && sending) {
		bk_json_uint(&j, "retransmits", f->retransmits);
		if (stream >= 0)
			bk_json_uint(&j, "cwnd_bytes", f->cwnd_bytes);
		if (stream >= 0 && f->rtt_us)	/* 0: no TCP_INFO (qemu-user has none) */
			bk_json_realp(&j, "rtt_ms", f->rtt_us / 1e3, 4);
	}
	if (s->cfg.udp) {
		bk_json_uint(&j, "datagrams", f->datagrams);
		if (!sending)
			bk_json_uint(&j, "lost", f->lost);
	}
	if (rx) {
		bk_json_uint(&j, "receiver_bytes", rx->bytes);
		bk_json_realp(&j, "receiver_mbit_per_s", lan_mbit(rx->bytes, rx_seconds), 6);
		if (s->cfg.udp) {
			bk_json_uint(&j, "receiver_datagrams", rx->datagrams);
			bk_json_uint(&j, "lost", rx->lost);
		}
	}
	bk_rec_end(s->log, &j);
	bk_json_free(&j);
}

static void write_rows(struct lan_session *s, const struct lan_ival *v)
{
	double rx_seconds = v->peer_to - v->peer_from;

	for (int d = 0; d < 2; d++) {
		struct lan_fig sum, rxsum;
		int n = 0, sending = 0, all_rx = 1;

		memset(&sum, 0, sizeof(sum));
		memset(&rxsum, 0, sizeof(rxsum));
		for (unsigned i = 0; i < s->nstreams; i++) {
			struct lan_stream *st = &s->streams[i];
			const struct lan_fig *f = &v->mine[i], *rx = NULL;
			char id[8];

			if ((int)st->dir != d)
				continue;
			if (st->sending && v->have_peer && v->peer_has[i])
				rx = &v->peer[i];
			snprintf(id, sizeof(id), "%u", st->id);
			interval_row(s, id, (enum lan_dir)d, st->sending, v->from, v->to, f, rx,
				     rx_seconds, (int)st->id);
			sum.bytes += f->bytes, sum.retransmits += f->retransmits;
			sum.datagrams += f->datagrams, sum.lost += f->lost;
			if (rx) {
				rxsum.bytes += rx->bytes, rxsum.datagrams += rx->datagrams;
				rxsum.lost += rx->lost;
			} else {
				all_rx = 0;
			}
			sending = st->sending;
			n++;
		}
		if (n > 1)
			interval_row(s, "SUM", (enum lan_dir)d, sending, v->from, v->to, &sum,
				     sending && all_rx ? &rxsum : NULL, rx_seconds, -1);
	}
}

/* This side's figures of every stream since the last sample, into v. */
static void sample(struct lan_session *s, struct lan_ival *v)
{
	for (unsigned i = 0; i < s->nstreams; i++) {
		struct lan_stream *st = &s->streams[i];
		struct lan_fig *f = &v->mine[i];
		uint64_t off = atomic_load(&st->offset), dg = atomic_load(&st->datagrams);

		memset(f, 0, sizeof(*f));
		if (s->cfg.udp && !st->sending) {
			uint64_t gone = st->udp.max_seq_plus1 -
					(st->udp.received - st->udp.duplicates);

			gone = gone > st->udp.max_seq_plus1 ? 0 : gone;
			f->lost = gone > st->last_lost ? gone - st->last_lost : 0;
			st->last_lost = gone;
		}
		f->bytes = off - st->last_offset;
		f->datagrams = dg - st->last_datagrams;
		f->retransmits = st->retransmits - st->last_retransmits;
		f->cwnd_bytes = st->cwnd_bytes;
		f->rtt_us = st->rtt_us;
		st->last_offset = off;
		st->last_datagrams = dg;
		st->last_retransmits = st->retransmits;
	}
}

/* list KEY of the figures of the streams this side receives */
static size_t list(const struct lan_session *s, const struct lan_ival *v, char *out,
		   size_t len, const char *key, int which)
{
	size_t o = (size_t)snprintf(out, len, " %s=", key);
	int any = 0;

	for (unsigned i = 0; i < s->nstreams && o < len; i++) {
		const struct lan_fig *f = &v->mine[i];
		uint64_t x = which == 0 ? i : which == 1 ? f->bytes :
			     which == 2 ? f->datagrams : f->lost;

		if (s->streams[i].sending)
			continue;
		o += (size_t)snprintf(out + o, len - o, "%s%" PRIu64, any ? "," : "", x);
		any = 1;
	}
	return o < len ? o : len - 1;
}

static void send_ival(struct lan_session *s, const struct lan_ival *v)
{
	char body[6144];
	size_t o = 0;

	o += list(s, v, body + o, sizeof(body) - o, "ids", 0);
	o += list(s, v, body + o, sizeof(body) - o, "bytes", 1);
	if (s->cfg.udp) {
		o += list(s, v, body + o, sizeof(body) - o, "datagrams", 2);
		list(s, v, body + o, sizeof(body) - o, "lost", 3);
	}
	lan_ctl_send(s, "IVAL n=%u from=%.6f to=%.6f%s", v->n, v->from, v->to, body);
}

static int flush_head(struct lan_session *s, int all);

void lan_report_interval(struct lan_session *s, double from, double to)
{
	unsigned n = (unsigned)lround(from / s->cfg.interval);
	struct lan_ival *v;

	if (n < s->ival_next)	/* not after the last: keep the numbers rising */
		n = s->ival_next;
	while (n - s->ival_head >= LAN_IVAL_QUEUE)	/* no room: write the oldest */
		if (!flush_head(s, 1))
			s->ival_head++;
	v = &s->ival[n % LAN_IVAL_QUEUE];
	if (v->have_peer && v->peer_n != n)
		v->have_peer = 0;	/* figures of an interval long gone */
	if (!v->have_peer)
		memset(v->peer_has, 0, s->nstreams);
	v->n = n;
	v->from = from;
	v->to = to;
	v->at_ns = bk_now_ns();
	v->sampled = 1;
	sample(s, v);
	s->ival_next = n + 1;
	if (s->ivals_send)
		send_ival(s, v);
	if (!s->ivals_peer) {
		write_rows(s, v);
		v->sampled = 0;
		s->ival_head = s->ival_next;
		return;
	}
	lan_interval_flush(s, 0);
}

/* the next number of a comma list at *p, or -1 */
static int next_u64(const char **p, uint64_t *out)
{
	char *end;

	if (!**p)
		return -1;
	*out = strtoull(*p, &end, 10);
	if (end == *p || (*end && *end != ','))
		return -1;
	*p = *end ? end + 1 : end;
	return 0;
}

void lan_interval_take(struct lan_session *s, const char *line)
{
	char ids[2048], bytes[4096], dgrams[4096] = "", lost[4096] = "";
	struct lan_ival *v;
	uint64_t n;
	double from, to;

	if (!s->ivals_peer || lan_kv_u64(line, "n", &n) || n < s->ival_head ||
	    n - s->ival_head >= LAN_IVAL_QUEUE || lan_kv(line, "ids", ids, sizeof(ids)) ||
	    lan_kv(line, "bytes", bytes, sizeof(bytes)) || lan_kv_real(line, "from", &from) ||
	    lan_kv_real(line, "to", &to) || !(to > from))
		return;
	if (s->cfg.udp && (lan_kv(line, "datagrams", dgrams, sizeof(dgrams)) ||
			   lan_kv(line, "lost", lost, sizeof(lost))))
		return;
	v = &s->ival[n % LAN_IVAL_QUEUE];
	if (v->sampled && v->n != n)
		return;	/* cannot be: that slot's rows are of a later interval */
	memset(v->peer_has, 0, s->nstreams);
	v->peer_n = (unsigned)n;
	v->peer_from = from;
	v->peer_to = to;
	const char *pi = ids, *pb = bytes, *pd = dgrams, *pl = lost;
	uint64_t id;

	while (!next_u64(&pi, &id)) {
		struct lan_fig f;

		memset(&f, 0, sizeof(f));
		if (next_u64(&pb, &f.bytes) ||
		    (s->cfg.udp && (next_u64(&pd, &f.datagrams) || next_u64(&pl, &f.lost))))
			break;
		if (id < s->nstreams && s->streams[id].sending) {
			v->peer[id] = f;
			v->peer_has[id] = 1;
		}
	}
	v->have_peer = 1;
	lan_interval_flush(s, 0);
}

/* Write the oldest interval's rows if it is due; returns whether it was. */
static int flush_head(struct lan_session *s, int all)
{
	struct lan_ival *v = &s->ival[s->ival_head % LAN_IVAL_QUEUE];

	if (s->ival_head == s->ival_next || !v->sampled || v->n != s->ival_head)
		return 0;	/* nothing there: a number skipped */
	if (!all && !(v->have_peer && v->peer_n == v->n) &&
	    bk_now_ns() - v->at_ns < (uint64_t)(LAN_IVAL_WAIT_S * 1e9))
		return 0;
	if (v->have_peer && v->peer_n != v->n)
		v->have_peer = 0;
	write_rows(s, v);
	v->sampled = 0;
	v->have_peer = 0;
	s->ival_head++;
	return 1;
}

void lan_interval_flush(struct lan_session *s, int all)
{
	while (s->ival_head != s->ival_next) {
		const struct lan_ival *v = &s->ival[s->ival_head % LAN_IVAL_QUEUE];

		if (!v->sampled || v->n != s->ival_head)
			s->ival_head++;	/* a number skipped */
		else if (!flush_head(s, all))
			break;
	}
}
