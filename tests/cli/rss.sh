#!/bin/sh
# Peak RSS in the JSON summary, and memory that stays flat as the work grows
# (TAP): every summary carries peak_rss_kib (a suite's also the largest
# child's, children_peak_rss_kib); speed with 8 times the small files, drive
# and sdcard with 8 and 16 times the file size, cook with 4 copies instead of
# 1 each stay within BOUND_KIB of the smaller run. Runs the host runner, or a
# cross-built one under qemu-user:  tests/cli/rss.sh RUNNER [EMULATOR]
# The drive files go below $BURNKIT_TEST_DIR (default build/), on a disk.
. "$(dirname "$0")/lib.sh" "$@"
base=${BURNKIT_TEST_DIR:-build}
work=$(mktemp -d "$base/cli-rss.XXXXXX") || exit 1
work=$(cd "$work" && pwd)
trap 'rm -rf "$work" "$tmp"' EXIT INT TERM
BURNKIT_KMOD_DIR=$tmp/no-module
export BURNKIT_KMOD_DIR
# What the README states per file and per copy, with room for the allocator.
BOUND_KIB=1024

# rss FILE [KEY]: the summary's peak_rss_kib (or KEY) from JSON lines FILE.
rss() {
	grep '"type":"summary"' "$1" | sed -n "s/.*\"${2:-peak_rss_kib}\":\([0-9]*\).*/\1/p"
}

# flat NAME SMALL.jsonl LARGE.jsonl: LARGE's peak RSS within BOUND_KIB of SMALL's.
flat() {
	a=$(rss "$2") b=$(rss "$3")
	[ -n "$a" ] && [ -n "$b" ] || { echo "no peak_rss_kib in $2 or $3"; return 1; }
	echo "# $1: $a KiB, then $b KiB" >> "$tmp/figures"
	[ $((b - a)) -lt "$BOUND_KIB" ] || { echo "$1: $a KiB grew to $b KiB (bound $BOUND_KIB)"; return 1; }
}

ok "timer: the summary holds peak_rss_kib > 0" sh -c \
	"$emu $runner timer --json $tmp/timer.jsonl >/dev/null && grep '\"type\":\"summary\"' $tmp/timer.jsonl | grep -q '\"peak_rss_kib\":[1-9]'"

for files in 20 160; do
	bk speed --filepath "$work" --mb 1 --seconds 0.02 --small-files $files \
		--json "$tmp/speed$files.jsonl" >/dev/null 2>&1
done
ok "speed: 160 small files of each size within $BOUND_KIB KiB of 20" flat speed "$tmp/speed20.jsonl" "$tmp/speed160.jsonl"

for r in 1 8; do
	bk drive "Repeats $r, Patterns 16, Minutes 0, Seconds 0.01, FilePath $work" \
		--json "$tmp/drive$r.jsonl" >/dev/null 2>&1
done
ok "drive: files 8 times larger within $BOUND_KIB KiB" flat drive "$tmp/drive1.jsonl" "$tmp/drive8.jsonl"

for m in 4 64; do
	bk sdcard --filepath "$work" --size ${m}M --seconds 0.05 --no-targets \
		--json "$tmp/sd$m.jsonl" >/dev/null 2>&1
done
ok "sdcard: a 64 MB file within $BOUND_KIB KiB of a 4 MB one" flat sdcard "$tmp/sd4.jsonl" "$tmp/sd64.jsonl"

for c in 1 4; do
	bk cook --run "fpu KWords 10, Section 3" --copies $c --minutes 0.01 --sample 0.2 \
		--json "$tmp/cook$c.jsonl" --svg "$tmp/cook$c.svg" >/dev/null 2>&1
done
ok "cook: 4 copies within $BOUND_KIB KiB of 1" flat cook "$tmp/cook1.jsonl" "$tmp/cook4.jsonl"
ok "cook: the summary holds the largest child's peak RSS" sh -c \
	"[ \"\$(grep '\"type\":\"summary\"' $tmp/cook4.jsonl | sed -n 's/.*\"children_peak_rss_kib\":\([0-9]*\).*/\1/p')\" -gt 0 ]"
cat "$tmp/figures"
ok "nothing left in the work directory" sh -c "[ -z \"\$(ls -A $work)\" ]"
finish
