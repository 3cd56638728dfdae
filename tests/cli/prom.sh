#!/bin/sh
# --prom DIR (TAP): every tester and suite writes DIR/burnkit_<tester>.prom
# through the runner's common path: gauges named in Prometheus' base units,
# labelled tester, test, board, serial and status, with the pass/fail gauge
# and the end time; written under a temporary name and renamed; checked by
# promtool (skipped, saying why, where it is not installed). The burn-in
# passes --prom and its JSON lines file to every tester, so its one file
# holds every tester's records and burnkit compare reads them.
#   tests/cli/prom.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
case $runner in /*) ;; *) runner=$PWD/$runner ;; esac
cd "$tmp" || exit 1
mkdir prom burnin-prom

ok "fpu writes its textfile" status 0 fpu KWds 1 --seconds 0.2 --prom prom
ok "temp writes its textfile" status 0 temp --passes 1 --seconds 0.1 --prom prom
ok "drive writes its textfile" status 0 drive Repeats 1, Patterns 16, Minutes 0, Seconds 0.01, FilePath . --prom prom
ok "cook writes its textfile" status 0 cook --run fpu --minutes 0.02 --sample 0.2 --json cook.jsonl --prom prom
ok "burnin writes its own and passes --prom on" status 0 burnin --only temp --only int --json burnin.jsonl --prom burnin-prom
for t in fpu temp drive cook; do
	ok "burnkit_$t.prom is there" test -s "prom/burnkit_$t.prom"
done
for t in burnin temp int; do
	ok "burnin's directory has burnkit_$t.prom" test -s "burnin-prom/burnkit_$t.prom"
done
ok "no temporary file is left" sh -c '! ls -A prom burnin-prom | grep -q tmp'
labelled() {	# every sample has the five labels
	for f in prom/*.prom burnin-prom/*.prom; do
		if grep -v '^#' "$f" | grep -vq '{tester="[a-z]*",test="[^"]*",board="[^"]*",serial="[^"]*",status="[^"]*"} '; then
			echo "$f has a sample without the labels:"; grep -v '^#' "$f" | head -3
			return 1
		fi
	done
}
ok "every sample is labelled tester, test, board, serial, status" labelled
ok "MB/s in bytes per second" contains prom/burnkit_drive.prom '^burnkit_drive_write_bytes_per_second{tester="drive"'
ok "cook's span in seconds" contains prom/burnkit_cook.prom '^burnkit_cook_span_seconds{'
ok "int's MIPS under its name" contains burnin-prom/burnkit_int.prom '^burnkit_int_write_read_max_mips{'
ok "the pass/fail gauge" contains prom/burnkit_fpu.prom '^burnkit_fpu_passed{.*status="ok"} 1$'
ok "the time the run ended" contains prom/burnkit_fpu.prom '^burnkit_fpu_end_timestamp_seconds{.* 1[0-9.e+]*$'
no_units() {	# no non-base unit left in a name
	if grep -v '^#' prom/*.prom burnin-prom/*.prom | cut -d'{' -f1 | grep -E '_(mb|kb|ms|us|pct|c)(_|$)|_per_s$'; then
		return 1
	fi
}
ok "no non-base unit in a metric name" no_units
if command -v promtool >/dev/null 2>&1; then
	for f in prom/*.prom burnin-prom/*.prom; do
		ok "promtool check metrics: $f" sh -c "promtool check metrics <$f"
	done
else
	skip "promtool check metrics" "promtool is not installed (Debian package prometheus: scripts/deps.sh check installs it)"
fi
ok "a directory that is not there is an error (exit 3)" status 3 fpu KWds 1 --seconds 0.1 --prom missing/dir
ok "naming --prom" contains "$tmp/stderr" "--prom missing/dir: cannot write"

# The burn-in's one file holds its testers' records, and compare reads them.
ok "burnin.jsonl holds int's start and summary" sh -c "grep -q '\"type\":\"start\",\"tester\":\"int\"' burnin.jsonl && grep -q '\"type\":\"summary\",\"tester\":\"int\"' burnin.jsonl"
ok "compare reads a burn-in's file" status 0 compare burnin.jsonl burnin.jsonl
ok "into the int table" sh -c "grep -q '^ int$' '$tmp/stdout' && grep -q 'write_read maximum MIPS' '$tmp/stdout'"
ok "each tester's summary in its own part (nothing cut short)" sh -c "! grep -q 'cut short' '$tmp/stdout'"
finish
