#!/bin/sh
# The drive bench's verdicts (TAP): a bad FIO_MEM is refused by name; with
# fio on malloc'd buffers (FIO_MEM=malloc) every 1 MB row is "unequal" and
# listed among the ratios not to be believed, whatever its rounds say, and a
# 4 KB row is not. Tiny jobs (8 MB, 1 s, one round): the verdicts, not the
# figures. The bench runs the host's fio against the host runner:
#   tests/cli/bench_drive.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
base=${BURNKIT_TEST_DIR:-build}
work=$(mktemp -d "$base/cli-bench-drive.XXXXXX") || exit 1
work=$(cd "$work" && pwd)
trap 'rm -rf "$work" "$tmp"' EXIT INT TERM

if [ -n "$emu" ]; then
	skip "drive bench verdicts" "the bench runs the host's fio beside the host runner, not under qemu-user"
	finish
	exit
fi
if ! command -v fio >/dev/null; then
	skip "drive bench verdicts" "fio is not installed (scripts/deps.sh check installs it)"
	finish
	exit
fi

bench() {
	env DIR="$work/dir" OUT="$work/out" RUNNER="$runner" SIZE=8M SECONDS_PER_JOB=1 \
		ROUNDS=1 MAX_ROUNDS=1 SETTLE=0 DEPTHS=1 "$@" scripts/bench/drive.sh
}

refused() {
	bench FIO_MEM=bogus >"$tmp/bogus.out" 2>&1 && { echo "FIO_MEM=bogus ran"; return 1; }
	contains "$tmp/bogus.out" "FIO_MEM=bogus: give auto or malloc"
}
ok "a bad FIO_MEM is refused by name" refused
# bad_knob SETTING MESSAGE: the bench stops before any job, naming the setting.
bad_knob() {
	bench FIO_MEM=malloc "$1" >"$tmp/knob.out" 2>&1 && { echo "$1 ran"; return 1; }
	contains "$tmp/knob.out" "$2" && ! contains "$tmp/knob.out" "round 1"
}
ok "ROUNDS=0 is refused by name" bad_knob ROUNDS=0 "ROUNDS=0: give a whole number from 1"
ok "a goal that is not a number is refused by name" \
	bad_knob FIO_GOAL=high "FIO_GOAL=high: give a number"

bench FIO_MEM=malloc ONLY="seq-read rand-read" >"$tmp/malloc.out" 2>"$tmp/malloc.err"
rc=$?
ok "FIO_MEM=malloc: the bench runs" sh -c "[ $rc -eq 0 ] || { cat '$tmp/malloc.err'; exit 1; }"
ok "it says fio's buffers are malloc'd, and why" \
	contains "$tmp/malloc.out" "fio's buffers: malloc (FIO_MEM=malloc)"
ok "the 1 MB row is unequal against both peers" \
	sh -c "grep '^seq-read 1M ' '$tmp/malloc.out' | grep -q 'unequal.*unequal' || { cat '$tmp/malloc.out'; exit 1; }"
ok "the 4 KB row is not" \
	sh -c "grep '^rand-read 4k ' '$tmp/malloc.out' | grep -qv unequal || { cat '$tmp/malloc.out'; exit 1; }"
ok "the 1 MB row's ratios are not to be believed" \
	contains "$tmp/malloc.out" "not to be believed (unstable, cached or unequal):.* seq-read/QD1/fio seq-read/QD1/fio+verify"
ok "nor listed as missed" \
	sh -c "! grep -q '^missed:.*seq-read' '$tmp/malloc.out'"
# What the device saw: each side's requests in flight and ms per request,
# and the ratio split into its factors, whose product matches the measured
# ratio when both sides timed what the device did (Little's law).
device_section() {
	awk '/^workload .*in-flight/ { on = 1; next } on && NF == 0 { exit } on' "$tmp/malloc.out"
}
device_rows() {
	device_section | awk '$1 == "rand-read" && NF == 13'
}
bench_dev=$(stat -c '%Hd:%Ld' "$work")
if [ -r "/sys/dev/block/$bench_dev/stat" ]; then
	ok "the device's view: in flight and ms per request for burnkit, fio and fio with verify" \
		sh -c "echo '$(device_section)' | awk '\$1 == \"seq-read\" { n++ } END { exit n != 1 }' &&
			[ -n \"$(device_rows)\" ] || { cat '$tmp/malloc.out'; exit 1; }"
	# Others' I/O on the disk (make check runs suites side by side) shows as more
	# than one request in flight at QD1, or 4 KB transfers counted as larger requests.
	if echo "$(device_rows)" | awk '$3 == 1 && ($4 > 1.02 || $6 > 1.02 || $8 > 1.02) { f = 1 }
		END { exit !f }' || ! grep -q '^rand-read 4k .* 4/4$' "$tmp/malloc.out"; then
		skip "the in-flight x service x size product is the measured ratio" \
			"others used the disk during the jobs (over 1 request in flight at QD1, or 4 KB transfers not 4 KiB requests)"
	else
	ok "the in-flight x service x size product is the measured ratio, within 10 %" \
		sh -c "echo '$(device_rows)' | awk '{ for (i = 3; i <= 13; i++) if (\$i !~ /^[0-9.]+\$/ || (i < 9 && \$i <= 0)) exit 1
			exit !(\$13 > 0 && \$12 / \$13 > 0.9 && \$12 / \$13 < 1.1) }' || { cat '$tmp/malloc.out'; exit 1; }"
	fi
