# The clock table: the effective clock where the CPU can measure it,
# "unsupported" (never 0) where it cannot.

ncpu=$(online_cpus)
cp "$BK/clock" $S/clock
check_eq "one clock row per online CPU" "$ncpu" "$(column $S/clock cpu | wc -l)"
check "no field reads 0" awk 'NR > 1 { for (i = 2; i <= NF; i++) if ($i == "0") exit 1 }' $S/clock

case $(kv $BK/features aperf_mperf),$BURNKIT_VM_ARCH in
unsupported,x86_64)
	diag "APERF/MPERF do not count on this CPU (QEMU TCG has none)"
	check_eq "x86 without APERF/MPERF: effective clock unsupported" unsupported \
		"$(column $S/clock effective_khz | sort -u)"
	;;
*)
	check "effective clock between 1 MHz and 10 GHz on every CPU" \
		awk 'NR > 1 && !($2 > 1000 && $2 < 10000000) { exit 1 }' $S/clock
	;;
esac
if [ "$BURNKIT_VM_ARCH" != x86_64 ]; then
	check_eq "ARM: measured with the cycle counter" pmccntr "$(column $S/clock method | sort -u)"
fi
if [ -d /sys/devices/system/cpu/cpu0/cpufreq ]; then
	check_eq "cpufreq_cur_khz matches sysfs" \
		"$(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq)" \
		"$(column $S/clock cpufreq_cur_khz | head -n 1)"
else
	check_eq "no cpufreq: its columns read unsupported" unsupported \
		"$(column $S/clock cpufreq_max_khz | sort -u)"
fi
case $(kv $BK/features rpi_firmware) in
present)
	check_eq "firmware clock: measured or the set rate on every CPU" "" \
		"$(column $S/clock firmware_clock | grep -vxE 'measured|set')" ;;
*)
	check_eq "no firmware: its clock reads unsupported" "unsupported unsupported" \
		"$(column $S/clock firmware_khz | sort -u) $(column $S/clock firmware_clock | sort -u)" ;;
esac
