#!/bin/sh
# burnkit drive, speed and sdcard end to end (TAP): both parameter styles,
# JSON lines, --verify-only catching a changed byte and a swapped file,
# every failure mode (foreign directory, no such FilePath, no space, file
# too large, full and read-only filesystems mid-run, Ctrl-C) with its
# message and exit status and nothing left behind. Runs the host runner,
# or a cross-built one under qemu-user:  tests/cli/drive.sh RUNNER [EMULATOR]
# The test files go below $BURNKIT_TEST_DIR (default build/): a filesystem
# on a disk, where O_DIRECT works.
. "$(dirname "$0")/lib.sh" "$@"
# The test files live on a disk, not in $tmp (which may be a tmpfs).
base=${BURNKIT_TEST_DIR:-build}
work=$(mktemp -d "$base/cli-drive.XXXXXX") || exit 1
work=$(cd "$work" && pwd)
mounts=""
cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null; done
	rm -rf "$work" "$tmp"
}
trap cleanup EXIT INT TERM

absent() {	# absent PATH: nothing burnkit made is left
	[ ! -e "$1" ] || { echo "$1 was left behind:"; ls -la "$1"; return 1; }
}

# The resolved parameters of a dry run, without the time stamp (in $tmp:
# a dry run with Log N opens IOlogN.txt).
resolved() {
	(cd "$tmp" && $emu "$runner" "$@" --dry-run --json -) |
		sed 's/"t":[0-9.e+-]*,//'
}

same() {	# same CMD1 -- CMD2: both print the same
	a=$(resolved $1)
	b=$(resolved $2)
	[ "$a" = "$b" ] || { echo "legacy: $a"; echo "long:   $b"; return 1; }
}

