/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* Each throttle transition multicast on the generic netlink family. */
#ifndef BURNKIT_NETLINK_H
#define BURNKIT_NETLINK_H

struct burnkit_event;
struct seq_file;

int bk_netlink_init(void);
void bk_netlink_exit(void);
void bk_netlink_features(struct seq_file *m);
void bk_netlink_send(const struct burnkit_event *e);

#endif
