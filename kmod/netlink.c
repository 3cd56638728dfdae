// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * Throttle transitions pushed to user space as they happen: a generic
 * netlink family with one multicast group (abi.h, "Generic netlink"). Each
 * transition the sampler writes into the ring goes out as one message
 * holding the same struct burnkit_event, so a listener needs no polling;
 * one that falls behind finds the rest in throttle_events by seq.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <net/genetlink.h>
#include <burnkit/abi.h>

#include "netlink.h"

/*
 * Only CAP_NET_ADMIN may join the group: throttle events tell what the
 * machine runs. GENL_MCAST_CAP_NET_ADMIN came in 6.7 and was backported
 * to the stable series Debian ships (6.1.y has it), so the flag itself is
 * tested, not the version; a kernel without it gets no netlink family.
 */
#ifdef GENL_MCAST_CAP_NET_ADMIN
#define BK_GENL_RESTRICTED	1
static const struct genl_multicast_group bk_genl_groups[] = {
	{ .name = BURNKIT_GENL_MCGRP, .flags = GENL_MCAST_CAP_NET_ADMIN },
};
#else
#define BK_GENL_RESTRICTED	0
static const struct genl_multicast_group bk_genl_groups[] = {
	{ .name = BURNKIT_GENL_MCGRP },
};
#endif

static struct genl_family bk_genl_family = {
	.name = BURNKIT_GENL_NAME,
	.version = BURNKIT_GENL_VERSION,
	.maxattr = BURNKIT_ATTR_MAX,
	.module = THIS_MODULE,
	.mcgrps = bk_genl_groups,
	.n_mcgrps = ARRAY_SIZE(bk_genl_groups),
};

static bool bk_genl_registered;

/* Process context (the sampler's work); never fails the caller. */
void bk_netlink_send(const struct burnkit_event *e)
{
	struct sk_buff *skb;
	void *hdr;

	if (!READ_ONCE(bk_genl_registered))
		return;
	skb = genlmsg_new(nla_total_size(sizeof(*e)), GFP_KERNEL);
	if (!skb)
		return;
	hdr = genlmsg_put(skb, 0, 0, &bk_genl_family, 0, BURNKIT_CMD_EVENT);
	if (!hdr)
		goto out_free;
	if (nla_put(skb, BURNKIT_ATTR_EVENT, sizeof(*e), e))
		goto out_cancel;
	genlmsg_end(skb, hdr);
	/* -ESRCH when nobody listens: the ring has it anyway. */
	genlmsg_multicast(&bk_genl_family, skb, 0, 0, GFP_KERNEL);
	return;

out_cancel:
	genlmsg_cancel(skb, hdr);
out_free:
	nlmsg_free(skb);
}

void bk_netlink_features(struct seq_file *m)
{
	seq_printf(m, "netlink %s\n", bk_genl_registered ? "on" : "off");
}

/* A module without netlink still works: the event file has everything. */
int bk_netlink_init(void)
{
	int ret;

	if (!BK_GENL_RESTRICTED) {
		pr_info("this kernel cannot restrict a netlink group to CAP_NET_ADMIN: throttle events only in %s\n",
			BURNKIT_FILE_THROTTLE_EVENTS);
		return 0;
	}
	ret = genl_register_family(&bk_genl_family);

	if (ret) {
		pr_warn("generic netlink family %s not registered (%d): throttle events only in %s\n",
			BURNKIT_GENL_NAME, ret, BURNKIT_FILE_THROTTLE_EVENTS);
		return 0;
	}
	WRITE_ONCE(bk_genl_registered, true);
	return 0;
}

void bk_netlink_exit(void)
{
	if (!bk_genl_registered)
		return;
	WRITE_ONCE(bk_genl_registered, false);
	genl_unregister_family(&bk_genl_family);
}
