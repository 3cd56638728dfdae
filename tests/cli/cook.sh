#!/bin/sh
# The recorder, cooking and its reports, end to end (TAP): burnkit temp,
# cook, report. Runs the host runner, or a cross-built one under qemu-user:
#   tests/cli/cook.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
fixtures=${BURNKIT_FIXTURES:-tests/unit/fixtures}
# No module here, whatever the machine has: the tests say what they expect.
BURNKIT_KMOD_DIR=$tmp/no-module
export BURNKIT_KMOD_DIR

count_is() {	# count_is WANT FILE PATTERN
	got=$(grep -c -- "$3" "$2")
	[ "$got" -eq "$1" ] || { echo "$got lines match \"$3\" in $2, want $1"; return 1; }
}

# ---- burnkit temp
ok "temp passes 2, seconds 0.1 runs" status 0 temp "passes 2, seconds 0.1" --json "$tmp/t.jsonl"
ok "seed layout: start line" contains "$tmp/stdout" 'Temperature Measurement - Start at'
ok "seed layout: Using N samples" contains "$tmp/stdout" 'Using 2 samples at 0.1 second intervals'
ok "Passes 2 gives 3 rows, the first at 0.0" sh -c "grep -c '^ *[0-9.]*  temp=' $tmp/stdout | grep -qx 3 && grep -q '^    0.0  temp=' $tmp/stdout"
ok "it says the module is not there" contains "$tmp/stdout" 'burnkit.ko \(is not loaded\|cannot be loaded\)'
ok "JSON lines strict, one sample record per row" sh -c "$check $tmp/t.jsonl type tester t && [ \$(grep -c '\"type\":\"sample\"' $tmp/t.jsonl) -eq 3 ]"
ok "the sensors record lists what was not read" sh -c "grep '\"type\":\"sensors\"' $tmp/t.jsonl | grep -q '\"kmod\":false'"
ok "summary counts the samples" sh -c "tail -n 1 $tmp/t.jsonl | grep -q '\"samples\":3'"
ok "Pi 4 tree: temp=61.3°C and four clocks" sh -c "BURNKIT_SYSROOT=$fixtures/pi4 $emu $runner temp passes 1, seconds 0.05 > $tmp/pi4.out && grep -q 'temp=61.3°C *MHz 1800 1800 1800 1800' $tmp/pi4.out && grep -q 'Temperature Minimum = 61.3°C  Maximum = 61.3°C' $tmp/pi4.out"
ok "x86 tree: other sensors beside temp=" sh -c "BURNKIT_SYSROOT=$fixtures/x86 $emu $runner temp passes 1, seconds 0.05 | grep -q 'temp=45.0°C.*acpitz=27.8°C.*coretemp Package id 0=52.0°C'"
ok "an empty tree still records the clock or says why not" sh -c "BURNKIT_SYSROOT=$tmp/empty $emu $runner temp passes 1, seconds 0.05 > $tmp/e.out 2>&1; rc=\$?; grep -q 'no thermal zones' $tmp/e.out && { [ \$rc -eq 0 ] || [ \$rc -eq 3 ]; }"
ok "Log 5 appends the seed layout to logTemp5.txt" sh -c "cd $tmp && $emu $runner temp passes 1, seconds 0.05, Log 5 >/dev/null && $emu $runner temp passes 1, seconds 0.05, Log 5, NoConfig >/dev/null && [ \$(grep -c 'Temperature Measurement - End at' logTemp5.txt) -eq 2 ]"
ok "Seconds 0 is out of range" status 2 temp "Passes 3, Seconds 0"
ok "Passes -1 is out of range" status 2 temp --passes -1
ok "temp --via netlink without the module exits 3 and names --via" sh -c "$emu $runner temp passes 1, seconds 0.05 --via netlink > $tmp/v.out 2>&1; [ \$? -eq 3 ] && grep -q 'error: --via netlink: burnkit.ko' $tmp/v.out"
ok "cook --via netlink without the module exits 3 before any copy runs" sh -c "$emu $runner cook --run 'int KBytes 8, Seconds 0.1' --minutes 0.01 --via netlink --json $tmp/v.jsonl > $tmp/v.out 2>&1; [ \$? -eq 3 ] && grep -q 'error: --via netlink: burnkit.ko' $tmp/v.out && ! grep -q '\"type\":\"pass\"' $tmp/v.jsonl"
ok "--via takes auto, netlink or poll" status 2 temp --via sometimes
ok "cook --via with --sample 0 (no recorder) is a usage error naming both" sh -c "$emu $runner cook --run 'int KBytes 8, Seconds 0.1' --minutes 0.01 --sample 0 --via poll --json $tmp/v0.jsonl > $tmp/v0.out 2>&1; [ \$? -eq 2 ] && grep -q 'error: --via: --sample 0 turns the recorder off' $tmp/v0.out"

