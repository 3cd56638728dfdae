#!/bin/sh
# SPDX-License-Identifier: MIT
#
# capacity_fakes.sh: burnkit capacity and f3 (f3probe, f3write + f3read) on
# the same fake cards, in the x86_64 test VM (scripts/vm.sh), where
# scsi_debug makes them: a 1 GiB disk that stores 16 MiB and wraps round, one
# that stores 10 MiB (a wrap at a non-power of two, which f3probe is known to
# miss: AltraMayor/f3#144), and a genuine 16 MiB disk. For each: the usable
# size f3probe and `burnkit capacity --device --destructive` find, then a
# FAT file system made afresh on it, filled and read back by f3write+f3read
# and by `burnkit capacity --filepath` (all its free space, as f3write
# fills it), the bytes f3read calls OK against burnkit's usable size, with
# each side's verdict and time. This host needs f3 (apt-get install f3); the
# guest gets f3's programs and their libraries (scripts/vm.sh --userland).
# Not part of make check (a few minutes): make bench runs it.
#
#   scripts/bench/capacity_fakes.sh        (prints the table; exit 1 when a
#                                           verdict of burnkit's is wrong)
# In the guest it runs itself with --in-guest.
set -u

if [ "${1:-}" != --in-guest ]; then
	top=$(cd "$(dirname "$0")/../.." && pwd)
	for p in f3probe f3write f3read; do
		command -v $p > /dev/null || {
			echo "capacity_fakes.sh: skipped: no $p here (apt-get install f3)"
			exit 0
		}
	done
	ul=""
	for p in f3probe f3write f3read; do ul="$ul $p:/usr/bin/$p"; done
	echo "capacity_fakes.sh: burnkit capacity and f3 on scsi_debug fakes in the x86_64 test VM"
	exec "$top/scripts/vm.sh" x86_64 --runner --no-kmod --userland "${ul# }" \
		--timeout 900 -- sh -c "$(cat "$0")" capacity_fakes.sh --in-guest
fi

# ----------------------------------------------------------------- guest
export PATH=/usr/bin:$PATH
S=$(mktemp -d)
mnt=$S/fat
mkdir -p "$mnt"
wrong=0
modprobe sd_mod 2>/dev/null	# the disk's block device; the guest loads nothing by itself
modprobe vfat 2>/dev/null

