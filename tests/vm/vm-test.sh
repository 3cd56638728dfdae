#!/bin/sh
# vm-test.sh: the VM matrix's two steps, as make's vm-test runs them (one
# target a guest, so that make -j boots guests side by side; kmod/kmod.mk).
#   vm-test.sh --one GUEST:SERIES   boot one test VM (scripts/vm.sh GUEST,
#        the kernel SERIES; make's VM_MATRIX names both) with what vm.sh
#        --prepare built, and run the VM tests in it (tests/vm/run.sh, TAP),
#        with the runner of its architecture (make's runner-ARCH), so that
#        `burnkit kmod` is tested too (x86_64 with --cards: an SD card and a
#        USB stick for the identity test; guest aarch64-nopmu: a CPU without
#        a PMU, nopmu.sh).
#        Prints its TAP and its time and leaves its result in
#        build/vm/results/GUEST-SERIES; exits 0 when it ran, failed tests or
#        not (the totals judge).
#   vm-test.sh --totals GUEST:SERIES...   each guest's line and the sums,
#        the failed tests of each guest with their diagnostics, then the
#        start of the kernel's report of each guest that crashed
#        (the end of a long log is what a CI page shows); exits 1 when a
#        test failed or a guest left no result.
top=$(cd "$(dirname "$0")/../.." && pwd)
results=$top/build/vm/results

spec_guest() { echo "${1%%:*}"; }
spec_series() { echo "${1#*:}"; }

# run_guest SPEC: boot it, print its TAP with a verdict for a run that
# ended early, and leave "passed failed seconds" in $results.
run_guest() {
	guest=$(spec_guest "$1")
	series=$(spec_series "$1")
	echo "# guest $guest, kernel $series"
	mkdir -p "$results"
	out=$top/build/vm/$guest-$series.tap
	result=$results/$guest-$series
	rm -f "$result" "$result.crash"
	t0=$(date +%s)
	case $guest in
	aarch64-nopmu)
		VM_CPU=cortex-a72,pmu=off "$top/scripts/vm.sh" aarch64 --prebuilt \
			--kernel "$series" -- nopmu.sh > "$out" ;;
	*)
		case $guest in
		# A task gets the cycle counter on ARMv7 only with this parameter
		# (PMUSERENR.EN lets it program the PMU too); the tests of the
		# counter need it, 44-armv7-default.sh tests the module without.
		armv7) guest_opts="--kmod-args armv7_user_access=1" ;;
		# With the emulated SD card and USB stick of the identity test.
		x86_64) guest_opts=--cards ;;
		*) guest_opts= ;;
		esac
		# shellcheck disable=SC2086 # guest_opts and VM_RUN are lists of words
		"$top/scripts/vm.sh" "$guest" --prebuilt --kernel "$series" $guest_opts \
			-- run.sh $VM_RUN > "$out" ;;
	esac
	rc=$?
	t=$(($(date +%s) - t0))
	cat "$out"
	p=$(grep -c '^ok ' "$out")
	f=$(grep -c '^not ok ' "$out")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $guest $series: the guest run ended with status $rc"
		f=1
	fi
	if ! grep -q '^1\.\.[0-9]' "$out"; then
		echo "not ok - $guest $series: no TAP plan (the run did not finish)"
		f=$((f + 1))
		awk -f "$top/scripts/vm/kernel-report.awk" "$out" > "$result.crash"
	fi
	echo "# guest $guest, kernel $series: $p passed, $f failed in $t s"
	echo "$p $f $t" > "$result"
}

# failed_tests TAP: each failed test's line and the diagnostics after it
# (up to 12 lines each), so that the end of the log a CI page shows names
# what failed, not only how many.
failed_tests() {
	awk '/^not ok / { n = 12; print "#   " $0; next }
		/^#/ && n > 0 { n--; print "#   " $0; next }
		{ n = 0 }' "$1"
}

# totals SPEC...: each guest's line and the sums; fails as the matrix does.
totals() {
	passed=0
	failed=0
	summary=""
	for spec in "$@"; do
		guest=$(spec_guest "$spec")
		series=$(spec_series "$spec")
		if [ -r "$results/$guest-$series" ] && read -r p f t < "$results/$guest-$series"; then
			summary="$summary
#   $guest $series: $p passed, $f failed, $t s"
		else
			echo "not ok - $guest $series: no result (the guest did not run)"
			summary="$summary
#   $guest $series: no result"
			p=0 f=1
		fi
		passed=$((passed + p))
		failed=$((failed + f))
	done
	echo "# vm-test guests:$summary"
	for spec in "$@"; do
		tap=$top/build/vm/$(spec_guest "$spec")-$(spec_series "$spec").tap
		grep -q '^not ok ' "$tap" 2>/dev/null || continue
		echo "# guest $(spec_guest "$spec") $(spec_series "$spec") failed:"
		failed_tests "$tap"
	done
	for spec in "$@"; do
		crash=$results/$(spec_guest "$spec")-$(spec_series "$spec").crash
		[ -s "$crash" ] || continue
		echo "# the kernel of guest $(spec_guest "$spec") $(spec_series "$spec") crashed; its report begins:"
		sed 's/^/#   /' "$crash"
	done
	echo "vm-test: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}

case ${1:-} in
--one)
	case ${2:-} in
	?*:?*) ;;
	*) echo "usage: vm-test.sh --one GUEST:SERIES" >&2; exit 2 ;;
	esac
	run_guest "$2"
	exit 0 ;;
--totals)
	shift
	totals "$@" ;;
*)
	echo "usage: vm-test.sh --one GUEST:SERIES | --totals GUEST:SERIES..." >&2
	exit 2 ;;
esac