# ---- burnkit report on recorded timelines
ok "report of a cooking run with injected throttling" status 0 report "$fixtures/timelines/cook-inject.jsonl" --svg "$tmp/r.svg" --csv "$tmp/r.csv" --json "$tmp/r.jsonl"
ok "it names the throttling drop" contains "$tmp/stdout" 'throttling (inject/0 slowed down 6.1-8.3 s)'
ok "and the interference drop" contains "$tmp/stdout" 'below usual: interference'
ok "the chart is well-formed XML" xmllint --noout "$tmp/r.svg"
ok "the chart holds every series" sh -c "[ \$(grep -c '<g class=\"series\">' $tmp/r.svg) -eq 5 ]"
ok "the summary record carries the figures" sh -c "$check $tmp/r.jsonl && tail -n 1 $tmp/r.jsonl | grep -q '\"drops_throttling\":1' && tail -n 1 $tmp/r.jsonl | grep -q '\"first_throttle_s\":6.0'"
ok "the CSV has a header and a row per moment" sh -c "head -n 1 $tmp/r.csv | grep -q '^t_s,' && [ \$(wc -l < $tmp/r.csv) -gt 40 ]"
ok "report of a timeline cut short" status 0 report "$fixtures/timelines/cook-truncated.jsonl" --svg "$tmp/cut.svg"
ok "it says it was cut short" contains "$tmp/stdout" 'CUT SHORT'
ok "its chart is well-formed too" xmllint --noout "$tmp/cut.svg"
ok "report without a file: exit 2" status 2 report
ok "report of a missing file: exit 3" status 3 report "$tmp/nosuch.jsonl"

# ---- burnkit cook
ok "cook without --run: exit 2" status 2 cook --minutes 0.01 --json "$tmp/u.jsonl"
ok "cook of an unknown tester: exit 2, one line" sh -c "$emu $runner cook --run nosuch --json $tmp/u.jsonl >/dev/null 2>$tmp/err; [ \$? -eq 2 ] && [ \$(wc -l < $tmp/err) -eq 1 ]"
ok "cook refuses a tool as a copy" status 2 cook --run "temp Passes 1" --json "$tmp/u.jsonl"
ok "cook refuses a bad parameter of a copy" status 2 cook --run "fpu Section 9" --json "$tmp/u.jsonl"
ok "cook needs a timeline file" status 2 cook --run fpu --json -
ok "cook: two copies, recorder at 0.1 s" status 0 cook --run "fpu KWords 1" --run "int KBytes 8" --copies 2 --minutes 0.06 --sample 0.1 --json "$tmp/c.jsonl" --csv "$tmp/c.csv"
ok "the timeline is strict JSON lines" "$check" "$tmp/c.jsonl" type tester t
ok "both copies started, each on its own CPU or told why not" sh -c "[ \$(grep -c '\"type\":\"copy\".*\"event\":\"start\"' $tmp/c.jsonl) -ge 2 ]"
ok "passes of both copies are in it" sh -c "grep '\"type\":\"perf\"' $tmp/c.jsonl | grep -q '\"test\":\"fpu\"' && grep '\"type\":\"perf\"' $tmp/c.jsonl | grep -q '\"test\":\"int\"'"
ok "samples every 0.1 s" sh -c "[ \$(grep -c '\"type\":\"sample\"' $tmp/c.jsonl) -ge 20 ]"
ok "the summary gives the recorder's cost and the chart" sh -c "tail -n 1 $tmp/c.jsonl | grep -q '\"recorder_cpu_pct\":' && tail -n 1 $tmp/c.jsonl | grep -q '\"svg\":\"$tmp/c.svg\"'"
ok "the chart is well-formed" xmllint --noout "$tmp/c.svg"
ok "the chart draws both copies" sh -c "grep -q '<title>copy 0 fpu' $tmp/c.svg && grep -q '<title>copy 1 int' $tmp/c.svg"
ok "the console ends with the summary" contains "$tmp/stdout" 'Performance lost'
# No module: the effective clock is measured in user space, and says so.
ok "samples carry the measured effective clock, every value above 0" sh -c "grep '\"type\":\"sample\"' $tmp/c.jsonl | grep '\"eff_mhz_source\":\"measured\"' | head -n 1 | grep -o '\"eff_mhz\":{[^}]*}' | grep -o ':[0-9][0-9.e+-]*' | tr -d : > $tmp/eff && [ -s $tmp/eff ] && awk '\$1 <= 0 { exit 1 }' $tmp/eff"
ok "the sensors record names both clock sources" sh -c "grep '\"type\":\"sensors\"' $tmp/c.jsonl | grep -q '\"eff_mhz_source\":\"measured\"' && grep '\"type\":\"sensors\"' $tmp/c.jsonl | grep -Eq '\"mhz_source\":(\"cpufreq\"|\"nominal\"|null)'"
ok "the chart labels the effective clock measured" sh -c "grep -q 'effective (measured)' $tmp/c.svg && grep -q 'CPU clock (.*effective: measured)' $tmp/c.svg"
ok "the console says how the clock was had" contains "$tmp/stdout" 'effective clock measured'
ok "report rebuilds the same summary from the file" sh -c "$emu $runner report $tmp/c.jsonl --svg $tmp/c2.svg --json $tmp/r2.jsonl >/dev/null && tail -n 1 $tmp/r2.jsonl | sed 's/.*\"span_s\"//;s/,\"svg\".*//' > $tmp/a && tail -n 1 $tmp/c.jsonl | sed 's/.*\"span_s\"//;s/,\"copies\".*//' > $tmp/b && cmp $tmp/a $tmp/b"
head -c "$(($(wc -c < "$tmp/c.jsonl") * 2 / 3))" "$tmp/c.jsonl" > "$tmp/cut.jsonl"
ok "report of that timeline cut at two thirds" status 0 report "$tmp/cut.jsonl"
ok "says so and still draws it" sh -c "grep -q 'CUT SHORT' $tmp/stdout && xmllint --noout $tmp/cut.svg"

