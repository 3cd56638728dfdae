/* SPDX-License-Identifier: MIT */
/*
 * lan: what the parts of burnkit lan share. The tester (lan.c) parses the
 * parameters and runs the client or the server; lan_proto.c is the control
 * channel; lan_session.c runs one measured run on either side (threads,
 * intervals, the end and the exchange of results); lan_tcp.c and lan_udp.c
 * move and check the data; lan_interval.c writes the rows of each interval
 * (on the client with the server's figures beside); lan_report.c writes
 * records and totals.
 */
#ifndef BK_LAN_H
#define BK_LAN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "log.h"

#define LAN_MAX_STREAMS 128	/* per direction */
#define LAN_MAX_ERRORS 10	/* wrong bytes recorded per stream */
#define LAN_HELLO_BYTES 64	/* the data hello at the start of a client's TCP stream */
#define LAN_STALL_S 10.0	/* no progress this long: the peer is gone */
#define LAN_DEFAULT_PORT 5301
#define LAN_IVAL_QUEUE 8	/* client rows held for the server's figures */
#define LAN_IVAL_WAIT_S 1.0	/* ... at most this long past their end */

enum lan_dir { LAN_UP, LAN_DOWN };	/* client to server, server to client */

/* What the two sides agree on before a run. */
struct lan_config {
	uint64_t run;		/* run id: the payload key's seed */
	int udp;
	unsigned streams;	/* per direction */
	int up, down;		/* directions that carry data */
	double seconds;
	double interval;	/* 0: no interval rows */
	uint32_t length;	/* TCP: bytes per send/recv; UDP: datagram size */
	double rate;		/* UDP: bits per second per stream */
	uint32_t window;	/* SO_SNDBUF/SO_RCVBUF; 0: the kernel's autotuning */
	int ivals;		/* the client asks for the server's IVAL lines */
};

struct lan_error {
	uint64_t offset;	/* stream offset of the wrong byte */
	uint8_t expected, found;
	double at;		/* seconds into the run */
	int have_decoded;	/* the word looked like data of another offset */
	uint64_t decoded;
};

struct lan_udp_stats {
	uint64_t received;	/* datagrams, duplicates included */
	uint64_t duplicates;
	uint64_t reordered;	/* arrived after a later one */
	uint64_t max_seq_plus1;	/* highest sequence number seen, plus one */
	uint64_t bad;		/* failed the check */
	double jitter_s;	/* RFC 3550 interarrival jitter */
	double last_transit_s;
	int have_transit;
};

/* One stream's figures over one interval. */
struct lan_fig {
	uint64_t bytes, retransmits, cwnd_bytes, datagrams, lost;
	uint32_t rtt_us;
};

/* An interval's rows, held on the client until the server's IVAL came
 * (which may come first: the server's clock starts earlier). The slot of
 * interval number n (from / interval, rounded) is n % LAN_IVAL_QUEUE. */
struct lan_ival {
	unsigned n, peer_n;	/* the intervals its rows and peer figures are of */
	double from, to, peer_from, peer_to;
	uint64_t at_ns;		/* when this side sampled it */
	int sampled, have_peer;
	struct lan_fig *mine, *peer;	/* per stream */
	unsigned char *peer_has;	/* per stream: the server gave its figures */
};

struct lan_session;

struct lan_stream {
	struct lan_session *s;
	unsigned id;		/* up streams 0..N-1, down streams N..2N-1 */
	enum lan_dir dir;
	int sending;		/* this side sends on it */
	int fd;
	uint64_t key;
	pthread_t thread;
	int started;
	_Atomic uint64_t offset;	/* TCP: stream bytes moved; UDP: payload bytes */
	_Atomic uint64_t datagrams;	/* UDP: sent or received */
	_Atomic int done;
	_Atomic int finish;	/* UDP receiver: the peer is done, drain and end */
	uint64_t t_first_ns, t_last_ns;	/* first and last byte moved */
	int failed;		/* an I/O error ended it early */
	char why[192];
	/* The check (receiver); errors under lock, read by the reporter. */
	pthread_mutex_t lock;
	struct lan_error errors[LAN_MAX_ERRORS];
	unsigned nerrors, reported;
	uint64_t wrong_bytes;
	struct lan_udp_stats udp;
	/* Sender, from TCP_INFO at each interval and at the end (rtt_us 0: none). */
	uint32_t retransmits, cwnd_bytes, rtt_us;
	/* Interval bookkeeping (reporter). */
	uint64_t last_offset, last_datagrams, last_lost;
	uint32_t last_retransmits;
	/* The peer's word on this stream: its END, then its RESULT. */
	uint64_t end_bytes, end_datagrams;
	int have_end;
	struct {
		int have, failed, have_error;
		uint64_t bytes, datagrams, wrong, lost, duplicates, reordered;
		double seconds, jitter_s;
		uint32_t retransmits, cwnd_bytes, rtt_us;
		struct lan_error error;
	} peer;
};

