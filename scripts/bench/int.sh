#!/bin/bash
# SPDX-License-Identifier: MIT
#
# int.sh: the stressInt kernels of this machine's architecture against their
# C reference, at L1 data cache size.
#
#  1. Speed: MB/s of each phase (write, check, read) for the reference
#     compiled with gcc -O3 -march=native -fno-tree-vectorize and for the
#     burnkit kernel, in one run, alternating sample by sample, best of
#     ROUNDS samples each (int_bench.c); the reference timed against itself
#     shows the noise floor of the ratios.
#  2. Instructions: valgrind --tool=callgrind counts the instructions each
#     kernel executes; divided by the blocks processed, they are compared
#     with the loop-body count the kernel's .S file documents.
#  3. The MIPS that `burnkit int` reports, against callgrind's count of the
#     same run (needs build/burnkit: make all).
#
# Usage: scripts/bench/int.sh          (from the top of the tree)
# Environment: CC (gcc), ROUNDS (3000), PASSES (100, under callgrind),
# RUNNER_SECONDS (1) and CG_SECONDS (0.3): burnkit int's seconds per test, plain
# and under callgrind.
# Exits non-zero only when something fails to build or run.

set -eu
cd "$(dirname "$0")/../.."

CC=${CC:-gcc}
ROUNDS=${ROUNDS:-3000}
PASSES=${PASSES:-100}
OUT=build/bench
mkdir -p "$OUT"

case "$($CC -dumpmachine)" in
x86_64-*) arch=x86_64 ;;
aarch64-*) arch=aarch64 ;;
arm*) arch=armv7 ;;
*) echo "int.sh: no integer kernels for $($CC -dumpmachine)" >&2; exit 1 ;;
esac
asm_src=asm/$arch/int.S

# L1 data cache size of cpu0, in bytes.
l1d_bytes() {
	local d
	for d in /sys/devices/system/cpu/cpu0/cache/index*; do
		[ "$(cat "$d/level" 2>/dev/null)" = 1 ] || continue
		[ "$(cat "$d/type" 2>/dev/null)" = Data ] || continue
		local s; s=$(cat "$d/size")
		case "$s" in
		*K) echo $(( ${s%K} * 1024 )) ;;
		*M) echo $(( ${s%M} * 1024 * 1024 )) ;;
		*) echo "$s" ;;
		esac
		return
	done
}
bytes=$(l1d_bytes)
if [ -z "$bytes" ]; then
	bytes=32768
	echo "note: no L1 data cache size in sysfs, using $bytes bytes"
fi

# ---------------------------------------------------------------- build
BK_CFLAGS="-std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes"
$CC -std=c11 -O3 -march=native -fno-tree-vectorize -Iinclude \
	-c asm/ref/int.c -o "$OUT/int_ref_native.o"
$CC -D_GNU_SOURCE -Iinclude -Iasm -c "$asm_src" -o "$OUT/int_$arch.o"
$CC $BK_CFLAGS -O2 -g -D_GNU_SOURCE -Iinclude \
	scripts/bench/int_bench.c "$OUT/int_ref_native.o" "$OUT/int_$arch.o" \
	-o "$OUT/int_bench"

# ---------------------------------------------------------------- speed
speed=$("$OUT/int_bench" speed "$bytes" "$ROUNDS")

# ---------------------------------------------------------------- callgrind
# Ir (instructions executed) per function, from callgrind_annotate.
cg_out=$OUT/int.callgrind
cg_table=""
if command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null; then
	if ! valgrind --tool=callgrind --callgrind-out-file="$cg_out" \
		"$OUT/int_bench" count "$bytes" "$PASSES" >"$OUT/int.count" 2>"$OUT/int.valgrind"; then
		cat "$OUT/int.valgrind" >&2
		echo "int.sh: int_bench failed under callgrind" >&2
		exit 1
	fi
	# lines look like "1,344,700 ( 9.19%)  ???:int_write_x86_64 [binary]"
	cg_table=$(callgrind_annotate --auto=no --threshold=100 "$cg_out" |
		awk '{ for (i = 2; i <= NF; i++) if ($i ~ /:int_(write|check|read)_[a-z0-9_]+$/) {
			f = $i; sub(/.*:/, "", f); n = $1; gsub(",", "", n); print f, n } }')
