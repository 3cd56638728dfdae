# Every control needs CAP_SYS_ADMIN (user_access CAP_PERFMON or
# CAP_SYS_ADMIN), even through an open file handed to an unprivileged
# process (uid 65534 inherits it): EPERM and a warning naming the file.

# as_nobody FILE BYTES: write BYTES through an inherited open of FILE.
as_nobody() {
	exec 4<>"$BK/$1"
	before=$(rejections "$1")
	if asuser 65534 sh -c "printf '%s' '$2' >&4" 2>/dev/null; then
		not_ok "$1: uid 65534 with an inherited open file is refused"
	elif [ "$(rejections "$1")" -le "$before" ]; then
		not_ok "$1: uid 65534 is refused with a warning naming the file"
	else
		ok "$1: uid 65534 with an inherited open file is refused, warned"
	fi
	exec 4>&-
}
# The bad writes before this spent the files' warning budgets (10 lines
# per 5 s each): let them refill, so a refusal here must warn.
sleep 5
as_nobody throttle_period_ms 50
check_eq "throttle_period_ms unchanged" 20 "$(cat $BK/throttle_period_ms)"
as_nobody calibrate "1 10"
as_nobody throttle_inject 1
as_nobody pagecache "count /dev/vda"
[ -e "$BK/user_access" ] && as_nobody user_access 1
check_kernel_clean "kernel clean after unprivileged writes"
