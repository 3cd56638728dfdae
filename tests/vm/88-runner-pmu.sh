# The runner's timing asks burnkit.ko for the PMU cycle counter only when
# /proc/sys/kernel/perf_user_access allows it, or with --pmu-override, and
# records which; perf taking the counter mid-run is a warning in the
# results, not a crash (the SIGILL is caught).

pua=/proc/sys/kernel/perf_user_access
start_timer() {
	grep '"type":"start"' "$1" | sed 's/.*"timer":{\([^}]*\)}.*/\1/'
}
if [ "$BURNKIT_VM_ARCH" = x86_64 ]; then
	skip "runner and the PMU counter" "x86_64: the TSC needs no asking"
elif ! command -v burnkit > /dev/null; then
	skip "runner and the PMU counter" "the runner is not built for $BURNKIT_VM_ARCH"
elif [ ! -w $pua ] || [ "$(kv $BK/features pmu)" != present ]; then
	skip "runner and the PMU counter" "no $pua or no PMU"
else
	old=$(cat $pua)
	echo 0 > $pua
	burnkit fpu KWds 1 --seconds 1 --cpu 0 --json $S/p0.jsonl > /dev/null 2>&1
	t=$(start_timer $S/p0.jsonl)
	diag "perf_user_access 0: $t"
	check "perf_user_access 0: not asked, no pmccntr" \
		sh -c "echo '$t' | grep -q 'not asked' && ! echo '$t' | grep -q '\"cycles\":\"pmccntr\"'"
	burnkit fpu KWds 1 --seconds 1 --cpu 0 --pmu-override --json $S/p1.jsonl > /dev/null 2>&1
	t=$(start_timer $S/p1.jsonl)
	check "--pmu-override: asked, pmccntr, recorded" \
		sh -c "echo '$t' | grep -q 'asked burnkit.ko (--pmu-override)' && echo '$t' | grep -q '\"cycles\":\"pmccntr\"' && echo '$t' | grep -q '\"pmu_override\":true'"
	echo 1 > $pua
	burnkit fpu KWds 1 --seconds 4 --cpu 0 --json $S/p2.jsonl > $S/p2.out 2>&1 &
	run=$!
	sleep 1.5
	perfhold 1 > /dev/null
	wait $run
	rc=$?
	t=$(start_timer $S/p2.jsonl)
	check "perf_user_access 1: asked (perf_user_access 1)" \
		sh -c "echo '$t' | grep -q 'asked burnkit.ko (perf_user_access 1)'"
	check_eq "perf taking the counter mid-run: the run still ends well" 0 "$rc"
	check "and the results carry the warning" grep -q '"type":"warning".*"what":"timer"' $S/p2.jsonl
	echo "$old" > $pua
fi
