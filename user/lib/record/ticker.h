/* SPDX-License-Identifier: MIT */
/*
 * ticker: a fixed-rate schedule (tick k at start + k * period), so that
 * samples do not drift by the time each one takes, and waits that end
 * early when Ctrl-C or SIGTERM asks the run to stop.
 */
#ifndef BK_TICKER_H
#define BK_TICKER_H

#include <stdint.h>

struct bk_ticker {
	uint64_t start_ns;	/* bk_now_ns of tick 0 */
	uint64_t period_ns;
	unsigned long next;	/* the tick waited for next */
};

void bk_ticker_start(struct bk_ticker *t, double period_s);
/* bk_now_ns of tick `next`. */
uint64_t bk_ticker_due_ns(const struct bk_ticker *t);
/*
 * Sleep until the next tick is due and move on to the one after it (ticks
 * already past are skipped, counted in the return value's place: the
 * number of ticks skipped). -1 when a stop was requested.
 */
long bk_ticker_wait(struct bk_ticker *t);
/* Milliseconds until the next tick (0 when due), for poll(). */
int bk_ticker_ms_left(const struct bk_ticker *t);
/* Move on past every tick due by now; returns how many were due. */
unsigned long bk_ticker_advance(struct bk_ticker *t);

#endif
