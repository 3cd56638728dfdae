# The generic netlink group of throttle events: root joins it, an
# unprivileged process (uid 65534, no CAP_NET_ADMIN) is refused.

if [ "$(kv $BK/features netlink)" != on ]; then
	skip "netlink group membership" "features: netlink $(kv $BK/features netlink)"
else
	check_eq "root joins the throttle group" ok "$(genljoin)"
	check_eq "uid 65534 may not join it" "refused EPERM" "$(asuser 65534 genljoin)"
fi
