#!/bin/sh
# The fpu bench's LOOP_SHIFT (TAP): a place other than 0 or 32 is refused by
# name before anything is built; built with BK_LOOP_SHIFT, every loop head of
# every x86-64 kernel (each LOOP_BEGIN's bk_loop_ symbol) sits that many
# bytes past a 64-byte boundary, and built without it on a 32-byte boundary,
# as the bench and the runner build them. Only the assembler runs: the
# placements, not the speeds.
#   tests/cli/bench_fpu_loops.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"

if [ -n "$emu" ] || [ "$(uname -m)" != x86_64 ]; then
	skip "fpu bench loop placement" "LOOP_SHIFT places the x86-64 kernels' loops; this run is not on x86-64"
	finish
	exit
fi

refused() {
	LOOP_SHIFT=16 scripts/bench/fpu.sh >"$tmp/refused.out" 2>&1 && { echo "LOOP_SHIFT=16 ran"; return 1; }
	contains "$tmp/refused.out" "LOOP_SHIFT=16: give 0 or 32"
}
ok "LOOP_SHIFT=16 is refused by name" refused

# placed DEFINE... : assembles every x86-64 kernel file with the defines and
# prints each loop head as "file symbol offset-in-its-64-byte-line".
placed() {
	for s in asm/x86_64/*.S; do
		gcc -D_GNU_SOURCE -Iinclude -Iuser/lib -Iasm "$@" -c "$s" -o "$tmp/k.o" || return 1
		nm "$tmp/k.o" | awk -v f="${s##*/}" '$3 ~ /^bk_loop_/ && $3 !~ /^bk_loop_end_/ {
			v = 0
			for (i = 1; i <= length($1); i++)
				v = (v * 16 + index("0123456789abcdef", substr($1, i, 1)) - 1) % 64
			print f, $3, v
		}'
	done
}

# heads_at WANT STEP DEFINE...: at least one loop head, every one at WANT
# modulo STEP bytes.
heads_at() {
	want=$1 step=$2
	shift 2
	placed "$@" >"$tmp/heads" || return 1
	[ -s "$tmp/heads" ] || { echo "no bk_loop_ symbols found"; return 1; }
	awk -v w="$want" -v s="$step" '$3 % s != w { print "at " $3 ": " $1 " " $2; bad = 1 }
		END { exit bad }' "$tmp/heads"
}

ok "built as usual, every loop head is on a 32-byte boundary" heads_at 0 32
ok "with BK_LOOP_SHIFT=0, every one on a 64-byte boundary" heads_at 0 64 -DBK_LOOP_SHIFT=0
ok "with BK_LOOP_SHIFT=32, every one 32 bytes past it" heads_at 32 64 -DBK_LOOP_SHIFT=32
finish
