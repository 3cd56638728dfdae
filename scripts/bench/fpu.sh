#!/bin/bash
# SPDX-License-Identifier: MIT
#
# fpu.sh: burnkit's FPU kernels (burninfpu / MP-MFLOPS: x[i] = (x[i]+a)*b -
# (x[i]+c)*d + ..., 2, 8 and 32 operations per word) against the same
# formula compiled by gcc, and against this machine's own bound, in one run.
#
# Each ISA the CPU has is measured on its own (x86-64: sse2, avx2, avx512;
# --isa NAME: only that one), against gcc for the same ISA and the bounds of
# its own instructions. Contenders, all on the same words and passes, each
# thread on its own data:
#   burnkit  the kernels lib/dispatch picks when capped at the ISA
#   gcc-O3n  asm/ref/fpu.c built with gcc -O3 -march=native -ffp-contract=fast
#            and the -m flags that keep it to the ISA (x86-64: sse2
#            -mno-avx; avx2 -mavx2 -mfma -mno-avx512f; avx512 none), what gcc
#            does by default in its GNU C mode: it contracts into FMAs where
#            it can; at -O3 it also unrolls and jams two passes, which halves
#            its memory traffic at RAM size: the burnkit contract forbids
#            that, every pass sweeps the whole array
#   gcc-O2   asm/ref/fpu.c built with gcc -O2 for the architecture's baseline
#            ISA, as a distribution ships it (x86-64: SSE2 only)
#
# The bound, per size, operation count and thread count (a roofline):
#   compute  core clock x the sustained vector FP instructions per cycle of
#            the kernel's instruction mix x lanes x flops per instruction.
#            The clock comes from a chain of dependent integer adds (one
#            cycle each on every x86-64 core) against CLOCK_MONOTONIC_RAW;
#            the instructions per cycle from the kernel's own add/mul/FMA
#            sequence run in registers with no dependency a port could wait
#            on (scripts/bench/peak_x86_64.S). The product is measured as one
#            rate (instructions per second), so a clock that drops under
#            512-bit load is accounted for. Each ISA's bound is its own mix
#            (AVX2 ops32: the split sum's 23 instructions per vector, see
#            asm/x86_64/fpu_avx2.S). Port limits to compare the
#            measured instructions per cycle with: Intel Golden Cove /
#            Sapphire Rapids: 128/256-bit adds on ports 1 and 5, multiplies
#            and FMAs on ports 0 and 1, so at most 3 per cycle for a mix;
#            512-bit on ports 0 and 5, 2 per cycle. Skylake-SP: 2 per cycle.
#            AMD Zen 2-4: 2 add and 2 multiply/FMA pipes of 256 bits, 4 per
#            cycle for a balanced mix (Zen 4: 512-bit operations take two
#            slots). Zen 5 (EPYC): the same four pipes 512 bits wide.
#   stream   an in-place read+write of the same array with the ISA's
#            vectors (the 2-op kernel's traffic without its arithmetic),
#            plain and with each line prefetched one page ahead as the
#            kernels do, the better of the two, measured at the same size
#            and thread count: words per second = MB/s / (2 x word size),
#            x operations per word gives the memory bound in MFLOPS.
#   The bound is the lower of the two; the table shows both.
#   ports    the second bound: the same FP mix with the kernel's own loads
#            and stores (one each per vector, the factors it takes from
#            memory as memory operands, and AVX2 ops32's constants loaded
#            from its frame once per four vectors), walking the cell's words
#            in place as the kernel does, so at L2 and RAM size with the
#            caches' and memory's traffic beside the FP work; for 8
#            operations on AVX2 and AVX-512 the better of that walk and a
#            flow walk, which computes the formula on the words in blocks
#            of four (on Zen 1 the first ran slower than the kernel, the
#            second at its rate; peak_x86_64.S). Where it is
#            below 90 % of the FP mix, the load and store ports or the caches
#            set the limit and the goals say so, with the kernel's share of
#            it (the best reachable, met at 90 %; the goal line keeps its
#            verdict against the FP mix). Where the kernel runs faster than
#            that loop, the line says it is no limit on this core and gives
#            no verdict (on a Zen 5 core the AVX-512 ops8 mix with loads and
#            stores ran at 78 % of the plain mix, the kernel at 112 % of it).
#
# Sizes per thread come from sysfs: half of L1d, half of L2, twice the last
# level cache. In each cell (size, operations, threads) the contenders and
# both bounds take turns; a figure is the best of REPEATS samples, each at
# least MIN_MS and 150 reads of the thread CPU clock long (passes scaled up
# from one, so at RAM size a sample is one pass or more). Samples are
# short and many: on a shared host other tenants slow a core in bursts
# much shorter than a second, and they slow a kernel, with its chains in
# flight and its loads and stores, more than the register-only FP mix it
# is compared with; a 30 ms sample always holds some bursts, while the
# best of hundreds of 50 us samples comes from a quiet stretch, for every
# contender alike. A sample shorter than 10 ms follows an untimed run of
# the same work: the contenders take turns, and on an Emerald Rapids host
# the AVX-512 kernels lost up to 4 % of a short sample to starting where
# another contender ended (--aa below showed it: gcc at 0.96-1.00 x itself
# without the run, 1.00 with it). Samples count each thread's CPU time, so
# that other processes on a shared machine do not count (--wall: the wall
# clock, better on a quiet machine, since all-thread RAM figures need the
# threads to overlap).
# Goals are printed per ISA as met, missed or unstable (scripts/bench/fpu_report.c
# lists them); the script exits non-zero only when something fails to
# build or run (including a kernel that leaves words unequal).
#
# Usage: scripts/bench/fpu.sh [--fp64] [--isa NAME] [--threads N]
#                             [--size L1|L2|RAM]... [--wall] [--aa]
#        (from anywhere; options go to fpu_bench: --fp64 double precision,
#        --isa measures only that ISA, --size only those sizes, --aa puts
#        gcc -O3's build in burnkit's place: an A/A run, the competitor
#        against itself, whose ratios other than 1 are the bench's own error)
# Environment: CC (gcc), REPEATS (300), MIN_MS (0.05), MAX_MS (1000: per contender
# and cell, after which it stops repeating), ROUNDS (3: every cell measured
# that many times, the rounds one after another; the tables give medians),
# MAX_ROUNDS (7: a cell with a ratio a goal judges whose rounds spread by
# more than SPREAD_LIMIT % (10) of its median is measured in further rounds,
# up to this many, the range then leaving out its highest and lowest round; a
# ratio still spread so is unstable: its goal reads "unstable", not met or
# missed).
# LOOP_SHIFT (unset): 0 or 32 builds burnkit's x86-64 kernels with every
# loop head that many bytes past a 64-byte boundary (asm/asmdefs.h,
# bk_loop_head), the two places a build can give it, instead of where the
# code before it happens to put it; a run at each shows whether a kernel's
# speed depends on where its loop lands.

