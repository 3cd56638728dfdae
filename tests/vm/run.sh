#!/bin/sh
# run.sh: the VM tests, in the guest, as TAP. Each NN-*.sh beside this file
# is sourced in order into one shell that keeps the count; 99-lockdown.sh
# comes last because lockdown cannot be lifted. A test names the guests
# (scripts/vm.sh GUEST) it is for on a line "# guests: NAME..."; without one
# it is for the general guests x86_64, aarch64 and armv7. The raspi3b guest,
# slow and there for the Raspberry Pi paths, runs only the tests naming it.
# A test of the runner end to end, which asks nothing new of the kernel
# once the module's own tests passed on it, names the kernel series it runs
# on ("# kernels: 6.1"): elsewhere it is a skip, for make check's time,
# unless run.sh --every-kernel (make vm-test VM_RUN=--every-kernel).
every_kernel=0
[ "${1:-}" = --every-kernel ] && every_kernel=1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

diag "guest ${BURNKIT_VM_GUEST:-$(uname -m)} ($(uname -m)), kernel $(uname -r), $(online_cpus) CPUs"
guest=${BURNKIT_VM_GUEST:-$(uname -m)}
for t in "$here"/[0-9][0-9]-*.sh; do
	guests=$(sed -n 's/^# guests: //p' "$t" | head -n 1)
	case " ${guests:-x86_64 aarch64 armv7} " in
	*" $guest "*) ;;
	*) continue ;;
	esac
	kernels=$(sed -n 's/^# kernels: //p' "$t" | head -n 1)
	case " ${kernels:-${BURNKIT_VM_KERNEL:-6.1}} " in
	*" ${BURNKIT_VM_KERNEL:-6.1} "*) ;;
	*)
		if [ $every_kernel = 0 ]; then
			skip "$(basename "$t")" "a runner test, run on kernel $kernels (run.sh --every-kernel runs it here)"
			continue
		fi ;;
	esac
	diag "$(basename "$t") at $(cut -d' ' -f1 /proc/uptime) s"
	. "$t"
done
diag "done at $(cut -d' ' -f1 /proc/uptime) s"
echo "1..$tap_n"
diag "$tap_failed of $tap_n failed"
[ "$tap_failed" -eq 0 ]
