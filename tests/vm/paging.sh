#!/bin/sh
# paging.sh: burnkit paging for real, in the test VM (TAP). The guest's
# memory is made small by reserving huge pages (the kernel never swaps
# them), a swap file goes on the virtio disk, and the test size goes beyond
# MemAvailable: the kernel must page, and the samples must show it. Then,
# without swap and with --force, the OOM killer must take the test process
# and the runner must say so and exit 3, the guest still up.
#
# From the host:  scripts/vm.sh x86_64 --runner -- paging.sh
# Environment: PAGING_AVAILABLE_MB (memory left to the test, default 96),
# PAGING_SWAP_MB (swap file size, default 40), PAGING_OVER_MB (how far the
# test size goes beyond MemAvailable, default 20).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

avail_target=${PAGING_AVAILABLE_MB:-96}
swap_mb=${PAGING_SWAP_MB:-40}
over_mb=${PAGING_OVER_MB:-20}
disk=${BURNKIT_DISK:-/mnt/disk}
swapfile=$disk/burnkit-paging.swap
out=/tmp/paging

meminfo() {	# meminfo KEY: the value in kB
	sed -n "s/^$1: *\([0-9]*\).*/\1/p" /proc/meminfo
}

vmstat() {	# vmstat KEY: the count since boot
	sed -n "s/^$1 //p" /proc/vmstat
}

# A JSON member's number from a line: json_num LINE KEY
json_num() {
	printf '%s\n' "$1" | sed -n "s/.*\"$2\":\([0-9.e+-]*\).*/\1/p"
}

cleanup() {
	swapoff "$swapfile" 2>/dev/null
	rm -f "$swapfile"
	echo 0 > /proc/sys/vm/nr_hugepages 2>/dev/null
}
trap cleanup EXIT

mkdir -p "$out"
diag "guest $(uname -m), kernel $(uname -r), MemTotal $(meminfo MemTotal) kB," \
	"MemAvailable $(meminfo MemAvailable) kB"

# ---------------------------------------------------------------- small memory
hp_kb=$(meminfo Hugepagesize)
if [ -z "$hp_kb" ] || [ ! -w /proc/sys/vm/nr_hugepages ]; then
	skip "memory made small" "no huge pages in this kernel: cannot shrink the guest"
	echo "1..$tap_n"
	exit 0
fi
free_kb=$(meminfo MemAvailable)
want=$(( (free_kb - avail_target * 1024) / hp_kb ))
[ "$want" -gt 0 ] || want=0
echo "$want" > /proc/sys/vm/nr_hugepages
got=$(meminfo HugePages_Total)
avail_kb=$(meminfo MemAvailable)
diag "reserved $got of $want huge pages of $hp_kb kB: MemAvailable now $avail_kb kB"
check "memory made small: MemAvailable within 32 MB of ${avail_target} MB" \
	[ $((avail_kb / 1024)) -le $((avail_target + 32)) ]

# ---------------------------------------------------------------- swap file
dd if=/dev/zero of="$swapfile" bs=1M count="$swap_mb" 2>/dev/null
chmod 600 "$swapfile"
if mkswap "$swapfile" >/dev/null 2>&1 && swapon "$swapfile"; then
	ok "swap file of $swap_mb MB on the virtio disk in use"
else
	not_ok "swap file of $swap_mb MB on the virtio disk in use"
	echo "1..$tap_n"
	exit 1
fi
diag "$(tr '\t' ' ' < /proc/swaps | tail -n 1)"

# ---------------------------------------------------------------- paging
avail_kb=$(meminfo MemAvailable)
kbytes=$((avail_kb + over_mb * 1024))
pswpout0=$(vmstat pswpout)
diag "burnkit paging --kbytes $kbytes (MemAvailable $avail_kb kB + $over_mb MB)"
burnkit paging --kbytes "$kbytes" --seconds 1 --interval 2 --no-config \
	--json "$out/paging.jsonl" > "$out/paging.txt" 2>&1
rc=$?
pswpout1=$(vmstat pswpout)
sed 's/^/# /' "$out/paging.txt"
check_eq "paging beyond MemAvailable with swap: exit 0" 0 "$rc"
check "the verdict: it must page" grep -q 'more than MemAvailable' "$out/paging.txt"
check "twelve tests at each size, all OK" [ "$(grep -c 'Result OK' "$out/paging.txt")" -eq 24 ]
check "a slowdown table" grep -q '^ Slowdown at ' "$out/paging.txt"
summary=$(tail -n 1 "$out/paging.jsonl")
swapped_out=$(json_num "$summary" swapped_out_kb)
diag "summary: $summary"
check "pages went out to swap during the paging run (${swapped_out:-?} KB)" \
	[ "${swapped_out%%.*}" -gt 0 ]
check "/proc/vmstat agrees: pswpout grew from $pswpout0 to $pswpout1" \
	[ "$pswpout1" -gt "$pswpout0" ]
busy=$(grep '"type":"sample"' "$out/paging.jsonl" | grep '"run":"paging"' |
	grep -vc '"swap_out_kb_per_s":0,')
check "samples of the paging run show swap out ($busy of them)" [ "$busy" -gt 0 ]
ws=$(json_num "$summary" write_read_slowdown)
check "the write/read phase is slower at the paging size (x$ws)" \
	awk -v s="$ws" 'BEGIN { exit !(s > 1) }'

# ---------------------------------------------------------------- OOM killer
swapoff "$swapfile"
avail_kb=$(meminfo MemAvailable)
kbytes=$((avail_kb + over_mb * 1024))
oom0=$(vmstat oom_kill)
diag "no swap: burnkit paging --force --kbytes $kbytes (MemAvailable $avail_kb kB)"
burnkit paging --kbytes "$kbytes" --seconds 1 --interval 1 --force --no-config \
	--json "$out/oom.jsonl" > "$out/oom.txt" 2>&1
rc=$?
oom1=$(vmstat oom_kill)
sed 's/^/# /' "$out/oom.txt"
check_eq "without swap, forced beyond memory: exit 3" 3 "$rc"
check "the OOM killer took the test process (oom_kill $oom0 -> $oom1)" \
	[ "${oom1:-0}" -gt "${oom0:-0}" ]
check "the runner says so, with the last sample" \
	grep -q 'killed (SIGKILL) by the OOM killer' "$out/oom.txt"
check "and the JSON record says so" grep -q '"type":"killed".*"oom_killer":true' "$out/oom.jsonl"
int_runs() { burnkit int --seconds 0.05 --no-config >/dev/null 2>&1; }
check "the guest is still up: it runs burnkit int" int_runs
# The OOM report carries a call trace of its own; anything worse fails.
no_bugs() { ! dmesg | grep -E 'WARNING:|BUG:|Oops|general protection|kernel BUG'; }
check "no kernel warnings or bugs besides the OOM report" no_bugs

echo "1..$tap_n"
diag "$tap_failed of $tap_n failed"
[ "$tap_failed" -eq 0 ]
