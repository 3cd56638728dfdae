# x86: the thermal_throttle count source end to end, on count files the test
# makes (a tmpfs over each /sys/devices/system/cpu/cpuN, which the VM's CPU
# lacks thermal_throttle in): a count that grows is a transition.

cpus=/sys/devices/system/cpu
if [ "$BURNKIT_VM_ARCH" != x86_64 ]; then
	skip "x86 throttle counts" "x86 only"
elif [ -e "$cpus/cpu0/thermal_throttle" ]; then
	skip "x86 throttle counts on made-up files" "this CPU has real thermal_throttle counts"
else
	ncpu=$(online_cpus)
	c=0
	while [ $c -lt "$ncpu" ]; do
		mount -t tmpfs tmpfs "$cpus/cpu$c"
		mkdir "$cpus/cpu$c/thermal_throttle"
		echo 0 > "$cpus/cpu$c/thermal_throttle/core_throttle_count"
		c=$((c + 1))
	done
	unload
	load inject=1 period_ms=20
	count_rows() {
		awk '$2 == "x86_throttle_count" { print $3, $4, $7 }' "$BK/throttle_state" | tr '\n' ' '
	}
	check_eq "one row per CPU, count 0" "$(c=0; while [ $c -lt "$ncpu" ]; do printf '%s 0 0 ' $c; c=$((c + 1)); done)" "$(count_rows)"
	# Written beside and renamed over: a sampler reading between echo's
	# truncate and its write would see an empty file, "unsupported",
	# and then no transition from it.
	echo 3 > "$cpus/cpu0/thermal_throttle/count.new"
	mv "$cpus/cpu0/thermal_throttle/count.new" \
		"$cpus/cpu0/thermal_throttle/core_throttle_count"
	cpu0_count_is() {
		test "$(awk '$2 == "x86_throttle_count" && $3 == 0 { print $4 }' $BK/throttle_state)" = "$1"
	}
	check "a count that grows is seen within 2 s" wait_until 2 cpu0_count_is 3
	check_eq "and logged as a transition on CPU 0" "0 0 3" \
		"$(awk '$5 == "x86_throttle_count" { print $3, $7, $8 }' $BK/throttle_log | tail -n 1)"
	unload
	c=0
	while [ $c -lt "$ncpu" ]; do
		umount "$cpus/cpu$c"
		c=$((c + 1))
	done
	load inject=1 period_ms=20
	check_kernel_clean "kernel clean after the throttle-count test"
fi