else
	echo "note: valgrind not installed (apt-get install valgrind): no instruction counts"
fi
blocks=$(( bytes / 128 ))

# documented loop-body instructions per 32 words, from the .S file
documented() {
	sed -n "s|^// Loop body $1: \([0-9]*\) instructions per 32 words.*|\1|p" "$asm_src"
}
# Ir of one function, or empty
ir_of() {
	[ -z "$cg_table" ] || awk -v f="$1" '$1 == f { print $2 }' <<<"$cg_table"
}

# ---------------------------------------------------------------- table
echo "burnkit int kernels, $arch, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //')"
echo "buffer $bytes bytes (L1 data size, $blocks blocks of 128 bytes); MB = 10^6 bytes"
echo "speed: best of $ROUNDS samples each, reference and burnkit alternating in one run;"
echo "       load average before the run: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "reference: asm/ref/int.c, $CC -O3 -march=native -fno-tree-vectorize"
echo "instr/block: callgrind Ir / (blocks x $PASSES passes), call overhead included"
echo
printf '%-6s %10s %10s %7s   %9s %9s %9s %7s\n' phase "ref MB/s" "bk MB/s" "bk/ref" \
	"ref ins" "bk ins" "bk doc" "ins/doc"
for ph in write check read; do
	line=$(grep "^speed $ph " <<<"$speed")
	ref_mbs=$(awk '{print $4}' <<<"$line")
	bk_mbs=$(awk '{print $6}' <<<"$line")
	doc=$(documented "int_${ph}_$arch")
	ref_ir=$(ir_of "int_${ph}_ref")
	bk_ir=$(ir_of "int_${ph}_$arch")
	awk -v ph="$ph" -v r="$ref_mbs" -v b="$bk_mbs" -v doc="${doc:-0}" \
	    -v rir="${ref_ir:-0}" -v bir="${bk_ir:-0}" -v n="$(( blocks * PASSES ))" 'BEGIN {
		rins = rir ? sprintf("%.2f", rir / n) : "-"
		bins = bir ? sprintf("%.2f", bir / n) : "-"
		ratio = (bir && doc) ? sprintf("%.4f", bir / n / doc) : "-"
		printf "%-6s %10.0f %10.0f %7.3f   %9s %9s %9s %7s\n",
			ph, r, b, b / r, rins, bins, (doc ? doc : "?"), ratio
	}'
done
awk '$2 == "noise" { printf "noise: the reference against itself (write) %.3f\n", $6 / $4 }' <<<"$speed"
echo

# ---------------------------------------------------------------- runner MIPS
# Goal: the MIPS that `burnkit int` reports agree within 2 % with what
# callgrind counts for the same run. burnkit computes its MIPS from the
# documented loop counts (instructions per call x calls / seconds). Under
# callgrind, the same run's JSON gives the passes, seconds and MIPS of every
# test and the calls of every kernel; callgrind gives each kernel's Ir. The
# measured MIPS of a test are its passes x callgrind's Ir per pass (calls of
# one buffer size each, so Ir per call is the kernel's Ir / calls) over its
# seconds; the ratio reported/measured is the same for every test of a
# phase, so it is checked on the fastest one, whose MIPS the log prints.
runner=build/burnkit
kbytes=$(( bytes / 1024 ))
RUNNER_SECONDS=${RUNNER_SECONDS:-1}
CG_SECONDS=${CG_SECONDS:-0.3}
if [ ! -x "$runner" ]; then
	echo "runner MIPS vs callgrind: no $runner (make all first)"
	exit 0
fi
"$runner" int --kbytes "$kbytes" --seconds "$RUNNER_SECONDS" --no-config \
	--json "$OUT/int_runner.jsonl" >"$OUT/int_runner.txt"
if [ -z "$cg_table" ]; then
	echo "runner MIPS vs callgrind: valgrind missing, not measured"
	grep 'Maximum speed' "$OUT/int_runner.txt"
	exit 0
