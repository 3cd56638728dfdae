# Loading that fails at any stage (module parameter fail_init=STAGE) leaves
# nothing behind: no module, no debugfs directory, no netlink family, a
# clean kernel log; and the module loads and unloads again afterwards.

unload
for stage in pmu_access calibration clock netlink throttle pagecache end; do
	if insmod "$BURNKIT_KO" fail_init=$stage 2>/dev/null; then
		not_ok "fail_init=$stage: loading fails"
		rmmod burnkit
		continue
	fi
	left=""
	dmesg | grep -q "fail_init=$stage: failing here on purpose" ||
		left="$left (failed elsewhere than at $stage)"
	loaded && left="$left module"
	[ -e "$BK" ] && left="$left debugfs"
	[ "$(genljoin)" != nofamily ] && left="$left netlink"
	check_eq "fail_init=$stage: loading fails and leaves nothing" "" "$left"
done
check "fail_init=bogus is refused" sh -c "! insmod $BURNKIT_KO fail_init=bogus 2>/dev/null"
check "then it loads" load inject=1 period_ms=20
check "and unloads" unload
check "and loads again" load inject=1 period_ms=20
check_kernel_clean "kernel clean after the failed loads"
