# guests: armv7
# ARMv7 without armv7_user_access=1 (the default): PMUSERENR.EN would let a
# task program the PMU, so no task may ask for the cycle counter; the module
# says so wherever it would offer it (user_access, features, counters,
# calibration), every read from user space traps, and the runner times
# with another time base even when told to ask (--pmu-override). With the
# parameter the reason, if any remains, is the kernel's (Debian's armmp
# kernel has no CONFIG_PREEMPT_NOTIFIERS, which per-task access needs).
# The other tests run with the parameter (tests/vm/vm-test.sh).

unload
insmod "$BURNKIT_KO" inject=1 period_ms=20
why=$(cat $BK/user_access)
check "default: user_access says why it is unsupported" \
	sh -c "echo '$why' | grep -q '^unsupported: .*armv7_user_access=1'"
diag "user_access: $why"
check_eq "default: features user_access unsupported" unsupported "$(kv $BK/features user_access)"
check_eq "default: features counter unsupported" unsupported "$(kv $BK/features counter)"
check_eq "default: the PMU is still found" present "$(kv $BK/features pmu)"
ncpu=$(online_cpus)
check_eq "default: every counters row unsupported, user read no" "$ncpu" \
	"$(awk '!/^#/ && $2 == "unsupported" && $5 == "no"' $BK/counters | wc -l)"
check_eq "default: every calibration row unsupported" "$ncpu" \
	"$(awk '!/^#/ && $2 == "unsupported"' $BK/calibration | wc -l)"
check_eq "default: asking is refused" "refused EOPNOTSUPP" "$(pmuhold 1 | head -n 1)"
traps=0
c=0
while [ $c -lt "$ncpu" ]; do
	[ "$(pmccntr 1000 $c | cut -d' ' -f1)" = sigill ] && traps=$((traps + 1))
	c=$((c + 1))
done
check_eq "default: reads trap on every CPU" "$ncpu" "$traps"
if command -v burnkit > /dev/null; then
	burnkit fpu KWds 1 --seconds 1 --cpu 0 --pmu-override --json $S/v7.jsonl > $S/v7.out 2>&1
	rc=$?
	t=$(grep '"type":"start"' $S/v7.jsonl | sed 's/.*"timer":{\([^}]*\)}.*/\1/')
	diag "runner timer: $t"
	check_eq "default: the runner's run ends well" 0 "$rc"
	check "default: it times without the cycle counter" \
		sh -c "! echo '$t' | grep -q '\"cycles\":\"pmccntr\"'"
else
	skip "runner on ARMv7's default" "the runner is not built for $BURNKIT_VM_ARCH"
fi
unload
insmod "$BURNKIT_KO" armv7_user_access=1 inject=1 period_ms=20
why=$(cat $BK/user_access)
diag "armv7_user_access=1: $why"
check "armv7_user_access=1: off, or unsupported for a reason of the kernel's" \
	sh -c "echo '$why' | grep -q -e '^off$' -e '^unsupported: the kernel has no'"
check_kernel_clean "kernel clean after ARMv7's default"
unload
load inject=1 period_ms=20
