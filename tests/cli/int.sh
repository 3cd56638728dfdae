#!/bin/sh
# burnkit int end to end (TAP): both parameter styles, the Longbottom log
# layout, JSON lines, the size limit, the reference kernels, Ctrl-C.
# Runs the host runner, or a cross-built one under qemu-user:
#   tests/cli/int.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"

count_is() {	# count_is FILE REGEX N
	got=$(grep -c -- "$2" "$1")
	[ "$got" -eq "$3" ] || { echo "\"$2\" $got times in $1, want $3:"; cat "$1"; return 1; }
}

# Every test line reads " N  MB MB/sec  Pattern XXXXXXXX Result OK  P passes".
test_lines_ok() {
	count_is "$1" '^ *[1-6] *[0-9][0-9]* MB/sec  Pattern [0-9A-F]\{8\} Result OK *[1-9][0-9]* passes$' 12
}

# Both phases end with a maximum MIPS above zero.
mips_lines() {
	count_is "$1" '^ Maximum speed *[1-9][0-9]* MIPS' 2
}

quick="--seconds 0.05"
ok "int --help names the legacy words" status 0 int --help
ok "help lists KBytes and Seconds" sh -c "grep -q 'KBytes' $tmp/stdout && grep -q 'Seconds' $tmp/stdout"
ok "legacy and long options resolve alike" sh -c "
	$emu $runner int --dry-run 'KBytes 16, Seconds 2, Log 4, NoConfig' >$tmp/a &&
	$emu $runner int --dry-run --kbytes 16 --seconds 2 --log 4 --no-config >$tmp/b &&
	cmp $tmp/a $tmp/b && grep -q 'kbytes .*16' $tmp/a"
ok "KBytes 0 is a usage error" status 2 int KBytes 0
ok "Seconds 0 is a usage error" status 2 int --seconds 0
ok "more than MemAvailable: exit 3" status 3 int --kbytes 4294967296
ok "the refusal gives the numbers and the way out" sh -c "
	grep -q 'MemAvailable is [0-9]* MB' $tmp/stderr && grep -q 'burnkit paging' $tmp/stderr"

ok "a run in Longbottom style passes" status 0 int "KBytes 8, Seconds 0.05" --json "$tmp/r.jsonl"
ok "twelve test lines, each Result OK" test_lines_ok "$tmp/stdout"
ok "six write/read, then six read" sh -c "
	sed -n '/^ Write\/Read\$/,/^ Read\$/p' $tmp/stdout | grep -c 'Result OK' | grep -qx 6 &&
	sed -n '/^ Read\$/,\$p' $tmp/stdout | grep -c 'Result OK' | grep -qx 6"
ok "patterns in the seed's order" sh -c "
	[ \"\$(grep -o 'Pattern [0-9A-F]*' $tmp/stdout | head -6 | tr '\n' ' ')\" = \
	  'Pattern 00000000 Pattern FFFFFFFF Pattern A5A5A5A5 Pattern 55555555 Pattern 33333333 Pattern F0F0F0F0 ' ]"
ok "a maximum MIPS per phase" mips_lines "$tmp/stdout"
ok "header names size, seconds, kernels" sh -c "
	grep -q '^   8 KBytes Cache or RAM Space, 0.05 Seconds Per Test, 12 Tests' $tmp/stdout &&
	grep -q '^   Kernels int_write_' $tmp/stdout && grep -q 'End at' $tmp/stdout"
ok "JSON lines strict" $check "$tmp/r.jsonl" type tester
ok "twelve test records, all ok" sh -c "
	[ \$(grep -c '\"type\":\"test\"' $tmp/r.jsonl) -eq 12 ] &&
	[ \$(grep '\"type\":\"test\"' $tmp/r.jsonl | grep -c '\"result\":\"ok\"') -eq 12 ]"
ok "summary: no errors, MIPS and instructions per kernel" sh -c "
	tail -1 $tmp/r.jsonl | grep -q '\"type\":\"summary\".*\"errors\":0,\"write_read_max_mips\":[1-9]' &&
	tail -1 $tmp/r.jsonl | grep -q '\"int_read_[a-z0-9_]*\":{\"calls\":[1-9][0-9]*,\"instructions\":[1-9]'"
ok "the MIPS in JSON are the documented instructions over the time" sh -c "
	grep '\"type\":\"test\"' $tmp/r.jsonl | head -1 |
	sed 's/.*\"seconds\":\([0-9.e+-]*\).*\"instructions\":\([0-9.e+-]*\),\"mips\":\([0-9.e+-]*\).*/\1 \2 \3/' |
	awk '{ m = \$2 / \$1 / 1e6; d = m - \$3; if (d < 0) d = -d; exit !(\$3 > 0 && d / \$3 < 1e-4) }'"

ok "Log N appends logIntN.txt with the system details" sh -c "
	cd $tmp && $emu $runner int $quick Log 7 >/dev/null && $emu $runner int $quick Log 7 NoConfig >/dev/null &&
	[ \$(grep -c 'Integer Stress Test' logInt7.txt) -eq 2 ] && grep -q 'SYSTEM INFORMATION' logInt7.txt &&
	[ \$(grep -c 'Result OK' logInt7.txt) -eq 24 ]"
ok "--isa ref runs the C references, MIPS not documented" status 0 int $quick --isa ref
ok "reference run says why there are no MIPS" sh -c "
	test_lines() { grep -c 'Result OK' $tmp/stdout; }
	[ \$(test_lines) -eq 12 ] && grep -q 'Maximum speed *- MIPS  (no documented loop count for int_' $tmp/stdout"
ok "--cpu 0 pins and runs" status 0 int $quick --cpu 0
ok "bigger than a segment of 16 MB: segments add up" status 0 int --kbytes 20480 --seconds 0.01 --json "$tmp/big.jsonl"
ok "big run: twelve tests, all ok" sh -c "
	[ \$(grep '\"type\":\"test\"' $tmp/big.jsonl | grep -c '\"result\":\"ok\"') -eq 12 ]"
ok "Ctrl-C stops between passes: exit 130, says so" sh -c "
	$emu $runner int --seconds 60 >$tmp/int.out 2>&1 &
	pid=\$!
	sleep 3
	kill -INT \$pid
	wait \$pid
	rc=\$?
	[ \$rc -eq 130 ] || { echo exit \$rc; cat $tmp/int.out; exit 1; }
	grep -q 'Stopped (interrupted)' $tmp/int.out || { cat $tmp/int.out; exit 1; }"

finish
