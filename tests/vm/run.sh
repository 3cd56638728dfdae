#!/bin/sh
# run.sh: the VM tests, in the guest, as TAP. Each NN-*.sh beside this file
# is sourced in order into one shell that keeps the count; 99-lockdown.sh
# comes last because lockdown cannot be lifted. A test names the guests
# (scripts/vm.sh GUEST) it is for on a line "# guests: NAME..."; without one
# it is for the general guests x86_64, aarch64 and armv7. The raspi3b guest,
# slow and there for the Raspberry Pi paths, runs only the tests naming it.
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
	diag "$(basename "$t") at $(cut -d' ' -f1 /proc/uptime) s"
	. "$t"
done
diag "done at $(cut -d' ' -f1 /proc/uptime) s"
echo "1..$tap_n"
diag "$tap_failed of $tap_n failed"
[ "$tap_failed" -eq 0 ]
