#!/bin/sh
# What the whole machine was doing, recorded beside a test (TAP): --activity
# on any tester, the recorder's activity with every sample, and a cook run
# with a drive copy whose disk traffic shows in the timeline and the chart.
#   tests/cli/activity.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
# The drive copy's files on a disk, not in $tmp (which may be a tmpfs).
base=${BURNKIT_TEST_DIR:-build}
work=$(mktemp -d "$base/cli-activity.XXXXXX") || exit 1
work=$(cd "$work" && pwd)
trap 'rm -rf "$work" "$tmp"' EXIT INT TERM

ok "fpu --activity 0.5 runs" status 0 fpu KWds 1 --seconds 2 --activity 0.5 --json "$tmp/fpu.jsonl"
ok "... its JSON lines stay strict" "$check" "$tmp/fpu.jsonl"
ok "... with at least two activity records" sh -c "[ \$(grep -c '\"type\":\"activity\"' $tmp/fpu.jsonl) -ge 2 ]"
ok "... each giving CPU time by kind, interrupts and context switches" sh -c \
	"grep '\"type\":\"activity\"' $tmp/fpu.jsonl | head -1 | grep '\"cpu\":{\"us\":' | grep '\"intr_per_s\":' | grep -q '\"ctxt_per_s\":'"
ok "... the CPUs busy while fpu ran" sh -c \
	"grep '\"type\":\"activity\"' $tmp/fpu.jsonl | sed 's/.*\"busy_pct\":\([0-9.]*\).*/\1/' | awk '\$1 > 20 { f = 1 } END { exit !f }'"
ok "... and the summary comes after the sampler stopped" sh -c "tail -1 $tmp/fpu.jsonl | grep -q '\"type\":\"summary\"'"
ok "--activity 0 is refused" status 2 fpu --activity 0

ok "temp records activity with every sample" status 0 temp Passes 3, Seconds 0.3 --json "$tmp/temp.jsonl"
ok "... one for each sample after the first" sh -c "[ \$(grep -c '\"type\":\"activity\"' $tmp/temp.jsonl) -eq \$((\$(grep -c '\"type\":\"sample\"' $tmp/temp.jsonl) - 1)) ]"

ok "cook with a drive copy runs" status 0 cook --run "drive Repeats 1, Patterns 32, Minutes 0.05, Seconds 0.01, FilePath $work" \
	--minutes 0.12 --sample 0.5 --json "$tmp/cook.jsonl"
ok "... the drive copy's read passes are its throughput, in MB/s" sh -c \
	"grep '\"type\":\"perf\"' $tmp/cook.jsonl | grep -q '\"unit\":\"MB/s\"'"
ok "... the timeline shows the disk traffic it caused" sh -c \
	"grep '\"type\":\"activity\"' $tmp/cook.jsonl | sed 's/.*\"disk_write_mb_per_s\":\([0-9.e+-]*\).*/\1/' | awk '\$1 > 0.5 { f = 1 } END { exit !f }'"
ok "... the chart has the CPU and the disk and network panels" sh -c \
	"grep -q 'CPU share (whole machine)' $tmp/cook.svg && grep -q 'Disk and network (whole machine)' $tmp/cook.svg"
ok "... and is well-formed" sh -c "command -v xmllint >/dev/null || exit 0; xmllint --noout $tmp/cook.svg"
ok "report redraws the panels" sh -c "$emu $runner report $tmp/cook.jsonl --svg $tmp/re.svg >/dev/null && grep -q 'Disk and network' $tmp/re.svg"

finish
