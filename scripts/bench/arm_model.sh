#!/bin/bash
# SPDX-License-Identifier: MIT
#
# arm_model.sh: the Arm FPU kernels without Arm hardware. Each cross runner
# (AArch64, ARMv7) inspects itself under qemu-user: `burnkit inspect` counts
# every kernel's loop body in its own disassembly (and checks the counts
# against the .S files). Those instruction mixes go through a model of
# Cortex-A53, A72 and A76 (scripts/bench/arm_model.h: FP pipes, load/store
# pipes, latencies, from the Arm optimisation guides and GCC's A53
# description), which prints the expected MFLOPS per GHz of one core beside
# the counts. What a board really reaches is for fpu.sh on the board.
#
# Usage: scripts/bench/arm_model.sh
# Needs the cross toolchains and qemu-user (scripts/deps.sh); builds the
# cross runners with make cross when they are missing or stale.
set -eu
cd "$(dirname "$0")/../.."

OUT=build/bench
mkdir -p "$OUT"
CC=${CC:-gcc}
$CC -std=c11 -Wall -Wextra -Werror -O2 -Iscripts/bench \
	scripts/bench/arm_model.c scripts/bench/arm_model_calc.c -o "$OUT/arm_model"

make --no-print-directory -s cross >/dev/null

for arch in aarch64 armv7; do
	case $arch in
	aarch64) qemu=qemu-aarch64-static ;;
	armv7) qemu=qemu-arm-static ;;
	esac
	runner=build/$arch/burnkit
	echo "== $arch: loop bodies counted by burnkit inspect under $qemu"
	if ! "$qemu" "$runner" inspect --json - >"$OUT/inspect_$arch.jsonl" 2>"$OUT/inspect_$arch.err"; then
		echo "arm_model.sh: $qemu $runner inspect failed:" >&2
		cat "$OUT/inspect_$arch.err" >&2
		exit 1
	fi
	# One line per kernel: arch, kernel, slot, isa, words, then the
	# counted classes in inspect's order.
	sed -n '/"type":"kernel"/{
		s/.*"kernel":"\([^"]*\)","slot":"\([^"]*\)","isa":"\([^"]*\)".*"words":\([0-9]*\).*"counted":{\([^}]*\)}.*/\1 \2 \3 \4 \5/
		s/"[a-z]*"://g
		s/,/ /g
		s/^/'"$arch"' /
		p
	}' "$OUT/inspect_$arch.jsonl" | "$OUT/arm_model"
	echo
done
