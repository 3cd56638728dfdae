#!/bin/sh
# Every ending is logged (TAP): the text log's last line and the JSON
# summary give the status, the exit code and, on failure, the one-line
# reason, for data errors, a truncated file, every stop signal (SIGINT,
# SIGTERM, SIGHUP, SIGQUIT) and a closed pipe (EPIPE: SIGPIPE is ignored,
# so the drive testers clean up). ENOSPC is in drive.sh (it needs a loop
# device). Runs the host runner, or a cross-built one under qemu-user:
#   tests/cli/endings.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
base=${BURNKIT_TEST_DIR:-build}
work=$(mktemp -d "$base/cli-endings.XXXXXX") || exit 1
work=$(cd "$work" && pwd)
trap 'rm -rf "$work" "$tmp"' EXIT INT TERM
d=$work/fp
mkdir -p "$d"
cd "$tmp" || exit 1

# ends LOG JSON STATUS EXIT REASON: both files end so.
ends() {
	tail -1 "$1" | grep -q -- "ended .*: $3, exit $4: $5" ||
		{ echo "text log $1 ends:"; tail -3 "$1"; return 1; }
	tail -1 "$2" | grep -q -- "\"type\":\"summary\".*\"status\":\"$3\",\"exit\":$4,\"reason\":\"$5" ||
		{ echo "JSON $2 ends:"; tail -1 "$2"; return 1; }
}

