# The counters table: one row per online CPU, counters that move, known
# rates, and the counter that features names.

ncpu=$(online_cpus)
none_why=$(no_user_counter)
cp "$BK/counters" $S/counters.1
sleep 0.1
cp "$BK/counters" $S/counters.2
check_eq "one counters row per online CPU" "$ncpu" "$(column $S/counters.1 cpu | wc -l)"

# ARMv7's PMCCNTR is 32 bits wide and wraps every 4.3 s at 1 GHz: there the
# distance moved is taken modulo 2^32 (a wrap between the reads is fine, a
# counter that stands still is not).
wrap=0
[ "$BURNKIT_VM_ARCH" = armv7 ] && wrap=4294967296
if [ -n "$none_why" ]; then
	skip "every counter moves forward" "no counter for user space: $none_why"
	check_eq "without one every row says unsupported" "$ncpu" \
		"$(column $S/counters.1 source | grep -c '^unsupported$')"
else
	moved=$(paste -d' ' $S/counters.1 $S/counters.2 | awk -v wrap=$wrap '
		NR > 1 { d = $8 - $3; if (wrap && d < 0) d += wrap
			 if (d <= 0) print "cpu " $1 ": " $3 " then " $8 }')
	if [ -z "$moved" ]; then ok "every counter moves forward"; else not_ok "every counter moves forward"; diag "$moved"; fi
fi

bad_rate=$(column $S/counters.1 rate_hz | awk '!($1 > 1000000) { print }')
if [ -z "$bad_rate" ]; then ok "every rate is above 1 MHz"; else not_ok "every rate is above 1 MHz"; diag "$bad_rate"; fi

case $BURNKIT_VM_ARCH in
x86_64) user_read=yes ;;	# the TSC: every task
*) user_read=ask ;;		# the PMU counter: a task that asks
esac
[ -n "$none_why" ] && user_read=no	# none to read
check_eq "user space may read the counter on every CPU ($user_read)" "$ncpu" \
	"$(column $S/counters.1 user_read | grep -c "^$user_read\$")"
check_eq "features names the counter the table uses" \
	"$(kv $BK/features counter)" "$(column $S/counters.1 source | sort -u)"

case $BURNKIT_VM_ARCH in
x86_64)
	check_eq "x86: counter is the TSC" tsc "$(kv $BK/features counter)"
	check_eq "x86: user_access reads unsupported" unsupported "$(kv $BK/features user_access)"
	check "x86: no user_access control" test ! -e "$BK/user_access"
	;;
armv7)
	if [ -n "$none_why" ]; then
		check_eq "ARMv7 without user access: counter unsupported" unsupported "$(kv $BK/features counter)"
		check_eq "ARMv7 without user access: user_access unsupported" unsupported "$(kv $BK/features user_access)"
	else
		check_eq "ARM: counter is PMCCNTR" pmccntr "$(kv $BK/features counter)"
		check_eq "ARM: user_access off until a task asks" off "$(kv $BK/features user_access)"
	fi
	check_eq "ARM: the PMU was found" present "$(kv $BK/features pmu)"
	check_eq "ARM: perf leaves the PMU idle" idle "$(kv $BK/features perf_pmu)"
	;;
aarch64)
	check_eq "ARM: counter is PMCCNTR" pmccntr "$(kv $BK/features counter)"
	check_eq "ARM: user_access off until a task asks" off "$(kv $BK/features user_access)"
	check_eq "ARM: the PMU was found" present "$(kv $BK/features pmu)"
	check_eq "ARM: perf leaves the PMU idle" idle "$(kv $BK/features perf_pmu)"
	;;
esac

# CPU hotplug: a CPU that comes back online gets its counter access again.
if [ "$ncpu" -ge 2 ] && [ -w /sys/devices/system/cpu/cpu1/online ]; then
	echo 0 > /sys/devices/system/cpu/cpu1/online
	check_eq "counters: CPU 1 offline leaves $((ncpu - 1)) rows" $((ncpu - 1)) \
		"$(column $BK/counters cpu | wc -l)"
	echo 1 > /sys/devices/system/cpu/cpu1/online
	check_eq "counters: CPU 1 back online" "$ncpu" "$(column $BK/counters cpu | wc -l)"
	check_eq "CPU 1 readable from user space after coming back" "$user_read" \
		"$(awk '$1 == 1 { print $5 }' $BK/counters)"
else
	skip "CPU hotplug" "fewer than 2 CPUs or cpu1 cannot go offline"
fi
check_kernel_clean "kernel clean after counters and hotplug"