else
	skip "the device's view of each side" "the bench's directory has no block device counters ($bench_dev)"
fi
# A missed row names where burnkit lost, in the device's factors: with goals
# nobody meets, the 4 KB row misses against both peers, and each miss is
# told as its ratio = in flight x service x size, with the factor furthest
# below 1 named (or a ratio of 1 or more: the goal asks more than the peer;
# or the counters' absence, or a product that does not make the ratio:
# others used the device).
bench FIO_MEM=malloc ONLY=rand-read FIO_GOAL=1000 VERIFY_GOAL=1000 >"$tmp/missed.out" \
	2>"$tmp/missed.err"
ok "goals nobody meets: the 4 KB row is missed against both peers" \
	contains "$tmp/missed.out" "^missed: rand-read/QD1/fio rand-read/QD1/fio+verify$"
# shortfall_told PEER-TEXT TABLE-COLUMN: the miss's line against that peer
# gives the table's ratio and names the factor its figures say.
shortfall_told() {
	ratio=$(awk -v c="$2" '$1 == "rand-read" && $2 == "4k" { print $c; exit }' "$tmp/missed.out")
	grep "^  rand-read 4k QD1 against $1: " "$tmp/missed.out" > "$tmp/line" || {
		cat "$tmp/missed.out"; return 1; }
	awk -v r="$ratio" '{
		sub(/^.*against [a-z ]*: /, "")
		told = $1; sub(/;$/, "", told)	# "RATIO; the device has no counters ..."
		if (told != r) { print "ratio " told ", the table says " r; exit 1 }
		if (/the device has no counters/) exit 0
		fl = $5; sv = $8; sz = $11; pr = $13; sub(/\)/, "", pr)
		if (/do not make the ratio/) exit !(pr / r < 0.9 || pr / r > 1.1)
		if (pr / r < 0.9 || pr / r > 1.1) { print "product " pr " against " r; exit 1 }
		if (/at or above the peer/) exit !(r >= 1)
		if (r >= 1) { print "a ratio of 1 or more told as a loss"; exit 1 }
		if (/no factor below 1/) exit !(fl >= 1 && sv >= 1 && sz >= 1)
		if (/kept fewer requests/) exit !(fl < 1 && fl <= sv && fl <= sz)
		if (/took longer a request/) exit !(sv < 1 && sv < fl && sv <= sz)
		if (/reached the device smaller/) exit !(sz < 1 && sz < fl && sz < sv)
		print "no reason given"; exit 1 }' "$tmp/line" || { cat "$tmp/line"; return 1; }
}
ok "the miss against fio is told in the device's factors, the lowest named" \
	shortfall_told fio 6
ok "and the miss against fio with verify" shortfall_told "fio with verify" 10
# A row that misses plain fio but meets fio with verify says so on its miss
# line, with the table's ratio against fio with verify, and once: the line
# of a row that misses both does not.
bench FIO_MEM=malloc ONLY=rand-read FIO_GOAL=1000 VERIFY_GOAL=0 >"$tmp/reading.out" \
	2>"$tmp/reading.err"
reading_told() {
	ratio=$(awk '$1 == "rand-read" && $2 == "4k" { print $10; exit }' "$tmp/reading.out")
	grep -q "^  rand-read 4k QD1 against fio: .*; $ratio x fio with verify (met), which checks every byte" \
		"$tmp/reading.out" && [ "$(grep -c 'rand-read 4k QD1' "$tmp/reading.out")" = 1 ] &&
		! grep -q "checks every byte" "$tmp/missed.out" || { cat "$tmp/reading.out"; return 1; }
}
ok "missed against fio, met against fio with verify: the miss line says so, once" reading_told
ok "the bench's files are gone" sh -c "[ -z \"\$(ls -A '$work/dir')\" ]"
finish