/* What one side measured, as the RESULT message carries it. */
struct lan_side {
	double cpu_user_s, cpu_sys_s, wall_s;
	int have;
};

/* One run, on either side. */
struct lan_session {
	struct bk_log *log;
	int server;		/* this side is the server */
	struct lan_config cfg;
	int ctl;		/* control connection */
	char peer[80];		/* "169.254.7.2 port 5301" */
	struct lan_stream *streams;
	unsigned nstreams;
	uint64_t t0_ns;		/* START */
	_Atomic int stop;	/* stop every thread now */
	int vanished;		/* the control connection ended early */
	char vanished_why[256];
	struct lan_side local, remote;
	int peer_done;		/* the peer's RESULT ended with DONE */
	int listen_fd;		/* server: refuse other clients meanwhile; else -1 */
	/* Per-interval reports (HELLO ivals=1, OK ivals=1): the server sends
	 * IVAL lines, the client holds its rows for them. */
	int ivals_send, ivals_peer;
	struct lan_ival ival[LAN_IVAL_QUEUE];
	unsigned ival_head, ival_next;	/* oldest interval not written; next to sample */
	/* Control input, line by line. */
	char in[8192];
	size_t in_len;
};

/* lan_proto.c: the control channel. */
int lan_ctl_send(struct lan_session *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * One line (without the newline) into line. Returns 1, 0 on timeout
 * (timeout_ms; -1 waits), -1 when the peer closed or failed (why set).
 */
int lan_ctl_recv(struct lan_session *s, char *line, size_t len, int timeout_ms,
		 char *why, size_t whylen);
void lan_hello_format(const struct lan_config *c, char *buf, size_t len);
int lan_hello_parse(const char *line, struct lan_config *c, char *why, size_t len);
/* The data hello: 64 bytes naming run and stream. */
void lan_data_hello(uint64_t run, unsigned stream, unsigned char out[LAN_HELLO_BYTES]);
int lan_data_hello_parse(const unsigned char in[LAN_HELLO_BYTES], uint64_t *run,
			 unsigned *stream);
/* "key=value" members of a line. */
int lan_kv(const char *line, const char *key, char *out, size_t len);
int lan_kv_u64(const char *line, const char *key, uint64_t *out);
int lan_kv_real(const char *line, const char *key, double *out);
#define LAN_MAGIC "BURNKIT-LAN/1"

/* lan_tcp.c */
int lan_tcp_connect(const char *host, unsigned port, const char *bind_addr,
		    char *peer, size_t peerlen, char *why, size_t whylen);
int lan_tcp_listen(const char *bind_addr, unsigned port, char *why, size_t whylen);
void lan_sock_tune(int fd, const struct lan_config *c, int tcp);
void *lan_tcp_send_main(void *arg);
void *lan_tcp_recv_main(void *arg);
void lan_tcp_info(struct lan_stream *st);
/* The time limit of a stream's sender, for the senders' loops. */
int lan_sender_should_stop(struct lan_stream *st, uint64_t now);

/* lan_udp.c: sockets beside the control connection ctl. */
int lan_udp_socket(int ctl, unsigned *port, char *why, size_t whylen);
int lan_udp_connect(int fd, int ctl, unsigned port, char *why, size_t whylen);
void *lan_udp_send_main(void *arg);
void *lan_udp_recv_main(void *arg);
uint64_t lan_udp_lost(const struct lan_stream *st, uint64_t sent);

/* lan_payload.h holds the pattern; the check's bookkeeping: */
void lan_record_wrong(struct lan_stream *st, const void *buf, uint64_t off, size_t len);

/* lan_session.c */
int lan_session_run(struct lan_session *s);
void lan_session_free(struct lan_session *s);
int lan_session_streams(struct lan_session *s);

/* lan_interval.c */
int lan_interval_alloc(struct lan_session *s);
void lan_interval_free(struct lan_session *s);
/* Sample every stream for the rows of [from, to]: write them, or hold them
 * for the server's figures (client); send the server's IVAL (server). */
void lan_report_interval(struct lan_session *s, double from, double to);
/* The server's IVAL line. */
void lan_interval_take(struct lan_session *s, const char *line);
/* Write the held rows that are complete or waited long enough (all: every one). */
void lan_interval_flush(struct lan_session *s, int all);

/* lan_report.c */
void lan_report_header(struct lan_session *s);
void lan_report_errors(struct lan_session *s);
double lan_mbit(uint64_t bytes, double seconds);
const char *lan_amount(char *buf, size_t len, double bytes);
int lan_report_end(struct lan_session *s);
double lan_seconds(uint64_t from_ns, uint64_t to_ns);

#endif
