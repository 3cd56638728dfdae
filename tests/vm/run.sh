#!/bin/sh
# run.sh: the VM tests, in the guest, as TAP. Each NN-*.sh beside this file
# is sourced in order into one shell that keeps the count; 99-lockdown.sh
# comes last because lockdown cannot be lifted.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

diag "guest $(uname -m), kernel $(uname -r), $(online_cpus) CPUs"
for t in "$here"/[0-9][0-9]-*.sh; do
	diag "$(basename "$t") at $(cut -d' ' -f1 /proc/uptime) s"
	. "$t"
done
diag "done at $(cut -d' ' -f1 /proc/uptime) s"
echo "1..$tap_n"
diag "$tap_failed of $tap_n failed"
[ "$tap_failed" -eq 0 ]