# flip FILE OFFSET: change one byte of a file in place.
flip() {
	b=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
	printf "$(printf '\\%03o' $(((b ^ 16) & 255)))" |
		dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

d=$work/d
mkdir -p "$d"

# -------------------------------------------------------------- parameters
ok "drive: legacy words and long options resolve alike" same \
	"drive Repeats 2, Patterns 8, Minutes 0.01, Seconds 0.02, FilePath $d, Cached" \
	"drive --repeats 2 --patterns 8 --minutes 0.01 --seconds 0.02 --filepath $d --cachedata"
ok "drive: R M L S letters as in the seed" same "drive R 16, M 2, L 0, S 1" \
	"drive --repeats 16 --minutes 2 --log 0 --seconds 1"
ok "speed: legacy and long" same "speed F $d, MB 2" "speed --filepath $d --mb 2"
ok "sdcard: FilePath and long" same "sdcard FilePath $d --size 8M" "sdcard --filepath $d --size 8M"
ok "drive: Patterns above 164 is a usage error" status 2 drive Patterns 165
ok "sdcard: unknown --only is a usage error" status 2 sdcard --only nonsense --filepath "$d"
ok "drive --help names every seed word" sh -c "$emu $runner drive --help | grep -q DontRunReadTests && $emu $runner drive --help | grep -q OutputPatterns"

# -------------------------------------------------------------- drive
ok "drive runs, legacy style" status 0 drive "Repeats 1, Patterns 16, Minutes 0, Seconds 0.01, FilePath $d"
ok "drive: write, read pass and repeat-read lines" sh -c "grep -q 'File 4 .* MB written in' $tmp/stdout && grep -q 'Read passes     1 x 4 Files' $tmp/stdout && grep -q 'read passes of 64KB blocks' $tmp/stdout"
ok "drive: resident pages counted before reading" contains "$tmp/stdout" "in RAM before reading: 0 of"
ok "drive: nothing left behind" absent "$d/burnkit-drive"
ok "drive runs, long options, JSON strict" sh -c "$emu $runner drive --repeats 1 --patterns 8 --minutes 0 --seconds 0.01 --filepath $d --outputpatterns --json $tmp/d.jsonl >$tmp/o 2>&1 && $check $tmp/d.jsonl type tester && grep -q '\"type\":\"read_pass\"' $tmp/d.jsonl && tail -1 $tmp/d.jsonl | grep -q '\"bad_words\":0'"
ok "drive OutputPatterns prints the patterns used and the sequences" sh -c "grep -q ' 7 .* 32 .* 20 .* 8 .* 64 .* 40\$' $tmp/o && ! grep -q '^ *9 ' $tmp/o && grep -q '4    3  0  2  1 .* 16    3  0  2  1' $tmp/o"
ok "drive: text log IOlogN.txt appended" sh -c "cd $tmp && $emu $runner drive R 1, P 4, M 0, S 0, F $d, Log 7 >/dev/null && grep -q 'Linux Storage Stress Test' IOlog7.txt"
ok "drive: the start record carries a device object" sh -c "cd $tmp && $emu $runner drive R 1, P 4, M 0, S 0, F $d, Log 8 --json $tmp/dv.jsonl >/dev/null && head -1 $tmp/dv.jsonl | grep -q '\"type\":\"start\".*\"device\":{\"found\":'"
devname=$(sed -n '1s/.*"device":{"found":true,"name":"\([^"]*\)".*/\1/p' "$tmp/dv.jsonl")
ok "... the text log names that device" sh -c "if [ -n '$devname' ]; then grep -q 'Device: /dev/$devname' $tmp/IOlog8.txt; else grep -q 'Device: unknown (' $tmp/IOlog8.txt; fi"
devno=$(stat -c '%Hd:%Ld' "$d")
ok "... the one the directory is on (st_dev $devno)" sh -c "[ -z '$devname' ] || grep -q '\"fstype\":\"btrfs\"' $tmp/dv.jsonl || head -1 $tmp/dv.jsonl | grep -q '\"devno\":\"$devno\"'"
ok "drive CacheData: labelled cached when pages stay in RAM" status 0 drive R 1, P 8, M 0, S 0.01, F "$d", CacheData
ok "drive CacheData: buffered I/O said" contains "$tmp/stdout" "I/O: buffered (CacheData"

# DontRunReadTests then --verify-only: clean, then a changed byte, then a swapped file.
ok "drive DontRunReadTests keeps the files" status 0 drive R 1, P 8, D, F "$d"
ok "... and says how to check them" contains "$tmp/stdout" "burnkit drive --verify-only FilePath"
ok "--verify-only --keep passes on unchanged files" status 0 drive --verify-only --keep F "$d"
flip "$d/burnkit-drive/burndrive3.dat" 70000 2>/dev/null
ok "--verify-only finds the changed byte: exit 1" status 1 drive --verify-only F "$d" --json "$tmp/v.jsonl"
ok "... at its file, block and byte offset" contains "$tmp/stdout" "file 3 block 1, byte 70000: expected 00000001, read 00000011"
ok "... as a strict JSON error record" sh -c "$check $tmp/v.jsonl && grep -q '\"type\":\"error\".*\"offset\":70000' $tmp/v.jsonl"
ok "... and keeps the files for another look" contains "$tmp/stdout" "files are kept for another look"
cp "$d/burnkit-drive/burndrive1.dat" "$d/burnkit-drive/burndrive2.dat" 2>/dev/null
ok "--verify-only catches a wrong file" status 1 drive --verify-only F "$d"
ok "... as Wrong File Read" contains "$tmp/stdout" "Wrong File Read"
rm -rf "$d/burnkit-drive"
ok "--verify-only with nothing to verify: exit 3" status 3 drive --verify-only F "$d"
ok "... says what to run first" contains "$tmp/stderr" "no files of an earlier burnkit drive run"

# -------------------------------------------------------------- failure modes
mkdir -p "$d/burnkit-drive"
echo precious >"$d/burnkit-drive/notes.txt"
ok "a directory burnkit did not make is refused: exit 3" status 3 drive R 1, P 8, M 0, S 0, F "$d"
ok "... naming it" contains "$tmp/stderr" "$d/burnkit-drive exists but burnkit did not make it"
ok "... and its file is untouched" sh -c "[ \"\$(cat $d/burnkit-drive/notes.txt)\" = precious ]"
rm -rf "$d/burnkit-drive"
ok "no such FilePath: exit 3" status 3 drive F "$d/nowhere"
ok "... says mkdir -p" contains "$tmp/stderr" "mkdir -p $d/nowhere"
ok "a test larger than the free space is refused: exit 3" status 3 drive Repeats 100000, F "$d"
ok "... with the numbers and what fits" sh -c "grep -q 'not enough space in $d: the test writes .* MB, .* MB are free' $tmp/stderr && grep -q 'use Repeats [0-9]* or fewer' $tmp/stderr"
ok "... leaving nothing" absent "$d/burnkit-drive"
ok "a file size limit mid-write: exit 3 (EFBIG)" sh -c "ulimit -f 2000; $emu $runner drive R 2, P 32, M 0, S 0, F $d >/dev/null 2>$tmp/e; [ \$? -eq 3 ]"
ok "... names the file, the byte and the fix" sh -c "grep -q 'writing $d/burnkit-drive/burndrive1.dat failed at byte [0-9]*: File too large (EFBIG)' $tmp/e && grep -q 'ulimit -f' $tmp/e"
ok "... and deletes what was written" absent "$d/burnkit-drive"

# Ctrl-C: a long run stopped after a second exits 130 and deletes its files.
# Started directly, not through a shell function: $! is then the runner.
$emu "$runner" drive R 4, P 164, M 5, S 1, F "$d" >"$tmp/int.out" 2>"$tmp/int.err" &
pid=$!
i=0
while [ ! -e "$d/burnkit-drive/burndrive1.dat" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
sleep 1
kill -INT $pid
wait $pid
rc=$?
ok "Ctrl-C: exit 130" sh -c "[ $rc -eq 130 ] || { cat $tmp/int.err; exit 1; }"
ok "Ctrl-C: test files deleted" absent "$d/burnkit-drive"
ok "Ctrl-C: says so" contains "$tmp/int.err" "interrupted: .* test file(s) deleted"

# Full and read-only filesystems need root and loop devices.
if [ "$(id -u)" != 0 ] || ! command -v mkfs.ext4 >/dev/null || ! command -v losetup >/dev/null ||
   ! losetup -f >/dev/null 2>&1; then
	why="needs root, loop devices and mkfs.ext4"
	for t in "ENOSPC mid-run" "EROFS FilePath" "tmpfs labelled cached" "EROFS mid-run" \
		 "EIO mid-run"; do skip "$t" "$why"; done
else
	# An ext4 image larger than the tmpfs it lives on: statvfs says there is
	# room, the loop device runs out mid-write and returns ENOSPC.
	mkdir -p "$work/small" "$work/img"
	mount -t tmpfs -o size=6M tmpfs "$work/small" && mounts="$work/img $work/small"
	truncate -s 64M "$work/small/disk.img"
	mkfs.ext4 -q -F "$work/small/disk.img"
	mount -o loop "$work/small/disk.img" "$work/img"
	ok "the disk fills up mid-run: exit 3 (ENOSPC)" sh -c "cd $tmp && $emu $runner drive R 2, P 64, M 0, S 0, F $work/img, Log 21 --json $tmp/nospc.jsonl >$tmp/stdout 2>$tmp/stderr; [ \$? -eq 3 ]"
	ok "... the text log ends with the status, exit 3 and ENOSPC" sh -c "tail -1 $tmp/IOlog21.txt | grep -q 'burnkit drive ended .*: cannot run here, exit 3: writing .* (ENOSPC)'"
	ok "... and so does the JSON summary" sh -c "tail -1 $tmp/nospc.jsonl | grep -q '\"type\":\"summary\".*\"exit\":3,\"reason\":\"writing .*(ENOSPC)'"
	ok "... names the file, the numbers and the fix" sh -c "grep -q 'writing $work/img/burnkit-drive/burndrive1.dat failed at byte [0-9]*: No space left on device (ENOSPC); .* MB was free at the start and the test needs .* MB; the filesystem filled up' $tmp/stderr"
	ok "... and deletes what was written" absent "$work/img/burnkit-drive"
	umount "$work/img"
	umount "$work/small"
	mounts=""
	mount -t tmpfs -o size=1M,ro tmpfs "$work/img" && mounts="$work/img"
	ok "a read-only FilePath: exit 3 (EROFS)" status 3 drive R 1, P 8, M 0, S 0, F "$work/img"
	ok "... says remount it read-write" contains "$tmp/stderr" "cannot create $work/img/burnkit-drive: Read-only file system (EROFS): remount it read-write"
	umount "$work/img"
	mounts=""
	mount -t tmpfs -o size=16M tmpfs "$work/small" && mounts="$work/small"
	ok "tmpfs: runs" status 0 drive R 1, P 8, M 0, S 0.01, F "$work/small"
	ok "tmpfs: every read result is labelled cached" sh -c "grep -q 'Read passes .*(cached)' $tmp/stdout && grep -q 'cached: re-read from RAM' $tmp/stdout"
	umount "$work/small"
	mounts=""

	# mid_run WHAT: a drive run on a fresh ext4 image, hit by WHAT while
	# it writes its first file; its exit status in $rc, output in $tmp/mid.*
	mid_run() {
		rm -f "$work/big.img"
		truncate -s 1G "$work/big.img"
		mkfs.ext4 -q -F "$work/big.img"
		mount -o loop,errors=remount-ro "$work/big.img" "$work/img" && mounts="$work/img"
		$emu "$runner" drive R 16, P 164, M 0, S 0, F "$work/img" >"$tmp/mid.out" 2>"$tmp/mid.err" &
		pid=$!
		i=0
		while [ ! -e "$work/img/burnkit-drive/burndrive1.dat" ] && [ $i -lt 500 ]; do
			sleep 0.01
			i=$((i + 1))
		done
		"$@"
		wait $pid
		rc=$?
		umount "$work/img"
		mounts=""
	}
	# ext4 with errors=remount-ro turns read-only on an error (raised here
	# through its sysfs trigger): the next write fails with EROFS.
	ro_now() {
		echo "burnkit drive test" > "/sys/fs/ext4/$(basename "$(findmnt -no SOURCE "$work/img")")/trigger_fs_error"
	}
	mid_run ro_now
	ok "the filesystem turns read-only mid-run: exit 3 (EROFS)" sh -c "[ $rc -eq 3 ] || { cat $tmp/mid.err; exit 1; }"
	ok "... names the file, the byte, the errno and the fix" sh -c "grep -q 'writing $work/img/burnkit-drive/burndrive[1-4].dat failed at byte [0-9]*: Read-only file system (EROFS); .* went read-only during the test, .* see dmesg' $tmp/mid.err"
	ok "... and, unable to delete on a read-only filesystem, says what is left and how to delete it" sh -c "grep -q 'test files are left in $work/img/burnkit-drive: .* rm -r $work/img/burnkit-drive' $tmp/mid.err"
	shutdown_tool=${FS_SHUTDOWN:-$top/build/tests/tools/fs_shutdown}
	if [ -x "$shutdown_tool" ]; then
		# EXT4_IOC_SHUTDOWN (NOLOGFLUSH): every later I/O fails with EIO,
		# as when a drive drops off the bus.
		shut_down() {
			"$shutdown_tool" "$work/img"
		}
		mid_run shut_down
		ok "the drive fails mid-run: exit 1 (EIO)" sh -c "[ $rc -eq 1 ] || { cat $tmp/mid.err; exit 1; }"
		ok "... names the file, the byte, the errno and what to check" sh -c "grep -q 'burndrive[1-4].dat failed at byte [0-9]*: Input/output error (EIO); the drive reported an error: see dmesg; check the cable, the power supply and the drive' $tmp/mid.err"
		ok "... and says what it could not delete" contains "$tmp/mid.err" "test files are left in $work/img/burnkit-drive"
	else
		skip "EIO mid-run" "$shutdown_tool is not built (make build/tests/tools/fs_shutdown)"
	fi
fi

# -------------------------------------------------------------- speed
ok "speed runs, legacy style" status 0 speed "MB 1, FilePath $d" --seconds 0.05 --small-files 10
ok "speed: the drivespeed sections" sh -c "grep -q '1 MB File' $tmp/stdout && grep -q '4 MB File' $tmp/stdout && grep -q 'Cached File' $tmp/stdout && grep -q 'Bus Speed Block KB' $tmp/stdout && grep -q 'Random Read msecs' $tmp/stdout && grep -q 'Random Write msecs' $tmp/stdout && grep -q 'ms/File' $tmp/stdout"
ok "speed: says MB is 10^6 bytes" contains "$tmp/stdout" "MB of 10^6 bytes"
ok "speed: cached files marked cached" contains "$tmp/stdout" "cached: served from RAM"
ok "speed: nothing left behind" absent "$d/burnkit-speed"
ok "speed --cached (lanspeed), long options, JSON strict" sh -c "$emu $runner speed --mb 1 --filepath $d --cached --seconds 0.05 --small-files 5 --json $tmp/s.jsonl >$tmp/o 2>&1 && $check $tmp/s.jsonl type && grep -q 'LAN/WiFi Speed Test' $tmp/o && grep -q '\"type\":\"small_files\"' $tmp/s.jsonl"
ok "speed: too big is refused with the numbers" status 3 speed MB 4096, F "$d"
ok "... naming a size that fits" contains "$tmp/stderr" "use a smaller MB"

# -------------------------------------------------------------- sdcard
ok "sdcard runs all four tests" status 0 sdcard FilePath "$d" --size 4M --seconds 0.2 --no-targets --only seq-write --only rand-write --only rand-read --only seq-read --json "$tmp/sd.jsonl"
ok "sdcard: figures and latency percentiles" sh -c "grep -q 'Sequential write speed' $tmp/stdout && grep -q 'Random read speed' $tmp/stdout && grep -q 'p99.9' $tmp/stdout"
ok "sdcard: JSON strict, latency per test" sh -c "$check $tmp/sd.jsonl type && [ \$(grep -c '\"p99.9\"' $tmp/sd.jsonl) -eq 4 ]"
ok "sdcard: nothing left behind" absent "$d/burnkit-sdcard"
# device_load: the device's own counters over each test (storage/devstat).
sd_dev=$(stat -c '%Hd:%Ld' "$d")
if [ -r "/sys/dev/block/$sd_dev/stat" ]; then
	ok "sdcard: each test has its device's load (requests in flight, busy share within 0-100 %, requests counted)" sh -c "[ \$(grep '\"type\":\"sdcard_test\"' $tmp/sd.jsonl | grep -c '\"device_load\":{\"device\":\"[a-z0-9]*\",\"requests\":[1-9][0-9]*,\"kib_per_request\":[0-9.e+]*,\"await_ms\":[0-9.e+-]*,\"in_flight\":[0-9.e+-]*,\"util_pct\":\\(100\\|[0-9]\\{1,2\\}\\)\\([.][0-9]*\\)\\?}') -eq 4 ] && [ \$(grep -c '   device [a-z0-9]*: [0-9.]* requests in flight on average (busy [0-9.]* % of the test), [0-9.]* ms and [0-9]* KiB a request' $tmp/stdout) -eq 4 ]"
else
	skip "sdcard: device load per test" "the work directory's device $sd_dev has no counters in /sys/dev/block"
fi
mkdir -p "$tmp/no-sysfs"
ok "sdcard without the device's counters: device_load unsupported, saying why" sh -c "BURNKIT_SYSROOT=$tmp/no-sysfs $emu $runner sdcard FilePath $d --size 4M --seconds 0.1 --no-targets --only seq-read --json $tmp/sd-nodev.jsonl >$tmp/o 2>&1 && grep '\"test\":\"seq-read\"' $tmp/sd-nodev.jsonl | grep -q '\"device_load\":\"unsupported\",\"device_load_why\":\"[^\"]*block device[^\"]*\"' && grep -q '   device load: unsupported (.*block device.*)' $tmp/o"
ok "sdcard with targets: PASS or FAIL per line" sh -c "$emu $runner sdcard FilePath $d --size 4M --seconds 0.2 >$tmp/o 2>&1; rc=\$?; grep -q 'Sequential write speed .* KB/s (target 10000) - ' $tmp/o && grep -q 'Random write speed .* IOPS (target 500) - ' $tmp/o && grep -q 'Random read speed .* IOPS (target 1500) - ' $tmp/o && grep -q 'Result: ' $tmp/o && { [ \$rc -eq 0 ] && grep -q 'Result: PASS' $tmp/o || [ \$rc -ne 0 ]; }"
ok "sdcard: the default profile is 2020, named in the summary" sh -c "tail -1 $tmp/sd.jsonl | grep -q '\"profile\":\"2020\",\"runs\":1'"
ok "sdcard --profile 2024 --no-targets: one run, the summary names 2024" status 0 sdcard FilePath "$d" --size 4M --seconds 0.2 --profile 2024 --no-targets --json "$tmp/sd24.jsonl"
ok "... the log names the profile and its source" sh -c "grep -q 'Profile 2024 (targets not judged: --no-targets): agnostics 0.15/0.16' $tmp/stdout && tail -1 $tmp/sd24.jsonl | grep -q '\"profile\":\"2024\",\"runs\":1' && ! grep -q ' Run 1 (of at most' $tmp/stdout"
ok "sdcard --profile 2024 with targets: its thresholds, up to 3 runs" sh -c "$emu $runner sdcard FilePath $d --size 4M --seconds 0.2 --profile 2024 >$tmp/o 2>&1; rc=\$?; grep -q 'Prepare speed .* KB/s (target 9000) - ' $tmp/o && grep -q 'Sequential write speed .* KB/s (target 7500) - ' $tmp/o && grep -q 'Random write speed .* KB/s (target 2500) - ' $tmp/o && grep -q 'Random read speed .* KB/s (target 9000) - ' $tmp/o && grep -q 'Run 1 (of at most 3' $tmp/o && case \$rc in 0) grep -q 'Result: PASS (in run [123], profile 2024)' $tmp/o;; 1) grep -q 'Run 3 (of at most 3' $tmp/o && grep -q 'Result: FAIL (after 3 run(s), profile 2024)' $tmp/o;; 3) grep -q 'Result: NOT VALID' $tmp/o;; *) false;; esac"
ok "sdcard: an unknown --profile is a usage error" status 2 sdcard --profile 1999 --filepath "$d"
ok "sdcard --help: both profiles with their source" sh -c "$emu $runner sdcard --help | grep -q 'raspberrypi-ui/agnostics' && $emu $runner sdcard --help | grep -q '2024 (agnostics 0.15/0.16, Jul 2024' && $emu $runner sdcard --help | grep -q '2020 (default; agnostics 0.1, Feb 2020)'"
ok "sdcard: --time-based with a file of fewer than 2 x (depth + 2) blocks is a usage error" status 2 sdcard --size 4M --block 512K --time-based --filepath "$d"

ok "sdcard: --size as a share of RAM is a usage error" status 2 sdcard --size 10% --filepath "$d"
finish
