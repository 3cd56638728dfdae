// SPDX-License-Identifier: MIT
#include "record/ticker.h"
#include "util.h"

#include <errno.h>
#include <time.h>

void bk_ticker_start(struct bk_ticker *t, double period_s)
{
	t->start_ns = bk_now_ns();
	t->period_ns = (uint64_t)(period_s * 1e9);
	if (!t->period_ns)
		t->period_ns = 1;
	t->next = 0;
}

uint64_t bk_ticker_due_ns(const struct bk_ticker *t)
{
	return t->start_ns + (uint64_t)t->next * t->period_ns;
}

int bk_ticker_ms_left(const struct bk_ticker *t)
{
	uint64_t due = bk_ticker_due_ns(t), now = bk_now_ns();

	if (now >= due)
		return 0;
	/* Round up, so that a wait never wakes just before the tick. */
	return (int)((due - now + 999999) / 1000000);
}

unsigned long bk_ticker_advance(struct bk_ticker *t)
{
	uint64_t now = bk_now_ns();
	unsigned long due = 0;

	while (bk_ticker_due_ns(t) <= now) {
		t->next++;
		due++;
	}
	return due;
}

long bk_ticker_wait(struct bk_ticker *t)
{
	for (;;) {
		uint64_t due = bk_ticker_due_ns(t), now = bk_now_ns();
		struct timespec ts;

		if (bk_stop_requested())
			return -1;
		if (now >= due)
			break;
		ts.tv_sec = (time_t)((due - now) / 1000000000ull);
		ts.tv_nsec = (long)((due - now) % 1000000000ull);
		if (nanosleep(&ts, NULL) && errno != EINTR)
			return -1;
	}
	unsigned long due = bk_ticker_advance(t);

	return (long)due - 1;
}
