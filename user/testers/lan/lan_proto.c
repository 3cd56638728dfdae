// SPDX-License-Identifier: MIT
/*
 * lan_proto: the control channel, a TCP connection of its own that carries
 * text lines "BURNKIT-LAN/1 WORD key=value ...":
 *
 *   client  HELLO run= proto=tcp|udp streams= dir=up|down|both seconds=
 *                 interval= length= rate= window= [ivals=1]
 *   server  OK seconds= [ports=a,b,...] [ivals=1]  (UDP: the server's ports)
 *           BUSY ... | REFUSED ...            (and closes)
 *   client  (opens the data connections; UDP: PORTS ports=a,b,...)
 *   server  START
 *   server  IVAL n= from= to= ids= bytes= ...  (each interval, if agreed:
 *                                              lan_interval.c)
 *   each    END dir= bytes=b0,b1,...          (when its senders are done)
 *   each    RESULT cpu_user= cpu_sys= wall=, STREAM id= ... lines, DONE
 *
 * Text, so that a peer that is not burnkit is told apart by its first
 * line, and a run can be followed with tcpdump.
 */
#include "lan.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "util.h"

int lan_ctl_send(struct lan_session *s, const char *fmt, ...)
{
	char line[8192];
	va_list ap;
	int n;

	memcpy(line, LAN_MAGIC " ", sizeof(LAN_MAGIC));
	va_start(ap, fmt);
	n = vsnprintf(line + sizeof(LAN_MAGIC), sizeof(line) - sizeof(LAN_MAGIC) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	size_t len = strlen(line);

	line[len++] = '\n';
	for (size_t off = 0; off < len;) {
		ssize_t w = send(s->ctl, line + off, len - off, MSG_NOSIGNAL);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		off += (size_t)w;
	}
	return 0;
}

int lan_ctl_recv(struct lan_session *s, char *line, size_t len, int timeout_ms,
		 char *why, size_t whylen)
{
	uint64_t until = timeout_ms < 0 ? UINT64_MAX :
			 bk_now_ns() + (uint64_t)timeout_ms * 1000000u;

	for (;;) {
		char *nl = memchr(s->in, '\n', s->in_len);

		if (nl) {
			size_t n = (size_t)(nl - s->in);

			snprintf(line, len, "%.*s", (int)n, s->in);
			memmove(s->in, nl + 1, s->in_len - n - 1);
			s->in_len -= n + 1;
			if (n && line[strlen(line) - 1] == '\r')
				line[strlen(line) - 1] = '\0';
			return 1;
		}
		if (s->in_len == sizeof(s->in)) {
			snprintf(why, whylen, "a control line longer than %zu bytes",
				 sizeof(s->in));
			return -1;
		}
		uint64_t now = bk_now_ns();
		struct pollfd p = { .fd = s->ctl, .events = POLLIN };
		int ms = until == UINT64_MAX ? 1000 : now >= until ? 0 :
			 (int)((until - now) / 1000000u) + 1;

		if (ms > 1000)
			ms = 1000;
		int r = poll(&p, 1, ms);

		if (r < 0 && errno != EINTR) {
			snprintf(why, whylen, "poll: %s", strerror(errno));
			return -1;
		}
		if (r <= 0) {
			if (bk_now_ns() >= until || atomic_load(&s->stop))
				return 0;
			continue;
		}
		ssize_t got = recv(s->ctl, s->in + s->in_len, sizeof(s->in) - s->in_len, 0);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			if (got == 0)
				snprintf(why, whylen, "the peer closed the control connection");
			else
				snprintf(why, whylen, "the control connection failed: %s",
					 strerror(errno));
			if (s->in_len) {	/* an unterminated last line: hand it over */
				snprintf(line, len, "%.*s", (int)s->in_len, s->in);
				s->in_len = 0;
				return 1;
			}
			return -1;
		}
		s->in_len += (size_t)got;
	}
}

void lan_hello_format(const struct lan_config *c, char *buf, size_t len)
{
	snprintf(buf, len,
		 "HELLO run=%016" PRIx64 " proto=%s streams=%u dir=%s seconds=%.6g "
		 "interval=%.6g length=%" PRIu32 " rate=%.10g window=%" PRIu32 "%s",
		 c->run, c->udp ? "udp" : "tcp", c->streams,
		 c->up && c->down ? "both" : c->down ? "down" : "up", c->seconds,
		 c->interval, c->length, c->rate, c->window, c->ivals ? " ivals=1" : "");
}