sdebug_disk() {
	i=0
	while [ $i -lt 50 ]; do
		for m in /sys/block/sd*/device/model; do
			[ -e "$m" ] && grep -q scsi_debug "$m" &&
				{ basename "$(dirname "$(dirname "$m")")"; return 0; }
		done
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

jfield() {	# FILE KEY: the value of "KEY" in the summary record
	grep '"type":"summary"' "$1" | tail -n 1 |
		sed -n "s/.*\"$2\":\"\{0,1\}\([^\",}]*\).*/\1/p"
}

now() { cut -d' ' -f1 /proc/uptime; }
secs() {	# START: seconds since (uptime, 10 ms steps)
	echo "$1 $(now)" | awk '{ printf "%.1f", $2 - $1 }'
}

mb() {
	awk -v b="$1" 'BEGIN { if (b == "") print "-"; else printf "%.2f", b / 1048576 }'
}

fresh_fat() {
	mkdosfs -F 32 "/dev/$dev" > /dev/null 2>&1 && mount -t vfat "/dev/$dev" "$mnt"
}

printf '%-22s %-6s | %10s %8s %6s | %10s %8s %6s || %10s %8s %6s | %10s %8s %6s\n' \
	"" "stores" "f3probe" "verdict" "s" "burnkit" "verdict" "s" \
	"f3read ok" "verdict" "s" "burnkit" "verdict" "s"
for spec in "16 MiB, wraps:dev_size_mb=16 virtual_gb=1:fake" \
	"10 MiB, wraps:dev_size_mb=10 virtual_gb=1:fake" \
	"genuine 16 MiB:dev_size_mb=16:genuine"; do
	name=${spec%%:*}
	rest=${spec#*:}
	args=${rest%%:*}
	want=${rest#*:}
	# shellcheck disable=SC2086 # module parameters are words
	modprobe scsi_debug $args || { echo "$name: modprobe scsi_debug $args failed"; wrong=1; continue; }
	dev=$(sdebug_disk) || { echo "$name: no scsi_debug disk"; wrong=1; continue; }

	t=$(now)
	f3probe --destructive --time-ops "/dev/$dev" > $S/probe.out 2>&1
	f3p_s=$(secs "$t")
	f3p_mb=$(sed -n 's/.*Usable size: *\([0-9.]*\) MB.*/\1/p;s/.*Usable size: *\([0-9.]*\) GB.*/G\1/p' $S/probe.out |
		head -n 1 | awk '/^G/ { sub("G", ""); printf "%.2f", $1 * 1024; next } { print }')
	if grep -q 'is the real thing' $S/probe.out; then f3p_v=genuine
	elif grep -q 'counterfeit' $S/probe.out; then f3p_v=fake
	elif grep -q 'is damaged' $S/probe.out; then f3p_v=damaged
	else f3p_v=error; fi

	t=$(now)
	burnkit capacity --device "/dev/$dev" --destructive --yes-destroy-data-on "/dev/$dev" \
		--json $S/dev.jsonl > $S/dev.out 2>&1
	bkd_s=$(secs "$t")
	bkd_mb=$(mb "$(jfield $S/dev.jsonl usable_bytes)")
	bkd_v=$(jfield $S/dev.jsonl verdict)
	[ "$bkd_v" = "$want" ] || wrong=1

	f3r_mb=- f3r_v=error f3r_s=-
	if fresh_fat; then
		t=$(now)
		f3write "$mnt" > $S/f3w.out 2>&1
		f3read "$mnt" > $S/f3r.out 2>&1
		f3r_s=$(secs "$t")
		f3r_mb=$(sed -n 's/.*Data OK: *\([0-9.]*\) MB.*/\1/p;s/.*Data OK: *\([0-9.]*\) GB.*/G\1/p' $S/f3r.out |
			head -n 1 | awk '/^G/ { sub("G", ""); printf "%.2f", $1 * 1024; next } { print }')
		if grep -q 'Data LOST: *0\.00 Byte' $S/f3r.out; then f3r_v=genuine
		elif grep -q 'Data LOST' $S/f3r.out; then f3r_v=fake; fi
		umount "$mnt"
	fi
	bkf_mb=- bkf_v=error bkf_s=-
	if fresh_fat; then
		t=$(now)
		burnkit capacity --filepath "$mnt" --json $S/file.jsonl > $S/file.out 2>&1
		bkf_s=$(secs "$t")
		bkf_mb=$(mb "$(jfield $S/file.jsonl usable_bytes)")
		bkf_v=$(jfield $S/file.jsonl verdict)
		umount "$mnt"
	fi
	[ "$bkf_v" = "$want" ] || wrong=1
	printf '%-22s %-6s | %10s %8s %6s | %10s %8s %6s || %10s %8s %6s | %10s %8s %6s\n' \
		"$name" "$want" "${f3p_mb:--}" "$f3p_v" "$f3p_s" "$bkd_mb" "${bkd_v:-error}" "$bkd_s" \
		"${f3r_mb:--}" "$f3r_v" "$f3r_s" "$bkf_mb" "${bkf_v:-error}" "$bkf_s"
	sed -n '/Usable size\|Announced size\|Module\|Bad news\|Good news\|rror/p' $S/probe.out |
		head -n 5 | sed 's/^/#   f3probe: /'
	sed -n '/Data OK\|Data LOST/p' $S/f3r.out | sed 's/^/#   f3read: /'
	sed -n '/Usable size/p' $S/file.out 2>/dev/null | sed 's/^/#   burnkit --filepath: /' 
	rmmod scsi_debug 2>/dev/null || modprobe -r scsi_debug
done
echo "(sizes in MiB; left: device probes, right: a FAT file system filled and read back)"
[ $wrong = 0 ] && echo "burnkit's verdicts: all right" || echo "burnkit's verdicts: WRONG on some card"
exit $wrong