# ---- burnkit script
ok "the seed's fpu.sh reads as seven commands, the recorder beside them" sh -c "$emu $runner script tests/cli/scripts/seed-fpu.sh --check > $tmp/s.out && grep -q '7 commands, all checked' $tmp/s.out && grep -q 'line 1   & burnkit temp Passes 70, Seconds 60  (RPiTemperature)' $tmp/s.out && grep -q 'line 7     burnkit fpu KWords 1000, Section 1, Minutes 10, log 29  (burninfpu)' $tmp/s.out"
ok "the seed's 4fpu.sh: all five side by side" sh -c "$emu $runner script tests/cli/scripts/seed-4fpu.sh --check > $tmp/s.out && [ \$(grep -c '^ line [0-9]*   & ' $tmp/s.out) -eq 5 ]"
ok "a bad line stops the script before anything runs, naming it" sh -c "printf 'temp Passes 1, Seconds 0.05\\n./burninfpu Section 4\\n' > $tmp/bad.sh; $emu $runner script $tmp/bad.sh > $tmp/s.out 2>&1; [ \$? -eq 2 ] && grep -q 'line 2: burnkit fpu' $tmp/s.out && ! grep -q 'Temperature Measurement' $tmp/s.out"
ok "a missing script: exit 2" status 2 script "$tmp/nosuch.sh"
ok "neither a file nor --example: exit 2" status 2 script
printf '%s\n' "temp Passes 3, Seconds 0.3 &" "sleep 0.2" "temp Passes 1, Seconds 0.05" "burnkit temp --passes 1 --seconds 0.05" > "$tmp/run.sh"
ok "a script runs: one line beside two in turn" status 0 script "$tmp/run.sh" --json "$tmp/s.jsonl"
ok "the line beside the others ends last" sh -c "$check $tmp/s.jsonl && grep '\"type\":\"line\"' $tmp/s.jsonl | tail -n 1 | grep -q '\"line\":1,.*\"concurrent\":true'"
ok "each line's time is its own" sh -c "grep '\"line\":3,' $tmp/s.jsonl | grep -q '\"seconds\":0\\.[0-4]'"
ok "the summary table lists the three" sh -c "[ \$(grep -c '^ line [0-9]* *temp *passed' $tmp/stdout) -eq 3 ]"
printf '%s\n' "temp Passes 1, Seconds 0.05" "cook --run nosuch --json $tmp/u.jsonl" > "$tmp/fail.sh"
ok "a line that fails the check: nothing runs" status 2 script "$tmp/fail.sh"

# ---- burnkit watch (without the module; tests/vm runs it with the module)
ok "watch without the module: exit 3, says why in the one voice" sh -c "$emu $runner watch --seconds 0.1 > $tmp/w.out 2>&1; [ \$? -eq 3 ] && $emu $runner kmod 2>&1 | grep -q 'not available: .' && grep -qF \"\$($emu $runner kmod 2>&1 | sed -n 's/^ burnkit.ko: not available: //p')\" $tmp/w.out"
ok "watch: a bad --via is a usage error" status 2 watch --via carrier-pigeon

ok "100 copies of a 0.3 s run: none fails on a --seconds the user never gave" sh -c \
	"cd $tmp && $emu $runner cook --run fpu --copies 100 --minutes 0.005 --sample 0 --json $tmp/c100.jsonl > $tmp/c100.out 2>&1 && ! grep -q '\"type\":\"error\"' $tmp/c100.jsonl"
finish
