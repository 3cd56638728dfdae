# ARM: user space reads the cycle counter (PMCCNTR) after load, on every CPU, also a
# CPU brought online later; not after user_access=0 or unload.

if [ "$BURNKIT_VM_ARCH" = x86_64 ]; then
	skip "user-space PMCCNTR reads" "x86_64: rdtsc needs no module, nothing to switch"
else
	ncpu=$(online_cpus)
	all_cpus() {
		want=$1
		c=0
		while [ $c -lt "$ncpu" ]; do
			got=$(pmccntr 1000 $c | cut -d' ' -f1)
			[ "$got" = "$want" ] || { diag "cpu $c: $got"; return 1; }
			c=$((c + 1))
		done
	}
	check "PMCCNTR reads work and go forward on every CPU" all_cpus ok
	echo 0 > "$BK/user_access"
	check "user_access=0: reads trap (SIGILL) on every CPU" all_cpus sigill
	check_eq "features: user_access disabled" disabled "$(kv $BK/features user_access)"
	echo 1 > "$BK/user_access"
	check "user_access=1: reads work again" all_cpus ok
	echo 0 > /sys/devices/system/cpu/cpu1/online
	echo 1 > /sys/devices/system/cpu/cpu1/online
	check_eq "CPU 1 after offline/online: reads work" ok "$(pmccntr 1000 1 | cut -d' ' -f1)"
	unload
	check "after unload: reads trap again" all_cpus sigill
	load inject=1 period_ms=20
	check "after load: reads work" all_cpus ok
fi

# perf takes the PMU: the module says so and does not fight it; once perf
# lets go, switching user access on again brings it back.
if [ "$BURNKIT_VM_ARCH" = x86_64 ]; then
	skip "perf owning the PMU" "x86_64: the module does not touch the PMU"
else
	perfhold 4 > $S/perfhold.out &
	perf_pid=$!
	wait_until 3 grep -q . $S/perfhold.out
	if grep -q '^holding' $S/perfhold.out; then
		check_eq "perf counting cycles: features says perf_pmu in-use" in-use \
			"$(kv $BK/features perf_pmu)"
		check_eq "perf counting cycles: user_access reads lost" lost \
			"$(kv $BK/features user_access)"
		echo 1 > "$BK/user_access"
		check_eq "asking again while perf runs leaves the PMU to perf" lost \
			"$(kv $BK/features user_access)"
		wait $perf_pid
		access_enabled() {
			test "$(kv $BK/features user_access)" = enabled
		}
		check "after perf: the module takes the counter back by itself within 3 s" \
			wait_until 3 access_enabled
		check "and user space reads it on every CPU" all_cpus ok
		check_eq "features: perf_pmu idle again" idle "$(kv $BK/features perf_pmu)"
	else
		wait $perf_pid
		skip "perf owning the PMU" "$(cat $S/perfhold.out)"
	fi
fi
