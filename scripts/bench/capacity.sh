#!/bin/bash
# SPDX-License-Identifier: MIT
#
# capacity.sh: burnkit capacity against f3write + f3read (Debian's f3), in one
# run, on the same bounded file system: an ext4 image file of IMAGE_MB
# (default 1024) mounted through a loop device, never the host's own file
# system. Each round formats it afresh, then times f3write+f3read filling it,
# formats again and times burnkit capacity filling it (the order alternates
# from round to round, so the load others put on the disk hits both alike).
# The ratio is burnkit's bytes checked per second of the whole run over f3's
# (above 1: burnkit is faster),
# median over ROUNDS (default 3) with its spread; above 10 % it is marked
# unstable. Both must call the file system genuine; f3 gives no speed per
# region, burnkit's table has one. Needs root and a free loop device.
# Fakes are not compared here: a loop device stores what it claims, and a
# fake (a wrap, dropped writes) needs device-mapper or scsi_debug in the
# kernel; where the kernel has neither, the run says so. burnkit's findings
# on such fakes are checked in the VM tests (77: scsi_debug, also through
# vfat; 79: device-mapper).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
runner=${RUNNER:-$top/build/burnkit}
image_mb=${IMAGE_MB:-1024}
rounds=${ROUNDS:-3}
if [ "$(id -u)" -ne 0 ] || ! command -v f3write >/dev/null || ! losetup -f >/dev/null 2>&1; then
	echo "capacity.sh: skipped: needs root, f3 (apt-get install f3) and a free loop device"
	exit 0
fi
work=$(mktemp -d "$top/build/bench-capacity.XXXXXX")
mnt=$work/mnt
mkdir -p "$mnt"
dev=
cleanup() {
	umount "$mnt" 2>/dev/null
	[ -n "$dev" ] && losetup -d "$dev" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT INT TERM
truncate -s "${image_mb}M" "$work/fs.img"
dev=$(losetup -f --show "$work/fs.img") || exit 1

fresh() {
	umount "$mnt" 2>/dev/null
	mkfs.ext4 -q -F "$dev" && mount "$dev" "$mnt" && sync
}

now() { date +%s.%N; }

time_f3() {
	local t0 t1
	fresh || return 1
	t0=$(now)
	f3write "$mnt" > "$work/f3write.out" 2>&1 && f3read "$mnt" > "$work/f3read.out" 2>&1 || return 1
	t1=$(now)
	grep -q "Data LOST: 0.00 Byte" "$work/f3read.out" || f3_verdict=not-genuine
	# bytes per second over what it checked ("Data OK: ... (N sectors)")
	echo "$(sed -n 's/.*Data OK:.*(\([0-9]*\) sectors).*/\1/p' "$work/f3read.out") * 512 / ($t1 - $t0)" | bc
}

time_burnkit() {
	local t0 t1
	fresh || return 1
	t0=$(now)
	"$runner" capacity FilePath "$mnt" --json "$work/cap.jsonl" > "$work/cap.out" 2>&1
	rc=$?
	t1=$(now)
	[ "$rc" -eq 0 ] || bk_verdict=not-genuine
	echo "$(tail -1 "$work/cap.jsonl" | sed -n 's/.*"tested_bytes":\([0-9]*\).*/\1/p') / ($t1 - $t0)" | bc
}

f3_verdict=genuine
bk_verdict=genuine
ratios=()
echo "capacity.sh: f3write+f3read vs burnkit capacity, ext4 image of ${image_mb} MB, $rounds rounds"
for r in $(seq 1 "$rounds"); do
	if [ $((r % 2)) -eq 1 ]; then
		f=$(time_f3) || { echo "f3 failed: $(tail -3 "$work"/f3*.out)"; exit 1; }
		b=$(time_burnkit)
	else
		b=$(time_burnkit)
		f=$(time_f3) || { echo "f3 failed"; exit 1; }
	fi
	ratio=$(echo "scale=4; $b / $f" | bc)
	ratios+=("$ratio")
	printf ' round %d: f3 %.1f MB/s, burnkit %.1f MB/s (written and read, over the run), burnkit/f3 %.3f\n' \
		"$r" "$(echo "$f / 1000000" | bc -l)" "$(echo "$b / 1000000" | bc -l)" "$ratio"
done
sorted=$(printf '%s\n' "${ratios[@]}" | sort -g)
median=$(echo "$sorted" | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }')
lo=$(echo "$sorted" | head -1)
hi=$(echo "$sorted" | tail -1)
spread=$(echo "scale=1; 100 * ($hi - $lo) / $median" | bc)
stable=$(echo "$spread <= 10" | bc)
printf ' burnkit speed / f3 speed: %.3f (spread %s %%)%s; goal >= 0.95: %s\n' "$median" "$spread" \
	"$([ "$stable" -eq 1 ] || echo ", unstable")" \
	"$([ "$stable" -eq 1 ] && [ "$(echo "$median >= 0.95" | bc)" -eq 1 ] && echo met || echo "not shown")"
echo " verdicts: f3 $f3_verdict, burnkit $bk_verdict (both must say genuine here)"
if grep -qw device-mapper /proc/misc 2>/dev/null; then
	echo " fakes: not compared here (the VM tests 77 and 79 check burnkit on them)"
else
	echo " fakes: not compared here: this kernel has no device-mapper to build one" \
		"(the VM tests 77 and 79 check burnkit on scsi_debug and device-mapper fakes)"
fi
echo " burnkit's per-region table (f3 has none):"
sed -n '/Region/,/^$/p' "$work/cap.out" | head -8
[ "$f3_verdict" = genuine ] && [ "$bk_verdict" = genuine ]
