# kernels: 6.1
# burnkit capacity --device on fake cards made by scsi_debug: a 1 GiB disk
# that stores 16 MiB (or 10 MiB, a wrap at a non-power of two) and wraps
# around must come out fake with the usable size to the byte; a 16 MiB
# disk that stores all of it, genuine. The device object of the start
# record names the scsi_debug disk. The file mode on a FAT file system made
# on the 16 MiB fake (busybox mkdosfs; ext4's journal and metadata would
# alias into the 16 MiB): 32 MiB of files wrap round once, the card
# keeps the last 16 MiB less what the FAT's tables overwrite, and that is
# the usable size. Needs modprobe (modules.dep in the initramfs), the
# scsi_debug and vfat modules; seconds each.

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

# The number after "KEY": in the summary record of cap_json.
summary_num() {
	tail -n 1 "$cap_json" | sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p"
}

# vfat_on_fake: a FAT32 file system on the scsi_debug disk cap_dev, mounted,
# filled with 32 MiB of burnkit capacity's files; sets cap_rc, cap_json.
vfat_on_fake() {
	cap_rc=125
	cap_json=$S/cap-vfat.jsonl
	modprobe vfat 2> $S/modprobe.err && modprobe nls_cp437 2>> $S/modprobe.err &&
		modprobe nls_ascii 2>> $S/modprobe.err || return 1
	mkdosfs -F 32 "/dev/$cap_dev" > $S/mkdosfs.out 2>&1 || { cat $S/mkdosfs.out > $S/modprobe.err; return 1; }
	mkdir -p $S/fat
	mount -t vfat "/dev/$cap_dev" $S/fat 2> $S/modprobe.err || return 1
	burnkit capacity --filepath $S/fat --size 32M --json "$cap_json" > $S/cap.out 2>&1
	cap_rc=$?
	grep -v '^ *[0-9][0-9]* ' $S/cap.out | sed 's/^/# /' | head -n 40
	umount $S/fat
	return 0
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
		if vfat_on_fake; then
			check_eq "vfat on it, --filepath (32 MiB of files): exit 1 (fake)" 1 "$cap_rc"
			claimed=$(summary_num claimed_bytes)
			check "... verdict fake" summary_has '"verdict":"fake"'
			check "... claimed $claimed: the file system's 1 GiB, less its tables" \
				[ "${claimed:-0}" -gt 1000000000 ]
			usable=$(summary_num usable_bytes)
			check "... usable_bytes $usable within 12-16 MiB (what the card kept)" \
				[ "${usable:-0}" -ge 12582912 -a "${usable:-0}" -le 16777216 ]
			check "... units overwritten by others (the wrap), named in the text" \
				grep -q 'overwritten by unit' $S/cap.out
			check "... the text says it counts what the card kept, not the prefix" \
				grep -q 'every good unit (the writes wrapped round' $S/cap.out
		else
			not_ok "a FAT file system on the fake, mounted"
			sed 's/^/# /' $S/modprobe.err
		fi
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