set -eu
cd "$(dirname "$0")/../.."

CC=${CC:-gcc}
OUT=build/bench
mkdir -p "$OUT/asm"

case "$($CC -dumpmachine)" in
x86_64-*) arch=x86_64; baseline=(-march=x86-64 -mtune=generic) ;;
aarch64-*) arch=aarch64; baseline=(-march=armv8-a) ;;
arm*) arch=armv7; baseline=(-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard) ;;
*) echo "fpu.sh: no kernels for $($CC -dumpmachine)" >&2; exit 1 ;;
esac

loop_shift=()
if [ -n "${LOOP_SHIFT:-}" ]; then
	if [ "$arch" != x86_64 ]; then
		echo "fpu.sh: LOOP_SHIFT places the x86-64 kernels' loops; this is $arch" >&2
		exit 2
	fi
	case $LOOP_SHIFT in
	0 | 32) loop_shift=("-DBK_LOOP_SHIFT=$LOOP_SHIFT") ;;
	*)
		echo "fpu.sh: LOOP_SHIFT=$LOOP_SHIFT: give 0 or 32 (bytes past a 64-byte boundary," \
			"where a loop head on a 32-byte boundary can be)" >&2
		exit 2
		;;
	esac
fi

# ---------------------------------------------------------------- build
BK_CFLAGS=(-std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
	-Wmissing-prototypes -Wformat=2 -fno-strict-aliasing)
