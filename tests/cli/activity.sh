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
ok "the start record says where fpu's passes carry their throughput" sh -c \
	"head -1 $tmp/fpu.jsonl | grep -q '\"throughput\":{\"record\":\"pass\",\"value\":\"mflops\",\"unit\":\"MFLOPS\"'"
ok "report on fpu's own timeline finds its passes" sh -c \
	"$emu $runner report $tmp/fpu.jsonl --svg $tmp/fpu.svg > $tmp/rep.out && grep -q 'copy 0 *fpu *[1-9][0-9]* passes, usual [0-9.]* MFLOPS' $tmp/rep.out && ! grep -q 'no passes recorded' $tmp/rep.out"
ok "... and draws them with the machine's activity" sh -c "grep -q 'CPU share (whole machine)' $tmp/fpu.svg"

ok "temp records activity with every sample" status 0 temp Passes 3, Seconds 0.3 --json "$tmp/temp.jsonl"
ok "... one for each sample after the first" sh -c "[ \$(grep -c '\"type\":\"activity\"' $tmp/temp.jsonl) -eq \$((\$(grep -c '\"type\":\"sample\"' $tmp/temp.jsonl) - 1)) ]"

ok "cook with a drive copy runs" status 0 cook --run "drive Repeats 1, Patterns 32, Minutes 0.05, Seconds 0.01, FilePath $work" \
	--minutes 0.12 --sample 0.5 --json "$tmp/cook.jsonl"
ok "... the drive copy's phases are its throughput, in MB/s, each its own series" sh -c \
	"grep '\"type\":\"perf\"' $tmp/cook.jsonl | grep -q '\"unit\":\"MB/s\"' &&
	 for g in write read_pass repeat_block; do
		grep '\"type\":\"perf\"' $tmp/cook.jsonl | grep -q \"\\\"group\\\":\\\"\$g\\\"\" || exit 1
	 done"
ok "... the timeline shows the disk traffic it caused" sh -c \
	"grep '\"type\":\"activity\"' $tmp/cook.jsonl | sed 's/.*\"disk_write_mb_per_s\":\([0-9.e+-]*\).*/\1/' | awk '\$1 > 0.5 { f = 1 } END { exit !f }'"
ok "... the chart has the CPU and the disk and network panels" sh -c \
	"grep -q 'CPU share (whole machine)' $tmp/cook.svg && grep -q 'Disk and network (whole machine)' $tmp/cook.svg"
ok "... and is well-formed" sh -c "command -v xmllint >/dev/null || exit 0; xmllint --noout $tmp/cook.svg"
ok "report redraws the panels" sh -c "$emu $runner report $tmp/cook.jsonl --svg $tmp/re.svg >/dev/null && grep -q 'Disk and network' $tmp/re.svg"

# The seed's monitor lines (drvspdLAN.sh), scaled down to seconds.
printf 'vmstat 1 2 > %s &\nsar -n DEV 1 1 > %s\n' "$tmp/vmstatLAN.txt" "$tmp/sarLAN.txt" > "$tmp/lan.sh"
ok "script runs the seed's vmstat and sar lines" status 0 script "$tmp/lan.sh"
ok "... vmstat's rows into its file, with vmstat's columns" sh -c \
	"grep -q 'bi kB/s  bo kB/s     in/s     cs/s  us  sy  id  wa' $tmp/vmstatLAN.txt && [ \$(wc -l < $tmp/vmstatLAN.txt) -eq 3 ]"
ok "... sar's per-interface rows into its file" sh -c \
	"grep -q 'IFACE   rxpck/s   txpck/s    rxkB/s    txkB/s' $tmp/sarLAN.txt && grep -q ' lo ' $tmp/sarLAN.txt"
printf 'vmstat 15\n' > "$tmp/nocount.sh"
ok "vmstat without a count is refused (the script would wait for ever)" status 2 script "$tmp/nocount.sh"
ok "... saying what to give" contains "$tmp/stderr" 'give the interval and the count'
printf 'sar -u 1 3\n' > "$tmp/saru.sh"
ok "sar other than -n DEV is refused" status 2 script "$tmp/saru.sh"
ok "activity alone, sar style, to a file" status 0 activity --style sar Seconds 0.2, Passes 1 --output "$tmp/a.txt" --json "$tmp/a.jsonl"
ok "... one activity record a row" sh -c "[ \$(grep -c '\"type\":\"activity\"' $tmp/a.jsonl) -eq 1 ]"

finish
