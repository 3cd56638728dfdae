// SPDX-License-Identifier: MIT
#include "record/kmod_netlink.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const bk_events_via_choices[] = { "auto", "netlink", "poll", NULL };

enum bk_events_via bk_events_via_parse(const char *name)
{
	return !strcmp(name, "netlink") ? BK_VIA_NETLINK :
	       !strcmp(name, "poll") ? BK_VIA_POLL : BK_VIA_AUTO;
}

#ifdef BK_HAVE_LIBNL
#include <errno.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/netlink.h>

struct bk_knl {
	struct nl_sock *sock;
	struct burnkit_event *out;	/* where the callback puts events */
	size_t n, max;
};

int bk_knl_built(void)
{
	return 1;
}

static int on_message(struct nl_msg *msg, void *arg)
{
	struct bk_knl *k = arg;
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct genlmsghdr *gh = nlmsg_data(nlh);
	struct nlattr *attrs[BURNKIT_ATTR_MAX + 1];

	if (gh->cmd != BURNKIT_CMD_EVENT ||
	    genlmsg_parse(nlh, 0, attrs, BURNKIT_ATTR_MAX, NULL) < 0 ||
	    !attrs[BURNKIT_ATTR_EVENT] ||
	    nla_len(attrs[BURNKIT_ATTR_EVENT]) != (int)sizeof(struct burnkit_event))
		return NL_SKIP;
	if (k->n < k->max)	/* the caller reads one datagram at a time */
		memcpy(&k->out[k->n++], nla_data(attrs[BURNKIT_ATTR_EVENT]),
		       sizeof(struct burnkit_event));
	return NL_OK;
}

int bk_knl_open(struct bk_knl **nl, char *why, size_t whylen)
{
	struct bk_knl *k = calloc(1, sizeof(*k));
	int grp, err;

	*nl = NULL;
	if (!k || !(k->sock = nl_socket_alloc())) {
		free(k);
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	err = genl_connect(k->sock);
	if (err) {
		snprintf(why, whylen, "cannot open a generic netlink socket: %s",
			 nl_geterror(err));
		goto out_free;
	}
	grp = genl_ctrl_resolve_grp(k->sock, BURNKIT_GENL_NAME, BURNKIT_GENL_MCGRP);
	if (grp < 0) {
		snprintf(why, whylen, "no netlink family \"%s\" with group \"%s\" (%s): "
			 "burnkit.ko not loaded, or built without netlink",
			 BURNKIT_GENL_NAME, BURNKIT_GENL_MCGRP, nl_geterror(grp));
		goto out_free;
	}
	nl_socket_disable_seq_check(k->sock);
	nl_socket_modify_cb(k->sock, NL_CB_VALID, NL_CB_CUSTOM, on_message, k);
	err = nl_socket_add_membership(k->sock, grp);
	if (!err)
		err = nl_socket_set_nonblocking(k->sock);
	if (err) {
		snprintf(why, whylen, "cannot join the group \"%s\": %s", BURNKIT_GENL_MCGRP,
			 nl_geterror(err));
		goto out_free;
	}
	*nl = k;
	return 0;

out_free:
	nl_socket_free(k->sock);
	free(k);
	return -1;
}

void bk_knl_close(struct bk_knl *k)
{
	if (!k)
		return;
	nl_socket_free(k->sock);
	free(k);
}

int bk_knl_fd(const struct bk_knl *k)
{
	return nl_socket_get_fd(k->sock);
}

int bk_knl_read(struct bk_knl *k, struct burnkit_event *ev, size_t max, int *overrun)
{
	*overrun = 0;
	k->out = ev;
	k->n = 0;
	k->max = max;
	while (k->n < max) {
		size_t before = k->n;
		int rc = nl_recvmsgs_default(k->sock);

		if (rc == -NLE_AGAIN || (rc >= 0 && k->n == before))
			break;	/* nothing more waiting */
		if (rc == -NLE_NOMEM) {
			*overrun = 1;	/* ENOBUFS: the kernel dropped some */
			continue;
		}
		if (rc < 0)
			return k->n ? (int)k->n : -1;
	}
	return (int)k->n;
}

#else /* !BK_HAVE_LIBNL */

struct bk_knl {
	int unused;
};

int bk_knl_built(void)
{
	return 0;
}

int bk_knl_open(struct bk_knl **nl, char *why, size_t whylen)
{
	*nl = NULL;
	snprintf(why, whylen, "this runner was built without libnl (install "
		 "libnl-genl-3-dev and rebuild to receive the module's netlink events)");
	return -1;
}

void bk_knl_close(struct bk_knl *nl)
{
	(void)nl;
}

int bk_knl_fd(const struct bk_knl *nl)
{
	(void)nl;
	return -1;
}

int bk_knl_read(struct bk_knl *nl, struct burnkit_event *ev, size_t max, int *overrun)
{
	(void)nl;
	(void)ev;
	(void)max;
	*overrun = 0;
	return -1;
}

#endif