CPPFLAGS=(-D_GNU_SOURCE -Iinclude -Iuser/lib -Iasm)

# The competitors: the reference source, with every symbol prefixed so that
# both builds link beside burnkit's own reference.
# gcc -O3 -march=native per ISA (fpu_bench.c pairs each with its ISA).
case $arch in
x86_64) natives=("o3sse2 -mno-avx" "o3avx2 -mavx2 -mfma -mno-avx512f" "o3avx512") ;;
*) natives=("o3native") ;;
esac
native_objs=()
for n in "${natives[@]}"; do
	read -r prefix flags <<<"$n"
	# shellcheck disable=SC2086 # flags is a list of options
	$CC "${CPPFLAGS[@]}" -std=c11 -O3 -march=native $flags -ffp-contract=fast \
		-c asm/ref/fpu.c -o "$OUT/fpu_ref_$prefix.raw.o"
	objcopy --prefix-symbols="${prefix}_" "$OUT/fpu_ref_$prefix.raw.o" "$OUT/fpu_ref_$prefix.o"
	native_objs+=("$OUT/fpu_ref_$prefix.o")
done
$CC "${CPPFLAGS[@]}" -std=c11 -O2 "${baseline[@]}" \
	-c asm/ref/fpu.c -o "$OUT/fpu_ref_o2base.raw.o"
objcopy --prefix-symbols=o2base_ "$OUT/fpu_ref_o2base.raw.o" "$OUT/fpu_ref_o2base.o"

# burnkit: the kernel table (every kernel of this architecture, since
# dispatch lists them all), the references, and the bench itself.
objs=()
for s in "asm/$arch"/*.S; do
	o=$OUT/asm/$(basename "${s%.S}").o
	$CC "${CPPFLAGS[@]}" ${loop_shift[@]+"${loop_shift[@]}"} -c "$s" -o "$o"
	objs+=("$o")
done
peak_asm=()
if [ -f "scripts/bench/peak_$arch.S" ]; then
	$CC -Iscripts/bench -c "scripts/bench/peak_$arch.S" -o "$OUT/peak_$arch.o"
	peak_asm=("$OUT/peak_$arch.o")
fi
$CC "${BK_CFLAGS[@]}" "${CPPFLAGS[@]}" -O2 -g -ffp-contract=off \
	asm/ref/fpu.c asm/ref/int.c user/lib/dispatch.c user/lib/util.c \
	scripts/bench/peak.c scripts/bench/team.c scripts/bench/fpu_bench.c \
	scripts/bench/fpu_report.c scripts/bench/fpu_impls.c \
	"${objs[@]}" "${peak_asm[@]}" "${native_objs[@]}" "$OUT/fpu_ref_o2base.o" \
	-o "$OUT/fpu_bench" -lpthread -lm

# ---------------------------------------------------------------- run
echo "burnkit fpu benchmark, $arch, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //')"
if [ ${#loop_shift[@]} -gt 0 ]; then
	echo "burnkit's loop heads: $LOOP_SHIFT bytes past a 64-byte boundary (LOOP_SHIFT)"
fi
# The sampling settings the environment gives; fpu_bench holds the defaults.
exec "$OUT/fpu_bench" ${REPEATS:+--repeats "$REPEATS"} ${MIN_MS:+--min-ms "$MIN_MS"} \
	${MAX_MS:+--max-ms "$MAX_MS"} ${ROUNDS:+--rounds "$ROUNDS"} \
	${MAX_ROUNDS:+--max-rounds "$MAX_ROUNDS"} ${SPREAD_LIMIT:+--spread-limit "$SPREAD_LIMIT"} "$@"
