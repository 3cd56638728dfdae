#!/bin/sh
# vm-test.sh ARCH...: boot the test VM of each ARCH and run the VM tests in
# it (tests/vm/run.sh, TAP), with the runner built for the guest so that
# `burnkit kmod` is tested too. Prints each guest's TAP, then the totals;
# exits 1 when a test failed or a guest did not finish.
top=$(cd "$(dirname "$0")/../.." && pwd)
passed=0
failed=0
for arch in "$@"; do
	echo "# guest $arch"
	out=$top/build/vm/$arch.tap
	mkdir -p "$top/build/vm"
	"$top/scripts/vm.sh" "$arch" --runner -- run.sh > "$out"
	rc=$?
	cat "$out"
	p=$(grep -c '^ok ' "$out")
	f=$(grep -c '^not ok ' "$out")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $arch: the guest run ended with status $rc"
		f=1
	fi
	if ! grep -q '^1\.\.[0-9]' "$out"; then
		echo "not ok - $arch: no TAP plan (the run did not finish)"
		f=$((f + 1))
	fi
	passed=$((passed + p))
	failed=$((failed + f))
done
echo "vm-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
