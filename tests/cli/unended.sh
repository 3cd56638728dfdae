#!/bin/sh
# Runs that never ended are named (TAP): a run killed without warning (a
# frozen board, a power loss: here SIGKILL) leaves a text log and JSON lines
# without their ending; the next run in the same place, burnkit report and
# burnin say "the run of <date> has no end: last record at <time>, <tester>,
# <phase>", and the old JSON file is kept, not overwritten.
#   tests/cli/unended.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
cd "$tmp" || exit 1

$emu "$runner" temp passes 100, seconds 0.2, Log 7 --json t.jsonl >/dev/null 2>&1 &
pid=$!
i=0
samples() { c=$(grep -c '"type":"sample"' t.jsonl 2>/dev/null); echo "${c:-0}"; }
while [ "$(samples)" -lt 2 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
kill -KILL $pid
wait $pid 2>/dev/null
ok "a run killed with SIGKILL leaves no summary record" sh -c "! grep -q '\"type\":\"summary\"' t.jsonl"
ok "the next run in the same place: exit 0" status 0 temp passes 1, seconds 0.05, Log 7 --json t.jsonl
ok "... names the JSON file's run that has no end" sh -c "grep -q 'warning: the run of .* has no end: last record at [0-9:]*, temp, [a-z_]* (t.jsonl); kept as t.jsonl.noend' $tmp/stderr"
ok "... and the text log's" sh -c "grep -q 'warning: the run of .* has no end: last record at [0-9:]*, temp, .*(logTemp7.txt)' $tmp/stderr"
ok "... the old JSON lines are kept, not overwritten" sh -c "[ -s t.jsonl.noend ] && ! grep -q '\"type\":\"summary\"' t.jsonl.noend && grep -q '\"type\":\"summary\"' t.jsonl"
ok "a run that ended is not named the next time" sh -c "! { $emu $runner temp passes 1, seconds 0.05, Log 7 --json t.jsonl 2>&1 >/dev/null | grep -q 'has no end'; }"
ok "burnkit report of the unended file says so" sh -c "$emu $runner report t.jsonl.noend --svg $tmp/r.svg 2>&1 | grep -q 'the run of .* has no end: last record at [0-9:]*, temp, [a-z_]*'"
cp t.jsonl.noend b.jsonl
ok "burnin over an unended file of its own says so" sh -c "$emu $runner burnin --only timer --json b.jsonl 2>&1 >/dev/null | grep -q 'the run of .* has no end: last record at'"

finish
