/* SPDX-License-Identifier: MIT */
/*
 * kmod_netlink: throttle transitions pushed by the module on its generic
 * netlink multicast group (abi.h, "Generic netlink"), as they happen. Built
 * with libnl-genl-3.0 when pkg-config finds it (BK_HAVE_LIBNL); without
 * it, opening says so and the callers read the event file instead.
 */
#ifndef BK_KMOD_NETLINK_H
#define BK_KMOD_NETLINK_H

#include <stddef.h>

#include <burnkit/abi.h>

struct bk_knl;

/*
 * How a reader learns of transitions, as the --via of watch, temp and
 * cook: "auto" (netlink when this runner and the module have it, else the
 * event file), "netlink" (or fail) or "poll" (the event file).
 */
enum bk_events_via { BK_VIA_AUTO, BK_VIA_NETLINK, BK_VIA_POLL };
extern const char *const bk_events_via_choices[];	/* in enum order */
enum bk_events_via bk_events_via_parse(const char *name);

/* Was this runner built with libnl? */
int bk_knl_built(void);

/* Subscribe; 0, or -1 with the reason in why. */
int bk_knl_open(struct bk_knl **nl, char *why, size_t whylen);
void bk_knl_close(struct bk_knl *nl);

/* The socket, to poll() on. */
int bk_knl_fd(const struct bk_knl *nl);

/*
 * The events waiting on the socket, at most max, without blocking. The
 * count, or -1 on an error (*overrun set when the socket buffer overflowed
 * and events were dropped: they are still in throttle_events).
 */
int bk_knl_read(struct bk_knl *nl, struct burnkit_event *ev, size_t max, int *overrun);

#endif