fi
if ! valgrind --tool=callgrind --callgrind-out-file="$OUT/int_runner.callgrind" \
	"$runner" int --kbytes "$kbytes" --seconds "$CG_SECONDS" --no-config \
	--json "$OUT/int_runner_cg.jsonl" >"$OUT/int_runner_cg.txt" 2>"$OUT/int_runner_cg.valgrind"; then
	cat "$OUT/int_runner_cg.valgrind" >&2
	echo "int.sh: burnkit int failed under callgrind" >&2
	exit 1
fi
runner_ir=$(callgrind_annotate --auto=no --threshold=100 "$OUT/int_runner.callgrind" |
	awk '{ for (i = 2; i <= NF; i++) if ($i ~ /:int_(write|check|read)_[a-z0-9_]+$/) {
		f = $i; sub(/.*:/, "", f); n = $1; gsub(",", "", n); print f, n } }')
total_ir=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$OUT/int_runner.callgrind")

# one member of a JSON line: member LINE KEY
member() { sed -n 's/.*"'"$2"'":"\{0,1\}\([^,"}]*\).*/\1/p' <<<"$1"; }

echo "runner: burnkit int --kbytes $kbytes, $RUNNER_SECONDS s per test (MIPS from the documented loop counts)"
grep 'Maximum speed' "$OUT/int_runner.txt" | sed 's/^/  /'
echo
echo "the same under callgrind, $CG_SECONDS s per test: kernel calls and instructions"
summary=$(tail -n 1 "$OUT/int_runner_cg.jsonl")
printf '  %-20s %9s %14s %14s %9s\n' kernel calls "burnkit instr" "callgrind Ir" ratio
declare -A per_call
kernel_ir=0
for k in write check read; do
	sym=int_${k}_$arch
	obj=$(sed -n "s/.*\"$sym\":{\\([^}]*\\)}.*/\\1/p" <<<"$summary")
	calls=$(sed -n 's/.*"calls":\([0-9]*\).*/\1/p' <<<"$obj")
	ins=$(sed -n 's/.*"instructions":\([0-9.e+]*\).*/\1/p' <<<"$obj")
	ir=$(awk -v f="$sym" '$1 == f { print $2 }' <<<"$runner_ir")
	kernel_ir=$(( kernel_ir + ${ir:-0} ))
	per_call[$k]=$(awk -v ir="${ir:-0}" -v c="${calls:-1}" 'BEGIN { printf "%.6f", ir / c }')
	awk -v s="$sym" -v c="$calls" -v i="$ins" -v ir="${ir:-0}" 'BEGIN {
		printf "  %-20s %9d %14.0f %14.0f %9.4f\n", s, c, i, ir, ir ? i / ir : 0 }'
done
echo "  (the kernels are $(awk -v k="$kernel_ir" -v t="${total_ir:-0}" 'BEGIN { printf "%.1f", t ? 100 * k / t : 0 }') % of the $total_ir instructions of the whole run)"
echo
printf '  %-11s %14s %14s %9s   %s\n' phase "reported MIPS" "callgrind MIPS" ratio "within 2 %"
for ph in write_read read; do
	best=$(grep '"type":"test"' "$OUT/int_runner_cg.jsonl" | grep "\"phase\":\"$ph\"" |
		awk -F'"mips":' '{ split($2, a, ","); print a[1], $0 }' | sort -g | tail -n 1)
	mips=$(member "$best" mips)
	passes=$(member "$best" passes)
	secs=$(member "$best" seconds)
	if [ "$ph" = write_read ]; then
		ir_pass=$(awk -v a="${per_call[write]}" -v b="${per_call[check]}" 'BEGIN { print a + b }')
	else
		ir_pass=${per_call[read]}
	fi
	awk -v ph="$ph" -v m="$mips" -v p="$passes" -v s="$secs" -v i="$ir_pass" 'BEGIN {
		cg = p * i / s / 1e6; r = m / cg; d = r > 1 ? r - 1 : 1 - r
		printf "  %-11s %14.2f %14.2f %9.4f   %s\n", ph, m, cg, r, d <= 0.02 ? "yes" : "NO" }'
done
