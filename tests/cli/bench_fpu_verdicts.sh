#!/bin/sh
# The fpu bench's verdicts (TAP): a goal whose ratio's rounds spread by more
# than the limit reads "unstable", never met or missed (a ratio whose rounds
# disagree is not a result); with one round there is no spread and every
# goal is met or missed; a limit that is not a number is refused. Tiny
# cells (L1 only, SSE2, 5 samples): the verdicts, not the figures.
#   tests/cli/bench_fpu_verdicts.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"

if [ -n "$emu" ] || [ "$(uname -m)" != x86_64 ]; then
	skip "fpu bench verdicts" "the bench measures the x86-64 kernels on the host; this run is not on x86-64"
	finish
	exit
fi

# bench [VAR=VALUE]...: tiny cells, with fpu.sh's options in $opts.
opts=""
bench() {
	# shellcheck disable=SC2086 # the options, one word each
	env REPEATS=5 MAX_MS=20 "$@" scripts/bench/fpu.sh --isa sse2 --size L1 $opts
}

# goal_lines FILE: the goal lines; goals FILE: their verdicts, one a line.
goal_lines() {
	awk '/^goals for sse2/ { on = 1; next } on && /^  [a-z]/' "$1"
}
goals() {
	goal_lines "$1" | awk '{ print $1 }'
}

bench ROUNDS=2 MAX_ROUNDS=2 SPREAD_LIMIT=0 >"$tmp/spread0.out" 2>&1
rc=$?
ok "SPREAD_LIMIT=0, 2 rounds: the bench runs" \
	sh -c "[ $rc -eq 0 ] || { tail -20 '$tmp/spread0.out'; exit 1; }"
# every_unstable: the limit took (goals read unstable), and a goal reads
# unstable exactly when its rounds' range is tagged so: the verdict and the
# range come from the same judgement.
every_unstable() {
	goals "$tmp/spread0.out" > "$tmp/v0"
	grep -q '^unstable$' "$tmp/v0" || { echo "no goal reads unstable"; cat "$tmp/spread0.out"; return 1; }
	goal_lines "$tmp/spread0.out" | awk '{ tagged = /, unstable\]$/
		if (($1 == "unstable") != tagged) { print "verdict and range disagree: " $0; bad = 1 } }
		END { exit bad }'
}
ok "a goal whose rounds spread past the limit reads unstable, not met or missed" every_unstable
ok "its range is given" sh -c "grep '^  unstable ' '$tmp/spread0.out' | grep -qv 'rounds [0-9.]*-[0-9.]*, unstable\]' && exit 1; exit 0"

bench ROUNDS=1 MAX_ROUNDS=1 >"$tmp/one.out" 2>&1
rc=$?
ok "one round: the bench runs" sh -c "[ $rc -eq 0 ] || { tail -20 '$tmp/one.out'; exit 1; }"
one_round_verdicts() {
	goals "$tmp/one.out" > "$tmp/v1"
	[ -s "$tmp/v1" ] && ! grep -qv '^\(met\|missed\)$' "$tmp/v1" ||
		{ cat "$tmp/one.out"; return 1; }
}
ok "one round: every goal met or missed" one_round_verdicts

# --aa: gcc's build runs in burnkit's place (its header says so), the bench
# goes through; short samples follow an untimed run of the same work.
opts=--aa
bench ROUNDS=1 MAX_ROUNDS=1 >"$tmp/aa.out" 2>&1
rc=$?
opts=""
ok "--aa: the bench runs" sh -c "[ $rc -eq 0 ] || { tail -20 '$tmp/aa.out'; exit 1; }"
ok "--aa: burnkit's kernels replaced by gcc's" contains "$tmp/aa.out" \
	"sse2: burnkit kernels replaced by gcc's (--aa: A/A, the competitor against itself)"
ok "without --aa, burnkit's own kernels" contains "$tmp/one.out" "sse2: burnkit kernels 2 ops sse2"
ok "short samples follow an untimed run" contains "$tmp/one.out" \
	"and, below 10 ms, after an untimed run of the same work"

refused() {
	bench SPREAD_LIMIT=wide >"$tmp/wide.out" 2>&1 && { echo "SPREAD_LIMIT=wide ran"; return 1; }
	contains "$tmp/wide.out" "spread-limit"
}
ok "a spread limit that is not a number is refused" refused
finish
