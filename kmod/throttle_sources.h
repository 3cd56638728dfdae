/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* The table of throttle sources the sampler polls. */
#ifndef BURNKIT_THROTTLE_SOURCES_H
#define BURNKIT_THROTTLE_SOURCES_H

#include <linux/types.h>

struct bk_source_reading {
	bool supported;		/* set by the sampler from poll()'s result */
	u32 state;
	s32 temp_mc;
	u32 mhz;
};

struct bk_source {
	u32 id;				/* BURNKIT_SRC_* */
	const char *name;
	/* Instances this machine has (CPUs, zones, policies); 0 = none. */
	unsigned int (*instances)(void);
	/* Poll one instance (process context, may sleep); 0 or -errno. */
	int (*poll)(unsigned int instance, struct bk_source_reading *r);
	/* The CPU an instance belongs to, for the event record. */
	unsigned int (*cpu_of)(unsigned int instance);
};

const struct bk_source *bk_sources(size_t *count);
int bk_sources_init(bool inject);
void bk_sources_exit(void);
/* Queue an injected state; -ENOSPC when the queue is full. */
int bk_inject_push(u32 state, s32 temp_mc, u32 mhz);

#endif
