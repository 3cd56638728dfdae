#!/bin/sh
# Cooking in the test VM with the module loaded with inject=1 (TAP):
#   tests/cli/cook_vm.sh [ARCH]     (x86_64 by default; aarch64 too)
# The guest runs tests/vm/90-cook.sh (cook with injected throttling, report,
# watch); its files are then copied out of the guest's disk into
# build/cook-vm/ARCH/ and checked here: strict JSON lines, the chart with
# xmllint, the CSV, and burnkit report of the timeline cut short.
set -u
PATH=$PATH:/usr/sbin:/sbin
arch=${1:-x86_64}
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/cook-vm/$arch
check=$top/build/tests/tools/jsonl_check
n=0
failed=0

ok() {
	desc=$1
	shift
	n=$((n + 1))
	if "$@" > "$out/check.out" 2>&1; then
		echo "ok $n - $desc"
	else
		echo "not ok $n - $desc"
		sed 's/^/#   /' "$out/check.out" | head -20
		failed=$((failed + 1))
	fi
}

rm -rf "$out"
mkdir -p "$out"
make -s -C "$top" build/tests/tools/jsonl_check all >&2 || exit 1
"$top/scripts/vm.sh" "$arch" --runner --keep --kmod-args "inject=1" -- \
	sh -c '. /burnkit/tests/lib.sh; . /burnkit/tests/90-cook.sh; echo "1..$tap_n"' \
	> "$out/guest.tap" 2> "$out/vm.err"
rc=$?
run=$(sed -n 's/.*kept \(.*\)$/\1/p' "$out/vm.err" | tail -n 1)
echo "# guest $arch (vm.sh exit $rc)"
sed 's/^/# /' "$out/guest.tap"
guest_failed=$(grep -c '^not ok' "$out/guest.tap")
if [ -n "$run" ] && [ -f "$run/disk.img" ]; then
	debugfs -R "rdump /cook $out" "$run/disk.img" > /dev/null 2>&1
	rm -rf "$run"
fi
echo "TAP version 13"
ok "the guest's tests ran to the end and passed ($guest_failed failed)" \
	sh -c "[ $rc -eq 0 ] && [ $guest_failed -eq 0 ] && grep -q '^1\.\.[0-9]' '$out/guest.tap'"
ok "the timeline came out of the guest, strict JSON lines" "$check" "$out/cook/cook.jsonl" type tester t
ok "the chart is well-formed XML" xmllint --noout "$out/cook/cook.svg"
ok "the CSV has a header and rows" sh -c "head -n 1 '$out/cook/cook.csv' | grep -q '^t_s,.*throttled,events' && [ \$(wc -l < '$out/cook/cook.csv') -gt 50 ]"
ok "report here rebuilds the guest's summary from its timeline" sh -c "'$top/build/burnkit' report '$out/cook/cook.jsonl' --svg '$out/report.svg' --json '$out/report.jsonl' > '$out/report.out' && grep -q 'throttling (inject/0' '$out/report.out' && xmllint --noout '$out/report.svg'"
ok "report here of the timeline cut short in the guest" sh -c "'$top/build/burnkit' report '$out/cook/cut.jsonl' --svg '$out/cut.svg' > '$out/cut.out' && grep -q 'CUT SHORT' '$out/cut.out' && xmllint --noout '$out/cut.svg'"
echo "# chart: build/cook-vm/$arch/cook/cook.svg"
echo "1..$n"
[ "$failed" -eq 0 ]
