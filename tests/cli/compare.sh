#!/bin/sh
# burnkit compare end to end (TAP): golden tables and CSV from the fixture
# timelines of two boards (a Pi 3 and a Pi 4, from the seeds' published
# figures: tests/cli/fixtures/compare/README) and two host runs; every
# "not comparable" reason, each from a fixture changed in that one respect;
# a torn last line, an empty file, files of other programs, another schema;
# --baseline, --by board, --by param; and two live runs of this runner.
#   tests/cli/compare.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
case $runner in /*) ;; *) runner=$PWD/$runner ;; esac
fix=$PWD/tests/cli/fixtures/compare
cp "$fix"/*.jsonl "$tmp"/
cd "$tmp" || exit 1

# variant NAME SED-SCRIPT SOURCE: a fixture changed in one respect
variant() { sed "$2" "$3" >"$1"; }

# says TEXT ARGS...: compare ARGS exits 0 and prints TEXT; says_not: and does not
says() {
	says_text=$1
	shift
	status 0 compare "$@" && contains "$tmp/stdout" "$says_text"
}
says_not() {
	says_text=$1
	shift
	status 0 compare "$@" || return 1
	! grep -q -- "$says_text" "$tmp/stdout" ||
		{ echo "\"$says_text\" printed:"; cat "$tmp/stdout"; return 1; }
}

golden() {	# golden EXPECTED ACTUAL
	diff -u "$1" "$2" || { echo "differs from the golden $1"; return 1; }
}

four="pi3.jsonl pi4.jsonl host-avx512.jsonl host-sse2.jsonl"
ok "the four fixtures compare (exit 0)" status 0 compare $four --csv t.csv --svg t.svg
ok "the tables are the golden ones" golden "$fix/expected.txt" stdout
cp "$tmp/stdout" tables.txt
ok "the CSV is the golden one" golden "$fix/expected.csv" t.csv
svg_ok() {
	if command -v xmllint >/dev/null 2>&1; then xmllint --noout t.svg || return 1; fi
	contains t.svg '<polyline' && contains t.svg 'class="bar"' && contains t.svg '</svg>'
}
ok "the SVG is well-formed, with the cook timelines and the bars" svg_ok
ok "the Pi 4's column says it throttled" contains tables.txt \
	"column 2 (Raspberry Pi 4 Model B Rev 1.4): not comparable: throttled for 150.0 s during the run"

# Every reason, each from a fixture changed in that one respect.
variant newer.jsonl 's/"version":"0.1.0"/"version":"0.2.0"/' pi3.jsonl
ok "another burnkit version" says 'not comparable: burnkit version 0.2.0 vs 0.1.0' pi3.jsonl newer.jsonl
ok "another ISA (the seed's non-NEON build)" says 'not comparable: isa vfp vs neon' pi3.jsonl pi3-vfp.jsonl
variant cached.jsonl 's/"read_cached":false/"read_cached":true/' pi3.jsonl
ok "a result served from RAM" says 'not comparable: read served from RAM (cached)' pi3.jsonl cached.jsonl
ok "throttling during the run" says 'not comparable: throttled for 150.0 s' pi3.jsonl pi4.jsonl
variant fast.jsonl 's/"max_khz":1200000/"max_khz":1400000/g' pi3.jsonl
ok "another clock of the same board" says 'not comparable: clock 1400 vs 1200 MHz' pi3.jsonl fast.jsonl
ok "another board's clock is no reason" says_not 'not comparable: clock' pi3.jsonl pi4.jsonl
variant perf.jsonl 's/"governor":"ondemand"/"governor":"performance"/g' pi3.jsonl
ok "another governor" says 'not comparable: governor performance vs ondemand' pi3.jsonl perf.jsonl
ok "another file system" says 'not comparable: file system ext4 vs vfat' pi3.jsonl pi4.jsonl
variant short.jsonl 's/"minutes":5,/"minutes":3,/' pi3.jsonl
ok "another parameter" says 'not comparable: parameter minutes 3 vs 5' pi3.jsonl short.jsonl
ok "the same run twice is comparable" says_not 'not comparable' pi3.jsonl pi3.jsonl

# Ratios, columns per board and per parameter.
ok "--baseline gives ratios to column 1" says '^ 1T 32 ops 12.8 KB MFLOPS  *1715  *3690 x2.15$' --baseline pi3.jsonl pi4.jsonl
ok "--by board puts the runs of one board in one column" says '2 runs' pi3.jsonl pi3-vfp.jsonl pi4.jsonl --by board
by_param() {
	says 'minutes=3' pi3.jsonl short.jsonl --by param &&
		says_not 'not comparable: parameter' pi3.jsonl short.jsonl --by param
}
ok "--by param labels the columns by the parameter, which is then no reason" by_param

# A torn last line is read up to and said; what is not a timeline is refused.
head -c -25 pi3.jsonl >torn.jsonl
ok "a torn last line is tolerated (exit 0)" status 0 compare torn.jsonl
ok "and said" contains "$tmp/stdout" "the last line is torn"
: >empty.jsonl
ok "an empty file is refused (exit 2)" status 2 compare empty.jsonl
ok "saying it is empty" contains "$tmp/stderr" "empty.jsonl is empty"
echo '{"fio version":"fio-3.33","jobs":[{"jobname":"sd"}]}' >fio.json
ok "fio's JSON is refused (exit 2)" status 2 compare fio.json
ok "as not a burnkit timeline" contains "$tmp/stderr" "fio.json is not a burnkit timeline"
printf 'time,temp_c\n0,48.3\n' >stressberry.csv
ok "a CSV is refused (exit 2)" status 2 compare stressberry.csv
ok "a binary file is refused (exit 2)" status 2 compare "$runner"
variant schema2.jsonl 's#"burnkit/1"#"burnkit/2"#' pi3.jsonl
ok "another schema is refused (exit 2)" status 2 compare schema2.jsonl
ok "naming both schemas" contains "$tmp/stderr" "schema burnkit/2 and this burnkit reads burnkit/1"
ok "a refused file among good ones refuses the lot (exit 2)" status 2 compare pi3.jsonl fio.json
ok "no file is a usage error (exit 2)" status 2 compare
ok "a missing file cannot be read (exit 3)" status 3 compare missing.jsonl

# Two runs of this runner, one per ISA where there are two.
ok "a host run" status 0 fpu KWds 1 --seconds 0.2 --json host1.jsonl
ok "another host run" status 0 fpu KWds 1 --seconds 0.2 --json host2.jsonl
ok "the two host runs compare" status 0 compare host1.jsonl host2.jsonl
ok "into one fpu table" contains "$tmp/stdout" "single 1000 words 32 ops MFLOPS"
finish