# A long drive run stopped by signal $1 once its first file exists.
stopped() {
	$emu "$runner" drive R 4, P 164, M 5, S 1, F "$d", Log 3$2 --json "$tmp/sig$2.jsonl" \
		>"$tmp/sig.out" 2>"$tmp/sig.err" &
	pid=$!
	i=0
	while [ ! -e "$d/burnkit-drive/burndrive1.dat" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	kill -"$1" $pid
	wait $pid
}
n_sig=0
for sig in INT TERM HUP QUIT; do
	n_sig=$((n_sig + 1))
	stopped $sig $n_sig
	rc=$?
	ok "drive stopped by SIG$sig: exit 130" sh -c "[ $rc -eq 130 ] || { cat $tmp/sig.err; exit 1; }"
	ok "... its files deleted" sh -c "[ ! -e $d/burnkit-drive ]"
	ok "... the text log and the JSON summary end with the signal" ends "IOlog3$n_sig.txt" "$tmp/sig$n_sig.jsonl" interrupted 130 "signal SIG$sig"
done

# | head: the reader goes away; the run stops, cleans up, and says why.
sh -c "$emu $runner drive R 4, P 164, M 5, S 1, F $d, Log 41 --json $tmp/pipe.jsonl 2>$tmp/pipe.err | head -2 >/dev/null; echo \$? >$tmp/pipe.rc"
i=0
while [ -e "$d/burnkit-drive" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
ok "drive | head: its files deleted (SIGPIPE ignored, EPIPE handled)" sh -c "[ ! -e $d/burnkit-drive ]"
ok "... the text log and the JSON summary end with EPIPE" ends IOlog41.txt "$tmp/pipe.jsonl" interrupted 130 "EPIPE"
sh -c "$emu $runner drive R 1, P 8, M 0.05, S 0.2, F $d --json - 2>$tmp/pipej.err | head -1 >/dev/null"
ok "drive --json - | head: the same for the JSON lines' reader" sh -c "[ ! -e $d/burnkit-drive ]"

# A data error and a truncated file under --verify-only.
ok "drive DontRunReadTests" sh -c "$emu $runner drive R 1, P 16, D, F $d >/dev/null 2>&1"
printf '\377' | dd of="$d/burnkit-drive/burndrive2.dat" bs=1 seek=70001 conv=notrunc 2>/dev/null
ok "--verify-only with a changed byte: exit 1" sh -c "$emu $runner drive --verify-only --keep F $d, Log 51 --json $tmp/bad.jsonl >/dev/null 2>&1; [ \$? -eq 1 ]"
ok "... both end with the data error and its first offset" ends IOlog51.txt "$tmp/bad.jsonl" "errors found" 1 "data error: 1 wrong word(s) in 1 unit(s), the first in file 2 at byte 70000"
truncate -s 600000 "$d/burnkit-drive/burndrive3.dat"
ok "--verify-only of a truncated file: exit 1" sh -c "$emu $runner drive --verify-only F $d, Log 52 --json $tmp/short.jsonl >/dev/null 2>$tmp/short.err; [ \$? -eq 1 ]"
ok "... both end with the short file and where it ends" ends IOlog52.txt "$tmp/short.jsonl" "errors found" 1 "reading .*burndrive3.dat failed at byte 600000"
ok "... at the same real offset with one transfer at a time (--engine sync)" sh -c "$emu $runner drive --verify-only --keep F $d --engine sync 2>&1 | grep -q 'burndrive3.dat failed at byte 600000'"
rm -rf "$d/burnkit-drive"

# Errors counted per unit, the stop per file, every file still checked.
ok "drive DontRunReadTests (for the error accounting)" sh -c "$emu $runner drive R 1, P 32, D, F $d >/dev/null 2>&1"
dd if=/dev/urandom of="$d/burnkit-drive/burndrive1.dat" bs=4096 seek=5 count=1 conv=notrunc 2>/dev/null
dd if=/dev/zero of="$d/burnkit-drive/burndrive2.dat" bs=4096 seek=7 count=1 conv=notrunc 2>/dev/null
dd if=/dev/urandom of="$d/burnkit-drive/burndrive3.dat" bs=4096 seek=1 count=12 conv=notrunc 2>/dev/null
printf '\377' | dd of="$d/burnkit-drive/burndrive4.dat" bs=1 seek=9000 conv=notrunc 2>/dev/null
ok "--verify-only over four damaged files: exit 1" sh -c "$emu $runner drive --verify-only --keep F $d --json $tmp/units.jsonl >$tmp/units.out 2>&1; [ \$? -eq 1 ]"
ok "one bad 4 KB unit is one error, with its count of wrong words" sh -c "grep 'ERROR.*file 1 ' $tmp/units.out | grep -q '1024 wrong word(s) in this 4 KB unit' && [ \$(grep -c 'ERROR.*file 1 ' $tmp/units.out) -eq 1 ]"
ok "a zeroed unit reads as zeros, not Wrong File Read" sh -c "grep 'ERROR.*file 2 ' $tmp/units.out | grep -q 'which reads as zeros' && ! grep 'file 2 ' $tmp/units.out | grep -q 'Wrong File'"
ok "twelve bad units in file 3 stop file 3 at ten" sh -c "[ \$(grep -c 'ERROR.*file 3 ' $tmp/units.out) -eq 10 ]"
ok "... and file 4 is still checked, at its real offset" sh -c "grep -q 'ERROR verify, file 4 block 0, byte 9000:' $tmp/units.out"
ok "JSON error records carry the unit's count of words" sh -c "grep '\"type\":\"error\"' $tmp/units.jsonl | head -1 | grep -q '\"words\":1024'"
rm -rf "$d/burnkit-drive"

# temp stopped by Ctrl-C does not end like a finished run.
$emu "$runner" temp passes 100, seconds 0.2, Log 61 --json "$tmp/temp.jsonl" >/dev/null 2>&1 &
pid=$!
sleep 0.5
kill -INT $pid
wait $pid
rc=$?
ok "temp stopped by SIGINT: exit 130" sh -c "[ $rc -eq 130 ]"
ok "... its log ends interrupted, with the signal" ends logTemp61.txt "$tmp/temp.jsonl" interrupted 130 "signal SIGINT"
ok "a run that passes ends \"ok, exit 0\" in both" sh -c "$emu $runner timer --ms 5 Log 62 --json $tmp/ok.jsonl >/dev/null && tail -1 logTimer62.txt | grep -q 'burnkit timer ended .*: ok, exit 0\$' && tail -1 $tmp/ok.jsonl | grep -q '\"status\":\"ok\",\"exit\":0'"

finish
