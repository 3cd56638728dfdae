# Load and unload, bad parameters, unload with a file open: the kernel log
# stays clean. Leaves the module loaded with inject=1 period_ms=20.

abi_expected=$(sed -n 's/^#define BURNKIT_ABI_VERSION[[:space:]]*\([0-9]*\).*/\1/p' /burnkit/abi.h)
check "module loaded at boot" loaded
check_eq "abi_version is the header's" "$abi_expected" "$(cat $BK/abi_version)"
check "unload" unload
check "debugfs directory gone after unload" test ! -e "$BK"

for bad in period_ms=0 period_ms=10001 clock_window_us=50 armv7_user_access=2; do
	if insmod "$BURNKIT_KO" "$bad" 2>/dev/null; then
		not_ok "insmod $bad refused"
		rmmod burnkit
	else
		ok "insmod $bad refused"
	fi
done

cycles_ok=1
i=0
while [ $i -lt 5 ]; do
	load && test -r "$BK/features" && unload || cycles_ok=0
	i=$((i + 1))
done
check "5 load/unload cycles" test $cycles_ok = 1

check "load with inject=1 period_ms=20" load inject=1 period_ms=20
check_eq "features: inject on" on "$(kv $BK/features inject)"
check_eq "features: period 20" 20 "$(kv $BK/features throttle_period_ms)"

# A file held open across rmmod: debugfs holds the module while the file
# is open, so rmmod is refused; closing lets it go.
exec 3< "$BK/features"
if rmmod burnkit 2>/dev/null; then
	open_unload=unloaded
else
	open_unload=refused
fi
diag "rmmod with features open: $open_unload"
# rmmod was refused (asserted below), so the module is still there and
# the held file still reads its lines.
check "the file held across rmmod still reads" sh -c "cat <&3 | grep -q '^counter '"
exec 3<&-
check_eq "rmmod refused while a file is open" refused "$open_unload"
check "unload after close" unload
check "load again" load inject=1 period_ms=20
check_kernel_clean "no WARN/BUG/Oops after loads and unloads"
