#!/bin/sh
# burnkit paging end to end (TAP): both parameter styles, the refusals with
# their numbers (no swap; more than memory plus swap), a run that fits with
# its samples and slowdown table, a test process killed under it, Ctrl-C.
# Real paging needs a small machine with swap: tests/vm/paging.sh.
# Runs the host runner, or a cross-built one under qemu-user:
#   tests/cli/paging.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
fixtures=${BURNKIT_FIXTURES:-tests/unit/fixtures}
case $fixtures in /*) ;; *) fixtures=$PWD/$fixtures ;; esac

# The pid of the first child of process $1 (the test process of a run).
child_of() {
	for i in $(seq 1 100); do
		c=$(cat /proc/"$1"/task/*/children 2>/dev/null | tr ' ' '\n' | grep -m1 .)
		[ -n "$c" ] && { echo "$c"; return 0; }
		sleep 0.1
	done
	return 1
}

quick="--mem 8M --baseline 4M --seconds 0.05 --interval 1"
ok "paging --help" status 0 paging --help
ok "help says why it is not in the full-size burn-in" contains "$tmp/stdout" "make run only checks"
ok "legacy and long options resolve alike" sh -c "
	$emu $runner paging --dry-run 'KBytes 9000, Seconds 2, Log 4' >$tmp/a &&
	$emu $runner paging --dry-run --kbytes 9000 --seconds 2 --log 4 >$tmp/b &&
	cmp $tmp/a $tmp/b && grep -q 'kbytes .*9000' $tmp/a"
ok "KBytes and --mem together: exit 2" status 2 paging --kbytes 9000 --mem 20M
ok "baseline not below the size: exit 2" status 2 paging --mem 8M --baseline 8M

ok "no swap, beyond MemAvailable: refused, exit 3" sh -c "
	BURNKIT_SYSROOT=$fixtures/noswap $emu $runner paging --json $tmp/r.jsonl >$tmp/o 2>$tmp/e
	rc=\$?; [ \$rc -eq 3 ] || { echo exit \$rc; cat $tmp/o $tmp/e; exit 1; }"
ok "the refusal gives the numbers and the ways out" sh -c "
	grep -q 'no swap: 360 MB asked, MemAvailable is 300 MB' $tmp/e &&
	grep -q 'Add swap' $tmp/e && grep -q -- '--force' $tmp/e &&
	grep -q 'RAM 500 MB, MemAvailable 300 MB, swap 0 MB' $tmp/o"
ok "the refusal's summary says why" sh -c "
	$check $tmp/r.jsonl && tail -1 $tmp/r.jsonl | grep -q '\"exit\":3.*\"verdict\":\"no_swap\"'"
ok "more than memory plus 3/4 of the swap: refused, exit 3" sh -c "
	BURNKIT_SYSROOT=$fixtures/paging $emu $runner paging --kbytes 200000 >$tmp/o 2>$tmp/e
	rc=\$?; [ \$rc -eq 3 ] || { echo exit \$rc; cat $tmp/o $tmp/e; exit 1; }
	grep -q '195 MB does not fit: MemAvailable 20 MB plus 3/4 of the free swap (9 MB of 100 MB) is 27 MB' $tmp/e"

ok "a run that fits: exit 0" status 0 paging $quick --json "$tmp/f.jsonl"
ok "it says that it fits and pages nothing" contains "$tmp/stdout" "8 MB fits in MemAvailable"
ok "two runs of twelve tests, all OK" sh -c "
	[ \$(grep -c 'Result OK' $tmp/stdout) -eq 24 ] &&
	[ \$(grep -c 'Integer Stress Test' $tmp/stdout) -eq 2 ]"
ok "a sample line per run at least, with swap and memory" sh -c "
	grep -q '^ Sample .* baseline swap in .* KB/s, out .* KB/s, major faults .*/s; MB free .*, available .*, cache .*, swap used' $tmp/stdout &&
	grep -q '^ Sample .* paging ' $tmp/stdout"
ok "a slowdown line per test and per phase" sh -c "
	[ \$(grep -c '^  [1-6]  *[0-9]*  *[0-9]*  *[0-9.]*x\$' $tmp/stdout) -eq 12 ] &&
	[ \$(grep -c '^  all .*x  (' $tmp/stdout) -eq 2 ]"
ok "JSON: strict; samples, tests of both runs, slowdowns, summary" sh -c "
	$check $tmp/f.jsonl type tester &&
	grep -q '\"type\":\"sample\".*\"run\":\"baseline\"' $tmp/f.jsonl &&
	grep -q '\"type\":\"sample\".*\"run\":\"paging\".*\"swap_free\"' $tmp/f.jsonl &&
	[ \$(grep '\"type\":\"test\"' $tmp/f.jsonl | grep -c '\"result\":\"ok\"') -eq 24 ] &&
	[ \$(grep -c '\"type\":\"slowdown\"' $tmp/f.jsonl) -eq 14 ] &&
	tail -1 $tmp/f.jsonl | grep -q '\"verdict\":\"fits\".*\"write_read_slowdown\":[0-9]'"

# Kill the test process of a run under the runner: it must say so.
killed_test() {
	$emu "$runner" paging --mem 8M --baseline 4M --seconds 20 --interval 1 \
		>"$tmp/k.out" 2>"$tmp/k.err" &
	pid=$!
	sleep 2
	c=$(child_of $pid) || { echo "no test process"; kill $pid; return 1; }
	kill -KILL "$c"
	wait $pid
	rc=$?
	[ $rc -eq 3 ] || { echo "exit $rc"; cat "$tmp/k.out" "$tmp/k.err"; return 1; }
	grep -q 'test process was killed (SIGKILL)' "$tmp/k.out" &&
	grep -q 'Last sample while it ran: MemFree [0-9]* MB, MemAvailable' "$tmp/k.out" &&
	grep -q 'dmesg' "$tmp/k.out" || { cat "$tmp/k.out"; return 1; }
}

# Ctrl-C to the runner: the test process stops at its next check point.
interrupted() {
	$emu "$runner" paging --mem 8M --baseline 4M --seconds 20 --interval 1 \
		>"$tmp/c.out" 2>&1 &
	pid=$!
	sleep 2
	kill -INT $pid
	wait $pid
	rc=$?
	[ $rc -eq 130 ] || { echo "exit $rc"; cat "$tmp/c.out"; return 1; }
	grep -q 'Stopped (interrupted)' "$tmp/c.out" || { cat "$tmp/c.out"; return 1; }
}

ok "test process killed: the runner says so, with the last sample; exit 3" killed_test
ok "Ctrl-C: the test process stops, exit 130" interrupted

finish
