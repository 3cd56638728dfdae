#!/bin/sh
# What cannot run here is known up front (each tester's .supported hook),
# and said in one voice: `burnkit list` names the reason, the tester run
# anyway exits 3 with "skipped: <why>", and burnin skips it with the same
# reason. BURNKIT_SYSROOT points the probes at an empty tree: no sensors,
# no /proc/meminfo.  tests/cli/supported.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"

mkdir -p "$tmp/empty"
export BURNKIT_SYSROOT="$tmp/empty"
# No module either, wherever this runs.
export BURNKIT_KMOD_DIR="$tmp/empty/no-burnkit"

bk list >"$tmp/list" 2>&1
ok "list: temp is unsupported, with the reason" \
	grep -q '^temp .*\[unsupported here: nothing to record here: no thermal zones' "$tmp/list"
ok "list: paging is unsupported, with the reason" \
	grep -q '^paging .*\[unsupported here: cannot read MemAvailable' "$tmp/list"
ok "list: fpu has no precondition" sh -c "grep '^fpu ' $tmp/list | grep -vq unsupported"

ok "temp run anyway: exit 3" status 3 temp Passes 1, Seconds 0.1
ok "... in the skip voice, with the reason" contains "$tmp/stderr" 'skipped: nothing to record here'
ok "... not the failure voice" sh -c "! grep -q 'error' $tmp/stderr"
ok "paging run anyway: exit 3" status 3 paging --kbytes 64
ok "... skipped: the reason" contains "$tmp/stderr" 'skipped: cannot read MemAvailable'

ok "burnin --only temp: the tester is skipped" status 0 burnin --only temp --json "$tmp/b.jsonl"
ok "... the table gives the reason" sh -c "grep -q 'temp .*skipped .*nothing to record here' $tmp/stdout"
ok "... and the JSON record" sh -c "grep '\"type\":\"tester\"' $tmp/b.jsonl | grep -q '\"why\":\"nothing to record here'"

finish