int lan_kv(const char *line, const char *key, char *out, size_t len)
{
	size_t klen = strlen(key);

	for (const char *p = line; (p = strstr(p, key)); p++) {
		if ((p == line || p[-1] == ' ') && p[klen] == '=') {
			const char *v = p + klen + 1;
			size_t n = strcspn(v, " ");

			snprintf(out, len, "%.*s", (int)n, v);
			return 0;
		}
	}
	return -1;
}

int lan_kv_u64(const char *line, const char *key, uint64_t *out)
{
	char v[32], *end;

	if (lan_kv(line, key, v, sizeof(v)) || !v[0])
		return -1;
	errno = 0;
	*out = strtoull(v, &end, 10);
	return errno || *end ? -1 : 0;
}

int lan_kv_real(const char *line, const char *key, double *out)
{
	char v[40], *end;

	if (lan_kv(line, key, v, sizeof(v)) || !v[0])
		return -1;
	errno = 0;
	*out = strtod(v, &end);
	return errno || *end ? -1 : 0;
}

int lan_hello_parse(const char *line, struct lan_config *c, char *why, size_t len)
{
	char v[64], *end;
	uint64_t n;

	memset(c, 0, sizeof(*c));
	if (strncmp(line, LAN_MAGIC " HELLO ", sizeof(LAN_MAGIC " HELLO ") - 1)) {
		snprintf(why, len, "not a burnkit lan client (its first line: \"%.60s\")", line);
		return -1;
	}
	if (lan_kv(line, "run", v, sizeof(v)) || !v[0])
		goto bad;
	c->run = strtoull(v, &end, 16);
	if (*end || lan_kv(line, "proto", v, sizeof(v)))
		goto bad;
	c->udp = !strcmp(v, "udp");
	if (!c->udp && strcmp(v, "tcp"))
		goto bad;
	if (lan_kv(line, "dir", v, sizeof(v)))
		goto bad;
	c->up = !strcmp(v, "up") || !strcmp(v, "both");
	c->down = !strcmp(v, "down") || !strcmp(v, "both");
	if (!c->up && !c->down)
		goto bad;
	if (lan_kv_u64(line, "streams", &n) || n < 1 || n > LAN_MAX_STREAMS)
		goto bad;
	c->streams = (unsigned)n;
	if (lan_kv_u64(line, "length", &n) || n < 64 || n > (64u << 20))
		goto bad;
	c->length = (uint32_t)n;
	if (lan_kv_u64(line, "window", &n) || n > (1u << 30))
		goto bad;
	c->window = (uint32_t)n;
	if (lan_kv_real(line, "seconds", &c->seconds) || !(c->seconds > 0) ||
	    lan_kv_real(line, "interval", &c->interval) || c->interval < 0 ||
	    lan_kv_real(line, "rate", &c->rate) || c->rate < 0)
		goto bad;
	c->ivals = !lan_kv_u64(line, "ivals", &n) && n == 1;	/* newer clients only */
	return 0;
bad:
	snprintf(why, len, "a malformed HELLO (\"%.120s\"): another version of burnkit?", line);
	return -1;
}

static const char data_magic[8] = { 'B', 'K', 'L', 'A', 'N', 'D', 'A', 'T' };

void lan_data_hello(uint64_t run, unsigned stream, unsigned char out[LAN_HELLO_BYTES])
{
	memset(out, 0, LAN_HELLO_BYTES);
	memcpy(out, data_magic, 8);
	for (int i = 0; i < 8; i++)
		out[8 + i] = (unsigned char)(run >> (8 * i));
	for (int i = 0; i < 4; i++)
		out[16 + i] = (unsigned char)(stream >> (8 * i));
}

int lan_data_hello_parse(const unsigned char in[LAN_HELLO_BYTES], uint64_t *run,
			 unsigned *stream)
{
	if (memcmp(in, data_magic, 8))
		return -1;
	*run = 0;
	*stream = 0;
	for (int i = 0; i < 8; i++)
		*run |= (uint64_t)in[8 + i] << (8 * i);
	for (int i = 0; i < 4; i++)
		*stream |= (unsigned)in[16 + i] << (8 * i);
	for (int i = 20; i < LAN_HELLO_BYTES; i++)
		if (in[i])
			return -1;
	return 0;
}
