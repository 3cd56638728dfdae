# guests: raspi3b
# The Raspberry Pi paths through the real drivers: QEMU's Raspberry Pi 3
# Model B with Debian's arm64 kernel and the Pi 3 device tree, so the
# raspberrypi-firmware driver talks to QEMU's model of the VideoCore
# mailbox. That model answers GET_CLOCK_RATE (700 MHz for the ARM clock)
# and GET_TEMPERATURE, not GET_CLOCK_MEASURED: the module must label the
# clock as the set one. GET_THROTTLED it answers from QEMU 9.0 on (0, never
# throttled; the tag came with its Raspberry Pi 4B model), not in 7.2
# (Debian 12's): there the module must read the throttled state as
# "unsupported", never as a zeroed reply; from 9.0 on, as the answer, 0.

check_eq "machine model" "Raspberry Pi 3 Model B" \
	"$(tr -d '\0' < /sys/firmware/devicetree/base/model)"
check "raspberrypi-firmware driver bound" \
	sh -c 'ls /sys/bus/platform/drivers/raspberrypi-firmware/ | grep -q firmware'
check_eq "features: rpi_firmware present" present "$(kv $BK/features rpi_firmware)"
check "kernel log: the module found the firmware" \
	sh -c 'dmesg | grep -q "burnkit: Raspberry Pi firmware found"'

cp "$BK/clock" $S/rpi-clock
check_eq "firmware clock: the set rate (GET_CLOCK_MEASURED unanswered)" set \
	"$(column $S/rpi-clock firmware_clock | sort -u)"
check_eq "firmware clock: QEMU's ARM clock, 700 MHz, on every CPU" 700000 \
	"$(column $S/rpi-clock firmware_khz | sort -u)"
check "no clock field reads 0" \
	awk 'NR > 1 { for (i = 2; i <= NF; i++) if ($i == "0") exit 1 }' $S/rpi-clock

rpi_row=$(awk '$2 == "rpi_throttled" { print $4 }' "$BK/throttle_state")
if [ "${BURNKIT_VM_QEMU%%.*}" -lt 9 ] 2>/dev/null; then
	check_eq "rpi_throttled: unsupported (QEMU $BURNKIT_VM_QEMU leaves GET_THROTTLED unanswered), not 0" \
		unsupported "$rpi_row"
else
	check_eq "rpi_throttled: 0, QEMU ${BURNKIT_VM_QEMU:-?}'s answer to GET_THROTTLED (never throttled)" \
		0 "$rpi_row"
fi

z=/sys/class/thermal/thermal_zone0
check_eq "the firmware's thermal zone" cpu-thermal "$(cat $z/type 2>/dev/null)"
zt=$(cat $z/temp 2>/dev/null || echo 0)
diag "thermal_zone0 reads $zt m°C"
check "thermal zone between 1 and 100 C" test "$zt" -gt 1000 -a "$zt" -lt 100000
bt=$(awk '$2 == "thermal_zone" && $3 == 0 { print $5 }' "$BK/throttle_state")
check "throttle_state reads the zone (within 2 C of sysfs: $bt)" \
	test "${bt:-0}" -gt $((zt - 2000)) -a "${bt:-0}" -lt $((zt + 2000))

# Unload and load again: the firmware reference is put and taken again.
unload
load
check_eq "firmware found again after reload" 2 \
	"$(dmesg | grep -c 'burnkit: Raspberry Pi firmware found')"
check_eq "after reload: rpi_firmware present" present "$(kv $BK/features rpi_firmware)"

if command -v burnkit >/dev/null 2>&1; then
	burnkit info > $S/rpi-info.txt 2>&1
	check "burnkit info: the board" grep -q '^ Board    Raspberry Pi 3 Model B$' $S/rpi-info.txt
	check "burnkit info: the core named from its part number" \
		grep -q '^ CPU      ARM Cortex-A53$' $S/rpi-info.txt
	check "burnkit info: the firmware's thermal zone" \
		grep -q '^ Thermal  thermal_zone0 cpu-thermal ' $S/rpi-info.txt
	check "burnkit info: detected a Pi (looked for config.txt)" \
		grep -q 'config.txt not found' $S/rpi-info.txt
	grep -q Cortex-A53 $S/rpi-info.txt || sed 's/^/#   /' $S/rpi-info.txt
	burnkit kmod > $S/rpi-kmod.txt 2>&1
	check "burnkit kmod: the firmware clock labelled the set one" \
		grep -q ' 700\.0 (set)$' $S/rpi-kmod.txt
else
	skip "burnkit info on the Pi model" "the runner is not built for $BURNKIT_VM_ARCH (make cross)"
fi
check_kernel_clean "no WARN/BUG/Oops on the Pi model"
