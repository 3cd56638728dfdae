# Every control parses strictly: bad input fails with EINVAL and a warning
# naming the file; good input is taken.

# bad_write FILE BYTES (bkwrite escapes): must fail with EINVAL; the first
# rejection of each file logs a warning naming the file (later ones may be
# rate-limited: 10 lines per 5 s and file).
warned_files=" "
bad_write() {
	before=$(rejections "$1")
	got=$(bkwrite "$BK/$1" "$2")
	after=$(rejections "$1")
	if [ "$got" != EINVAL ]; then
		not_ok "$1 rejects '$2' with EINVAL"
		diag "got $got"
	elif [ "${warned_files#* $1 }" != "$warned_files" ]; then
		ok "$1 rejects '$2' with EINVAL"
	elif [ "$after" -le "$before" ]; then
		not_ok "$1 rejects '$2' and logs a warning naming the file"
	else
		warned_files="$warned_files$1 "
		ok "$1 rejects '$2' with EINVAL and a warning"
	fi
}

# A flood of bad writes to one file is rate-limited, per file: the checks
# below, each file's first rejection logged, run right after it.
before=$(rejections calibrate)
t0=$(uptime_cs)
i=0
while [ $i -lt 100 ]; do
	bkwrite "$BK/calibrate" x > /dev/null
	i=$((i + 1))
done
flood=$(($(rejections calibrate) - before))
windows=$((($(uptime_cs) - t0) / 500 + 1))	# 5 s windows begun
check "100 rejected writes log at most 10 lines per 5 s ($flood in $windows)" \
	test "$flood" -le $((10 * windows))
warned_files="$warned_files""calibrate "

long=$(printf '%0100d' 7)
for v in 0 10001 abc 12abc -5 +5 ' 5' '5 ' '5 5' '5\n\n' '5\r' \
	 99999999999999999999 0x10 '\n' '5\05' '\xff' '\x01' "$long"; do
	bad_write throttle_period_ms "$v"
done
for v in '0 100' '1001 1' '1 100001' '1000 1001' 5 '5 5 5' 'a b' '5  5' '5,5'; do
	bad_write calibrate "$v"
done
for v in x '1 2 3 4' '1 300000' '1 100 4294967295' '1\t2'; do
	bad_write throttle_inject "$v"
done
for v in drop 'drop ' 'drop relative/path' 'flush /mnt' 'DROP /mnt' 'count /proc' \
	 'count /dev/null' 'drop /dev/vda\x7f'; do
	bad_write pagecache "$v"
done
if [ -e "$BK/user_access" ]; then
	for v in 2 on -1 '1 1' '01x'; do
		bad_write user_access "$v"
	done
fi

check_eq "pagecache: a missing file is ENOENT" ENOENT "$(bkwrite $BK/pagecache 'drop /nonexistent')"

check "throttle_period_ms takes 50" sh -c "printf 50 > $BK/throttle_period_ms"
check_eq "throttle_period_ms reads 50" 50 "$(cat $BK/throttle_period_ms)"
check "throttle_period_ms takes '35\\n'" sh -c "echo 35 > $BK/throttle_period_ms"
check_eq "throttle_period_ms reads 35" 35 "$(cat $BK/throttle_period_ms)"
echo 20 > "$BK/throttle_period_ms"
check_kernel_clean "kernel clean after bad writes"
