#!/bin/bash
# SPDX-License-Identifier: MIT
#
# cook.sh: what the recorder costs. burnkit cook runs one fpu copy (KWords 1,
# Section 3: in L1, bound by the FPU alone) with the recorder sampling every
# 100 ms, and with the recorder off (--sample 0) just before and after, in
# one run, PAIRS rounds; cook and its copy are held on one CPU (taskset), so
# all the recorder's work comes out of the copy's time. Reported:
#   - the copy's MFLOPS with the recorder against the mean of the runs
#     without it either side, round by round, and the median ratio: the
#     throughput lost to sampling; the two runs without it against each
#     other give the noise floor of this machine;
#   - the recorder's own CPU time over the run (cook's getrusage, in the
#     summary as recorder_cpu_pct), the direct measure of the same cost.
# The goal: sampling at 100 ms costs less than 1 % of one CPU.
#
# Usage: scripts/bench/cook.sh         (from anywhere; builds the runner)
# Environment: PAIRS (5), SECONDS_PER_RUN (15), CPU (the last online CPU),
#   SAMPLE (0.1).
# Exits non-zero only when something fails to build or run.

set -eu
cd "$(dirname "$0")/../.."
. scripts/bench/records.sh

PAIRS=${PAIRS:-5}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-15}
SAMPLE=${SAMPLE:-0.1}
CPU=${CPU:-$(($(getconf _NPROCESSORS_ONLN) - 1))}
OUT=build/bench/cook
mkdir -p "$OUT"
make -s all
runner=build/burnkit
minutes=$(awk -v s="$SECONDS_PER_RUN" 'BEGIN { printf "%.4f", s / 60 }')

# One run: prints "MEAN_MFLOPS RECORDER_CPU_PCT PASSES".
run() {
	local sample=$1 tag=$2
	taskset -c "$CPU" "$runner" cook --run "fpu KWords 1, Section 3" \
		--minutes "$minutes" --sample "$sample" --clock-every 0 \
		--json "$OUT/$tag.jsonl" --svg "$OUT/$tag.svg" > "$OUT/$tag.out" 2>&1
	# The passes' values, weighted by their lengths, and cook's CPU share.
	awk "$AWK_JSON_NUM"'
		/"type":"perf"/ {
			f = json_num("from"); a = json_num("at")
			sum += json_num("value") * (a - f); dur += a - f; n++
		}
		/"type":"summary"/ { cpu = json_num("recorder_cpu_pct") + 0 }
		END { if (!dur) exit 1; printf "%.2f %.4f %d\n", sum / dur, cpu, n }
	' "$OUT/$tag.jsonl"
}

echo "cook.sh: fpu KWords 1, Section 3 on CPU $CPU with cook, $PAIRS rounds of" \
	"${SECONDS_PER_RUN} s runs: recorder off, every ${SAMPLE} s, off again"
printf "%5s %12s %12s %12s %9s %9s %11s\n" round "MFLOPS off" "MFLOPS on" "off again" \
	"on/off" "off/off" "recorder %"
ratios=()
controls=()
cpus=()
for p in $(seq 1 "$PAIRS"); do
	read -r off1 _ _ < <(run 0 "off$p")
	read -r on cpu _ < <(run "$SAMPLE" "on$p")
	read -r off2 _ _ < <(run 0 "again$p")
	# on against the mean of the runs either side; the two off runs against
	# each other show how much this machine moves by itself (noise floor).
	ratio=$(awk -v a="$on" -v b="$off1" -v c="$off2" 'BEGIN { printf "%.4f", 2 * a / (b + c) }')
	control=$(awk -v b="$off1" -v c="$off2" 'BEGIN { printf "%.4f", c / b }')
	ratios+=("$ratio")
	controls+=("$control")
	cpus+=("$cpu")
	printf "%5d %12.1f %12.1f %12.1f %9.4f %9.4f %11.3f\n" "$p" "$off1" "$on" "$off2" \
		"$ratio" "$control" "$cpu"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
spread() { printf '%s\n' "$@" | awk '{ d = $1 - 1; if (d < 0) d = -d; if (d > m) m = d } END { printf "%.2f", 100 * m }'; }
mr=$(median "${ratios[@]}")
mc=$(median "${cpus[@]}")
echo
awk -v r="$mr" -v c="$mc" -v s="$SAMPLE" -v noise="$(spread "${controls[@]}")" 'BEGIN {
	printf "throughput with the recorder every %s s: median %.4f of without (%.2f %% lost);\n", s, r, (1 - r) * 100
	printf "  the same runs without it differ by up to %s %% on this machine (off/off)\n", noise
	printf "recorder CPU time: median %.3f %% of one CPU (goal: under 1 %%)\n", c
}'
echo "timelines and charts: $OUT/"
