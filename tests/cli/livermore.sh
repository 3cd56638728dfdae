#!/bin/sh
# burnkit livermore (Longbottom's liverloops) end to end (TAP): parameters
# in both styles and bad input, a run in the seed's text layout (LLloopsN.txt),
# its JSON lines, a build with a wrong coefficient reported with loop, part
# and pass, and the seed's script line. Runs the host runner, or a cross-built
# one under qemu-user (one part instead of three where that is enough):
#   tests/cli/livermore.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
case $check in /*) ;; *) check=$PWD/$check ;; esac
case $runner in /*) ;; *) runner=$PWD/$runner ;; esac
wrong=$(dirname "$runner")/tests/livermore/burnkit-wrong
secs=0.01
[ -n "$emu" ] && secs=0.002

resolved() {
	(cd "$tmp" && $emu "$runner" livermore "$@" --dry-run --json -) | sed 's/"t":[0-9.e+-]*,//'
}
same_params() {	# same_params "LEGACY" LONG...
	legacy=$1
	shift
	a=$(resolved "$legacy") || return 1
	b=$(resolved "$@") || return 1
	[ -n "$a" ] && [ "$a" = "$b" ] || { echo "legacy: $a"; echo "long:   $b"; return 1; }
}

# The seed's layout, in order: title, reliability line, the parts' start
# lines, the verdict, 24 MFLOPS on two lines of 12, the ratings header and
# five figures; no console progress lines in the file.
layout() {	# layout FILE PARTS
	awk -v parts="$2" '
		/Livermore Loops Benchmark Opt [0-9s] (32|64) Bit via C/ { s = (s == 0) ? 1 : s }
		s == 1 && $0 ~ "^ Reliability test +[0-9.]+ seconds each loop x 24 x " parts "$" { s = 2; p = 0 }
		s == 2 && $0 ~ "^ Part [0-9] of " parts " start at " { p++; if (p == parts) s = 3 }
		s == 3 && /^ Numeric results were as expected$/ { s = 4 }
		s == 4 && /^ MFLOPS for 24 loops$/ { s = 5; rows = 0; next }
		s == 5 && NF == 12 { rows++; if (rows == 2) s = 6; next }
		s == 6 && /^ Overall Ratings/ { s = 7 }
		s == 7 && /^ Maximum Average Geomean Harmean Minimum$/ { s = 8; next }
		s == 8 && NF == 5 && $1 >= $2 && $2 >= $3 && $3 >= $4 && $4 >= $5 && $5 > 0 { s = 9 }
		/^   Part [0-9] loop/ { progress++ }
		END { if (s != 9 || progress) { print "layout stopped at step " s ", " progress+0 " progress lines"; exit 1 } }
	' "$1" || { cat "$1"; return 1; }
}

ok "--help names Seconds, Parts and the log file" sh -c \
	"$emu $runner livermore --help > $tmp/h && grep -q Seconds $tmp/h && grep -q Parts $tmp/h && grep -q 'LLloopsN.txt' $tmp/h"
ok "legacy and long options resolve the same" \
	same_params "Seconds 10, Parts 2, Log 5" --seconds 10 --parts 2 --log 5
ok "defaults: Seconds 1, Parts 3" sh -c \
	"$emu $runner livermore --dry-run --json - | grep -q '\"seconds\":1,\"parts\":3,'"
ok "Seconds takes decimals" sh -c "$emu $runner livermore Seconds 0.25 --dry-run | grep -q 0.25"
ok "Parts 4 is a usage error" status 2 livermore Parts 4
ok "the message states the range" contains "$tmp/stderr" "from 1 to 3"
ok "Seconds 0 is a usage error" status 2 livermore Seconds 0
ok "Seconds ten is a usage error naming it" status 2 livermore Seconds ten
ok "the message names Seconds" contains "$tmp/stderr" "Seconds"
ok "an unknown word is a usage error" status 2 livermore Kwords 10
ok "an unknown --isa is a usage error" status 2 livermore --isa nosuch

# The run: three parts, text log 7 in $tmp, JSON lines.
run3() { (cd "$tmp" && $emu "$runner" livermore Seconds $secs, Parts 3, Log 7 --json "$tmp/r.jsonl" \
	>"$tmp/stdout" 2>"$tmp/stderr"); }
ok "Seconds $secs, Parts 3: exit 0" run3
ok "console: results as expected" contains "$tmp/stdout" "^ Numeric results were as expected$"
ok "console: progress line for every loop of every part" sh -c \
	"[ \$(grep -c '^   Part [123] loop [ 12][0-9] .* MFLOPS ok\$' $tmp/stdout) -eq 72 ]"
ok "LLloops7.txt: the seed's layout" layout "$tmp/LLloops7.txt" 3
ok "LLloops7.txt: all three parts' MFLOPS tables" sh -c \
	"grep -q 'Part 2 (medium vectors)' $tmp/LLloops7.txt && grep -q 'Part 3 (short vectors)' $tmp/LLloops7.txt"
ok "JSON lines strict" $check "$tmp/r.jsonl" type tester
ok "JSON: a loop record per loop per part, each ok" sh -c \
	"[ \$(grep -c '\"type\":\"loop\".*\"errors\":0,\"ok\":true' $tmp/r.jsonl) -eq 72 ]"
ok "JSON: loop records carry MFLOPS, checksum and reference" sh -c \
	"grep '\"type\":\"loop\"' $tmp/r.jsonl | grep -q '\"part\":3,\"loop\":24,.*\"mflops\":[0-9].*\"checksum\":13,\"reference\":13,'"
ok "JSON: the summary has the five ratings and no wrong passes" sh -c \
	"grep '\"type\":\"summary\"' $tmp/r.jsonl | grep -q '\"wrong_passes\":0,.*\"maximum\":[0-9.e+]*,\"average\":[0-9.e+]*,\"geomean\":[0-9.e+]*,\"harmean\":[0-9.e+]*,\"minimum\":[0-9.e+]*,'"
ok "--isa ref runs the same C kernels" status 0 livermore --seconds $secs --parts 1 --isa ref
ok "--isa ref: says so" contains "$tmp/stdout" "no asm kernels"
ok "--double is the default precision" status 0 livermore --seconds $secs --parts 1 --double

# A build whose kernel 7 has a coefficient off by one part in 10^9.
wrong_status() { saved=$runner; runner=$wrong; status "$@"; rc=$?; runner=$saved; return $rc; }
if [ -x "$wrong" ]; then
	ok "wrong coefficient: exit 1" wrong_status 1 livermore Seconds $secs, Parts 1 --json "$tmp/w.jsonl"
	ok "wrong coefficient: loop, part, pass, found and expected" contains "$tmp/stdout" \
		"^ ERROR loop 7 (equation of state) part 1 pass 1: checksum 6.37320904[0-9]*e+04, expected 6.3732090446539602e+04 (reference table)"
	ok "wrong coefficient: no other loop is reported" sh -c \
		"! grep '^ ERROR loop' $tmp/stdout | grep -qv '^ ERROR loop 7 '"
	ok "wrong coefficient: not 'as expected'" sh -c "! grep -q 'Numeric results were as expected' $tmp/stdout"
	ok "wrong coefficient: the stderr line says so" contains "$tmp/stderr" "wrong checksums"
	ok "wrong coefficient: JSON error record" sh -c \
		"grep -q '\"type\":\"error\".*\"loop\":7,\"part\":1,\"pass\":1,' $tmp/w.jsonl && grep -q '\"wrong_loops\":1,' $tmp/w.jsonl"
else
	skip "wrong coefficient reported" "no $wrong (make lfk-wrong builds it)"
fi

# The seed's loopsogl.sh line for the Livermore Loops, checked and run.
printf 'lxterminal -e ./liverloopsPiA6 Seconds 10\n' > "$tmp/seed.sh"
ok "script: the seed's ./liverloopsPiA6 Seconds 10 is burnkit livermore" sh -c \
	"$emu $runner script $tmp/seed.sh --check > $tmp/s.out && grep -q 'burnkit livermore Seconds 10  (liverloopsPiA6)' $tmp/s.out"
printf './liverloopsPiA6 Seconds %s, Parts 1\n' "$secs" > "$tmp/run.sh"
ok "script: the line runs livermore" sh -c \
	"$emu $runner script $tmp/run.sh > $tmp/s.out 2>&1 && grep -q 'Numeric results were as expected' $tmp/s.out"
ok "burn-in: livermore's quick parameters pass" sh -c \
	"cd $tmp && $emu $runner burnin --only livermore > $tmp/b.out 2>&1 && grep -q 'livermore .*passed' $tmp/b.out"
finish
