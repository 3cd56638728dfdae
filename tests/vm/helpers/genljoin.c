// SPDX-License-Identifier: MIT
/*
 * genljoin: look burnkit's generic netlink family and its multicast group
 * up (CTRL_CMD_GETFAMILY) and join the group, as a listener would. Prints
 * "ok", "refused ERRNO" (exit 1) when joining failed, or "nofamily"
 * (exit 3) when the family is not registered.
 */
#include <errno.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <burnkit/abi.h>

#define NLA_DATA(a) ((char *)(a) + NLA_HDRLEN)
#define NLA_NEXT(a) ((struct nlattr *)((char *)(a) + NLA_ALIGN((a)->nla_len)))

/* The group's id in the CTRL_ATTR_MCAST_GROUPS nest, or -1. */
static int group_id(struct nlattr *groups, int len)
{
	for (struct nlattr *g = (struct nlattr *)NLA_DATA(groups);
	     (char *)g < (char *)groups + len; g = NLA_NEXT(g)) {
		int id = -1, named = 0;

		for (struct nlattr *a = (struct nlattr *)NLA_DATA(g);
		     (char *)a < (char *)g + g->nla_len; a = NLA_NEXT(a)) {
			if (a->nla_type == CTRL_ATTR_MCAST_GRP_ID)
				memcpy(&id, NLA_DATA(a), sizeof(id));
			if (a->nla_type == CTRL_ATTR_MCAST_GRP_NAME &&
			    !strcmp(NLA_DATA(a), BURNKIT_GENL_MCGRP))
				named = 1;
		}
		if (named)
			return id;
	}
	return -1;
}

int main(void)
{
	struct {
		struct nlmsghdr n;
		struct genlmsghdr g;
		char buf[64];
	} req = { 0 };
	char resp[8192];
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);
	struct nlattr *a = (struct nlattr *)req.buf;

	if (fd < 0) {
		perror("genljoin: socket");
		return 2;
	}
	a->nla_type = CTRL_ATTR_FAMILY_NAME;
	a->nla_len = NLA_HDRLEN + sizeof(BURNKIT_GENL_NAME);
	memcpy(NLA_DATA(a), BURNKIT_GENL_NAME, sizeof(BURNKIT_GENL_NAME));
	req.n.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN) + NLA_ALIGN(a->nla_len);
	req.n.nlmsg_type = GENL_ID_CTRL;
	req.n.nlmsg_flags = NLM_F_REQUEST;
	req.g.cmd = CTRL_CMD_GETFAMILY;
	req.g.version = 1;
	if (send(fd, &req, req.n.nlmsg_len, 0) < 0) {
		perror("genljoin: send");
		return 2;
	}
	ssize_t n = recv(fd, resp, sizeof(resp), 0);
	struct nlmsghdr *h = (struct nlmsghdr *)resp;

	if (n <= 0 || h->nlmsg_type == NLMSG_ERROR) {
		puts("nofamily");
		return 3;
	}
	int len = (int)h->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN), id = -1;

	for (a = (struct nlattr *)((char *)NLMSG_DATA(h) + GENL_HDRLEN);
	     len >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN;
	     len -= NLA_ALIGN(a->nla_len), a = NLA_NEXT(a))
		if (a->nla_type == CTRL_ATTR_MCAST_GROUPS)
			id = group_id(a, a->nla_len);
	if (id < 0) {
		puts("nofamily");
		return 3;
	}
	if (setsockopt(fd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &id, sizeof(id))) {
		printf("refused %s\n", errno == EPERM ? "EPERM" : strerror(errno));
		return 1;
	}
	puts("ok");
	return 0;
}
