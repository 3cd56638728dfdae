#!/bin/sh
# nopmu.sh: in an AArch64 guest whose CPU has no PMU (VM_CPU=
# "cortex-a72,pmu=off", ID_AA64DFR0_EL1.PMUVer 0), burnkit.ko finds that out
# before touching a PMU register: the cycle counter reads "unsupported" with
# the reason, timing falls back to the generic timer, nothing reads 0.
# Run by vm-test.sh in its own boot, as TAP.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

diag "guest $(uname -m), kernel $(uname -r), no PMU"
check "module loaded" loaded
check_eq "features: pmu absent" absent "$(kv $BK/features pmu)"
check_eq "features: user_access unsupported" unsupported "$(kv $BK/features user_access)"
check_eq "features: perf_pmu unsupported" unsupported "$(kv $BK/features perf_pmu)"
check_eq "features: counter is the generic timer" cntvct "$(kv $BK/features counter)"
check_eq "user_access says why" "unsupported: no PMU (ID_AA64DFR0_EL1.PMUVer 0)" \
	"$(cat $BK/user_access)"
check_eq "asking for the counter is refused" "refused EOPNOTSUPP" "$(pmuhold 1 | head -n 1)"
check_eq "counters: every row times with cntvct" cntvct "$(column $BK/counters source | sort -u)"
check_eq "calibration: every row measured cntvct" cntvct "$(column $BK/calibration source | sort -u)"
zero=$(awk 'NR > 1 && !($5 > 0) { print "cpu " $1 ": min " $5 }' $BK/calibration)
check_eq "calibration: no minimum of 0 ticks" "" "$zero"
check_eq "clock: no PMU, no cycle-counter clock (unsupported, not 0)" unsupported \
	"$(column $BK/clock effective_khz | sort -u)"
check_eq "PMCCNTR from user space traps" sigill "$(pmccntr 10 | cut -d' ' -f1)"
check_kernel_clean "kernel clean without a PMU"
echo "1..$tap_n"
[ "$tap_failed" -eq 0 ]
