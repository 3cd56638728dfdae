#!/bin/sh
# burnkit capacity end to end (TAP): a genuine file system comes out
# genuine with its usable size, a changed unit between --write-only and
# --verify-only is found at its byte, bad input is refused; --device on a
# loop device: refused when mounted, when it holds the root file system,
# without --destructive or with a wrong confirmation (nothing written), and
# a genuine device probed. Fake devices need the VM (scsi_debug,
# device-mapper: tests/vm). Never fills the disk it runs on: every run has
# --size or a small file system.   tests/cli/capacity.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
base=${BURNKIT_TEST_DIR:-build}
work=$(mktemp -d "$base/cli-capacity.XXXXXX") || exit 1
work=$(cd "$work" && pwd)
loops=""
mounts=""
cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null; done
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	rm -rf "$work" "$tmp"
}
trap cleanup EXIT INT TERM

ok "a genuine file system: exit 0" status 0 capacity FilePath "$work" --size 12M --json "$tmp/g.jsonl" --svg "$tmp/g.svg"
ok "... verdict genuine" contains "$tmp/stdout" "Verdict: GENUINE"
ok "... the summary's sizes" sh -c "tail -1 $tmp/g.jsonl | grep -q '\"tested_bytes\":12582912,\"usable_bytes\":12582912,\"verdict\":\"genuine\"'"
ok "... claimed is the file system's size" sh -c "tail -1 $tmp/g.jsonl | grep -q '\"claimed_bytes\":[1-9]'"
ok "... speed per region as records" sh -c "[ \$(grep -c '\"type\":\"capacity_region\"' $tmp/g.jsonl) -ge 10 ]"
ok "... and a chart" sh -c "grep -q 'read MB/s' $tmp/g.svg && { ! command -v xmllint >/dev/null || xmllint --noout $tmp/g.svg; }"
ok "... nothing left behind" test ! -e "$work/burnkit-capacity"
ok "... the start record carries a device object" sh -c "head -1 $tmp/g.jsonl | grep -q '\"type\":\"start\".*\"device\":{\"found\":'"
ok "... and the text log names the device" sh -c "grep -q '^ Device: /dev/\|^ Device: unknown (' $tmp/stdout"

ok "--write-only keeps the files" status 0 capacity FilePath "$work" --size 8M --write-only
ok "... in the test directory" test -f "$work/burnkit-capacity/cap0001.dat"
# One word of unit 1000 changed, as a failing cell would.
printf '\125' | dd of="$work/burnkit-capacity/cap0001.dat" bs=1 seek=$((1000 * 4096 + 2000)) conv=notrunc 2>/dev/null
ok "--verify-only finds it: exit 1" status 1 capacity FilePath "$work" --verify-only --json "$tmp/v.jsonl"
ok "... damaged, at unit 1000" sh -c "grep -q 'Verdict: DAMAGED' $tmp/stdout && grep -q 'unit 1000 (byte 4096000): changed' $tmp/stdout"
ok "... usable is the prefix before it" sh -c "tail -1 $tmp/v.jsonl | grep -q '\"usable_bytes\":4096000,\"verdict\":\"damaged\"'"
ok "--verify-only with nothing written before: exit 3" status 3 capacity FilePath "$work/none" --verify-only
ok "no FilePath, no device: exit 2" status 2 capacity --size 8M
ok "--size as a share of RAM: exit 2" status 2 capacity FilePath "$work" --size 10%
ok "--write-only with --verify-only: exit 2" status 2 capacity FilePath "$work" --write-only --verify-only
ok "--max-write-rate holds the rate" sh -c "s=\$(date +%s%N); $emu $runner capacity FilePath $work --size 4M --max-write-rate 8 >/dev/null 2>&1 && [ \$(( (\$(date +%s%N) - s) / 1000000 )) -ge 450 ]"

if [ -n "$emu" ]; then
	skip "--device on a loop device" "the block-device ioctls are tested with the host runner"
	finish
	exit
fi
if [ "$(id -u)" != 0 ] || ! command -v losetup >/dev/null || ! losetup -f >/dev/null 2>&1 ||
   ! command -v mkfs.ext4 >/dev/null; then
	skip "--device on a loop device" "needs root, losetup and a free loop device"
	finish
	exit
fi
truncate -s 64M "$work/dev.img"
dev=$(losetup -f --show "$work/dev.img") && loops="$dev"
ok "--device without --destructive: exit 2" status 2 capacity --device "$dev"
ok "... says why" contains "$tmp/stderr" "add --destructive"
root_dev=$(findmnt -no SOURCE / 2>/dev/null)
if [ -b "$root_dev" ]; then
	ok "--device on the root file system's disk: refused" sh -c \
		"$runner capacity --device $root_dev --destructive --yes-destroy-data-on $root_dev >/dev/null 2>$tmp/root.err; [ \$? -eq 2 ] && grep -q 'root file system\|mounted' $tmp/root.err"
else
	skip "--device on the root file system's disk" "the root file system here is ${root_dev:-unknown}, not a block device"
fi
echo "keep me" > "$work/mark"
dd if="$work/mark" of="$dev" bs=4096 conv=sync 2>/dev/null
ok "a wrong confirmation: exit 2" sh -c "echo 'nonsense 123' | $runner capacity --device $dev --destructive >/dev/null 2>$tmp/c.err; [ \$? -eq 2 ]"
ok "... nothing written" sh -c "dd if=$dev bs=7 count=1 2>/dev/null | grep -q 'keep me'"
ok "--yes-destroy-data-on another device: exit 2" status 2 capacity --device "$dev" --destructive --yes-destroy-data-on /dev/sdz
mkfs.ext4 -q -F "$dev" && mkdir -p "$work/mnt" && mount "$dev" "$work/mnt" && mounts="$work/mnt"
ok "a mounted device: refused" status 2 capacity --device "$dev" --destructive --yes-destroy-data-on "$dev"
ok "... names where it is mounted" contains "$tmp/stderr" "mounted at $work/mnt"
umount "$work/mnt" && mounts=""
ok "a genuine 64 MiB device: exit 0" status 0 capacity --device "$dev" --destructive --yes-destroy-data-on "$dev" --json "$tmp/d.jsonl"
ok "... usable 64 MiB, genuine" sh -c "tail -1 $tmp/d.jsonl | grep -q '\"claimed_bytes\":67108864,\"tested_bytes\":67108864,\"usable_bytes\":67108864,\"verdict\":\"genuine\"'"
ok "... the start record names the loop device" sh -c "head -1 $tmp/d.jsonl | grep -q '\"device\":{\"found\":true,\"name\":\"$(basename "$dev")\".*\"bus\":\"virtual\"'"
ok "... and so does the text log" contains "$tmp/stdout" "Device: $dev ("
ok "... typed confirmation works too" sh -c "echo '$(basename "$dev") 67108864' | $runner capacity --device $dev --destructive >/dev/null 2>&1"
ok "--full confirms it" status 0 capacity --device "$dev" --destructive --yes-destroy-data-on "$dev" --full
finish
