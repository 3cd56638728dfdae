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
# Usage: scripts/bench/arm_model.sh [aarch64|armv7]...  (default: both)
# On an Arm host its own architecture runs natively; every other one needs
# its cross compiler and qemu-user (scripts/deps.sh check installs both) and
# is skipped, saying why, without them.
set -eu
cd "$(dirname "$0")/../.."
. scripts/bench/records.sh

arches=("$@")
[ ${#arches[@]} -gt 0 ] || arches=(aarch64 armv7)
for arch in "${arches[@]}"; do
	case $arch in
	aarch64|armv7) ;;
	*) echo "arm_model.sh: unknown architecture '$arch' (aarch64 or armv7)" >&2; exit 2 ;;
	esac
done

OUT=build/bench
mkdir -p "$OUT"
CC=${CC:-gcc}
$CC -std=c11 -Wall -Wextra -Werror -O2 -Iscripts/bench \
	scripts/bench/arm_model.c scripts/bench/arm_model_calc.c -o "$OUT/arm_model"

case "$($CC -dumpmachine)" in
aarch64-*) host=aarch64 ;;
arm*) host=armv7 ;;
*) host=other ;;
esac

for arch in "${arches[@]}"; do
	case $arch in
	aarch64) qemu=qemu-aarch64-static cross=aarch64-linux-gnu- ;;
	armv7) qemu=qemu-arm-static cross=arm-linux-gnueabihf- ;;
	esac
	if [ "$arch" = "$host" ]; then
		make --no-print-directory -s all >/dev/null
		runner=build/burnkit
		run=()
		how="natively"
	else
		missing=
		command -v "${cross}gcc" >/dev/null || missing="${cross}gcc"
		command -v "$qemu" >/dev/null || missing="$missing $qemu"
		if [ -n "$missing" ]; then
			echo "== $arch: skipped: no$missing (scripts/deps.sh check installs it)"
			echo
			continue
		fi
		make --no-print-directory -s ARCH=$arch BUILD=build/$arch all >/dev/null
		runner=build/$arch/burnkit
		run=("$qemu")
		how="under $qemu"
	fi
	echo "== $arch: loop bodies counted by burnkit inspect $how"
	if ! "${run[@]}" "$runner" inspect --json - >"$OUT/inspect_$arch.jsonl" 2>"$OUT/inspect_$arch.err"; then
		echo "arm_model.sh: $runner inspect ($how) failed:" >&2
		cat "$OUT/inspect_$arch.err" >&2
		exit 1
	fi
	# One line per loop body: arch, kernel (with ".LOOP" for a loop of its
	# own that the kernel names), slot, isa, words, then the counted classes
	# in inspect's order. Each field is found by its name, wherever the
	# record puts it.
	awk -v arch="$arch" "$AWK_JSON_NUM$AWK_JSON_STR"'
	/"type":"kernel"/ {
		if (!match($0, /"counted":[{][^}]*[}]/)) {
			print "arm_model.sh: a kernel record without its counts: " $0 > "/dev/stderr"
			exit 1
		}
		counted = substr($0, RSTART + 11, RLENGTH - 12)
		gsub(/"[a-z]*":/, "", counted)
		gsub(/,/, " ", counted)
		loop = json_str("loop")
		print arch, json_str("kernel") (loop == "" ? "" : "." loop), json_str("slot"),
			json_str("isa"), json_num("words"), counted
	}' "$OUT/inspect_$arch.jsonl" | "$OUT/arm_model"
	echo
done
