# kernels: 6.1
# burnkit capacity --device on fake cards made by scsi_debug: a 1 GiB disk
# that stores 16 MiB (or 10 MiB, a wrap at a non-power of two) and wraps
# around must come out fake with the usable size to the byte; a 16 MiB
# disk that stores all of it, genuine. The device object of the start
# record names the scsi_debug disk. Needs modprobe (modules.dep in the
# initramfs) and the scsi_debug module; seconds each.

# sdebug_disk: the scsi_debug disk's name (sda...), waiting for the scan.
sdebug_disk() {
	i=0
	while [ $i -lt 50 ]; do
		for m in /sys/block/sd*/device/model; do
			[ -e "$m" ] && grep -q scsi_debug "$m" && { basename "$(dirname "$(dirname "$m")")"; return 0; }
		done
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# capacity_on ARGS...: load scsi_debug with ARGS, probe its disk; sets
# cap_rc, cap_json, cap_dev.
capacity_on() {
	cap_dev=""
	cap_rc=125
	cap_json=$S/cap-$(echo "$*" | tr ' =' '_-').jsonl
	modprobe scsi_debug "$@" 2> $S/modprobe.err || return 1
	cap_dev=$(sdebug_disk) || { dmesg | tail -n 5 > $S/modprobe.err; return 1; }
	[ -b "/dev/$cap_dev" ] || return 1
	burnkit capacity --device "/dev/$cap_dev" --destructive \
		--yes-destroy-data-on "/dev/$cap_dev" --json "$cap_json" > $S/cap.out 2>&1
	cap_rc=$?
	sed 's/^/# /' $S/cap.out | head -n 40
	return 0
}

unload_sdebug() {
	modprobe -r scsi_debug 2>/dev/null || rmmod scsi_debug 2>/dev/null
}

summary_has() {
	tail -n 1 "$cap_json" | grep -q "$1"
}

if ! command -v burnkit > /dev/null; then
	skip "burnkit capacity on scsi_debug fakes" "the runner is not built for $BURNKIT_VM_ARCH (make static / make cross)"
elif ! modprobe scsi_debug dev_size_mb=16 virtual_gb=1 2> $S/modprobe.err; then
	skip "burnkit capacity on scsi_debug fakes" "modprobe cannot load scsi_debug here: $(head -n 1 $S/modprobe.err) (the guest needs modules.dep and the module)"
else
	unload_sdebug
	# Without udev nothing loads the SCSI disk driver for the new disk.
	modprobe sd_mod 2>/dev/null
	if capacity_on dev_size_mb=16 virtual_gb=1; then
		check_eq "a 1 GiB disk storing 16 MiB: exit 1 (fake)" 1 "$cap_rc"
		check "... usable_bytes 16777216 exactly, verdict fake" \
			summary_has '"usable_bytes":16777216,"verdict":"fake"'
		check "... claimed 1 GiB" summary_has '"claimed_bytes":1073741824'
		check "... the start record names the device (scsi_debug, /dev/$cap_dev)" sh -c \
			"head -n 1 $cap_json | grep -q '\"device\":{\"found\":true,\"name\":\"$cap_dev\".*\"model\":\"scsi_debug\"'"
		check "... and so does the text log" grep -q "Device: /dev/$cap_dev (" $S/cap.out
	else
		not_ok "scsi_debug dev_size_mb=16 virtual_gb=1 gives a disk"
		sed 's/^/# /' $S/modprobe.err
	fi
	unload_sdebug
	if capacity_on dev_size_mb=10 virtual_gb=1; then
		check_eq "a 1 GiB disk storing 10 MiB (a wrap at a non-power of two): exit 1" 1 "$cap_rc"
		check "... usable_bytes 10485760 exactly, verdict fake" \
			summary_has '"usable_bytes":10485760,"verdict":"fake"'
	else
		not_ok "scsi_debug dev_size_mb=10 virtual_gb=1 gives a disk"
		sed 's/^/# /' $S/modprobe.err
	fi
	unload_sdebug
	if capacity_on dev_size_mb=16; then
		check_eq "a 16 MiB disk storing 16 MiB: exit 0 (genuine)" 0 "$cap_rc"
		check "... usable = claimed = 16777216, verdict genuine" \
			summary_has '"claimed_bytes":16777216,"tested_bytes":16777216,"usable_bytes":16777216,"verdict":"genuine"'
	else
		not_ok "scsi_debug dev_size_mb=16 gives a disk"
		sed 's/^/# /' $S/modprobe.err
	fi
	unload_sdebug
fi
