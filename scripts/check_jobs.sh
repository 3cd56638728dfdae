#!/bin/sh
# check_jobs.sh: how many targets make check runs at once on this machine:
# one per CPU, at most one per 1.5 GiB of MemAvailable (a VM guest of the
# matrix takes up to 1 GiB with QEMU's own), at least one.
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
kib=$(sed -n 's/^MemAvailable: *\([0-9]*\) kB$/\1/p' /proc/meminfo 2>/dev/null)
jobs=$cpus
if [ -n "$kib" ]; then
	by_memory=$((kib / (1536 * 1024)))
	[ "$by_memory" -lt "$jobs" ] && jobs=$by_memory
fi
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
echo "$jobs"
