# burnkit drive, speed and sdcard on the guest's ext4 virtio disk, with the
# module loaded: O_DIRECT works there; the module's per-file drop leaves no
# page of a test file in RAM when its read phase starts (pages put there
# on purpose beforehand); --verify-only finds a byte changed between two
# runs; both parameter styles; nothing left behind.

# pages FILE: the module's count of FILE's pages in the page cache.
pages() {
	exec 4<>"$BK/pagecache"
	printf 'count %s' "$1" >&4
	read -r pc_before pc_rest <&4
	exec 4>&-
	echo "$pc_before"
}

dd_dir=$BURNKIT_DISK/drive-test
if ! command -v burnkit > /dev/null; then
	skip "burnkit drive, speed, sdcard" "the runner is not built for $BURNKIT_VM_ARCH (make static / make cross)"
else
	load
	mkdir -p "$dd_dir"
	burnkit drive Repeats 1, Patterns 32, Minutes 0, Seconds 0.05, FilePath "$dd_dir" \
		--json $S/drive.jsonl > $S/drive.out 2>&1
	check "drive (legacy words) exits 0 on the ext4 disk" test $? -eq 0
	sed 's/^/# /' $S/drive.out
	check "O_DIRECT works on the ext4 disk (probed with a real transfer)" \
		grep -q 'I/O: direct (O_DIRECT, probed with a real transfer)' $S/drive.out
	check "the page cache is handled by burnkit.ko, per file" \
		grep -q 'Page cache: burnkit.ko (per-file drop)' $S/drive.out
	check "no page in RAM when the read phase starts (counted by the module)" \
		grep -q 'in RAM before reading: 0 of [1-9][0-9]* pages (0%, burnkit.ko)' $S/drive.out
	check "no result labelled cached" sh -c "! grep -q cached $S/drive.out"
	check "nothing left behind" test ! -e "$dd_dir/burnkit-drive"

	# Files written, then read through the page cache on purpose: the drop
	# before the verify-only read must take every page of each file away.
	burnkit drive --repeats 1 --patterns 32 --dontrunreadtests --filepath "$dd_dir" > $S/d.out 2>&1
	check "drive --dontrunreadtests exits 0 and keeps the files" \
		test $? -eq 0 -a -e "$dd_dir/burnkit-drive/burndrive1.dat"
	for f in "$dd_dir"/burnkit-drive/burndrive*.dat; do cat "$f" > /dev/null; done
	p1=$(pages "$dd_dir/burnkit-drive/burndrive1.dat")
	check "reading the files put their pages in RAM ($p1 pages of file 1)" test "${p1:-0}" -gt 0
	burnkit drive --verify-only --keep --filepath "$dd_dir" > $S/v.out 2>&1
	check "--verify-only exits 0 on unchanged files" test $? -eq 0
	sed 's/^/# /' $S/v.out
	check "each file: 0 pages in RAM before reading, by burnkit.ko" test \
		"$(grep -c 'in RAM before: 0 of [1-9][0-9]* pages (0%, burnkit.ko)' $S/v.out)" -eq 4
	for f in "$dd_dir"/burnkit-drive/burndrive*.dat; do cat "$f" > /dev/null; done
	burnkit drive --verify-only --keep --no-kmod --filepath "$dd_dir" > $S/v2.out 2>&1
	check "without the module, fsync + fadvise also leave 0 pages (mincore)" test \
		"$(grep -c 'in RAM before: 0 of [1-9][0-9]* pages (0%, mincore)' $S/v2.out)" -eq 4

	# One byte changed between runs, on the disk, the cache dropped.
	printf 'Z' | dd of="$dd_dir/burnkit-drive/burndrive2.dat" bs=1 seek=200000 conv=notrunc 2>/dev/null
	sync
	echo 3 > /proc/sys/vm/drop_caches
	burnkit drive --verify-only --filepath "$dd_dir" --json $S/v3.jsonl > $S/v3.out 2>&1
	check "--verify-only finds the byte changed between runs: exit 1" test $? -eq 1
	sed 's/^/# /' $S/v3.out
	check "... in file 2, block 3, at byte 200000" \
		grep -q 'file 2 block 3, byte 200000: expected 00000004, read 0000005A' $S/v3.out
	check "... and records it in the JSON lines" grep -q '"type":"error".*"offset":200000' $S/v3.jsonl
	rm -rf "$dd_dir/burnkit-drive"

	burnkit speed MB 1, FilePath "$dd_dir" --seconds 0.05 --small-files 20 > $S/speed.out 2>&1
	check "speed (legacy words and long options) exits 0 on the ext4 disk" test $? -eq 0
	sed 's/^/# /' $S/speed.out
	check "speed: large files read with O_DIRECT, not marked cached" \
		sh -c "grep -A2 '^ 1 MB File' $S/speed.out | grep 'Reading' | grep -vq '\\*'"
	burnkit sdcard FilePath "$dd_dir" --size 16M --seconds 1 --json $S/sd.jsonl > $S/sd.out 2>&1
	rc=$?
	sed 's/^/# /' $S/sd.out
	check "sdcard: PASS or FAIL per target, exit 0 or 1 accordingly" sh -c \
		"{ [ $rc -eq 0 ] && grep -q 'Result: PASS' $S/sd.out; } || { [ $rc -eq 1 ] && grep -q 'Result: FAIL' $S/sd.out; }"
	check "sdcard: latency percentiles in every test record" \
		test "$(grep -c '"p99.9"' $S/sd.jsonl)" -eq 3
	check "nothing left on the disk" sh -c "[ -z \"\$(ls -A $dd_dir)\" ]"
	rmdir "$dd_dir"
	check_kernel_clean "kernel clean after the drive tests"
fi
