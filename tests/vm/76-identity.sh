# kernels: 6.1
# guests: x86_64
# Device identity on emulated cards: with scripts/vm.sh --cards the guest
# has an SD card on a PCI SD host (QEMU's fixed CID: manufacturer 0xaa, OEM
# 0x5859 "XY", product "QEMU!", rev 0.1, serial 0xdeadbeef, made 02/2006)
# and a USB stick (usb-bot: vendor SanDisk, model UltraFit). burnkit
# capacity --device on each must name the bus and decode what the kernel
# shows of the card (sysfs cid, csd, scr, ssr), in the text log and the
# start record's device object, and find both genuine. Their drivers load
# here, not at boot. A few seconds: modprobe of the MMC and USB stacks and
# two 16 MiB probes.

# id_probe DEV NAME: burnkit capacity --device DEV, its text in $S/NAME.out,
# JSON lines in $S/NAME.jsonl; sets id_rc.
id_probe() {
	burnkit capacity --device "$1" --destructive --yes-destroy-data-on "$1" \
		--json "$S/$2.jsonl" > "$S/$2.out" 2>&1
	id_rc=$?
	sed -n '/^ Device: /,/^ Probe: /p' "$S/$2.out" | sed 's/^/# /'
}

# id_start_has NAME TEXT: the start record of $S/NAME.jsonl holds TEXT.
id_start_has() {
	head -n 1 "$S/$1.jsonl" | grep -qF "$2"
}

if [ "${BURNKIT_VM_CARDS:-0}" != 1 ]; then
	skip "device identity of an emulated SD card and USB stick" "the guest was booted without them (scripts/vm.sh x86_64 --cards)"
elif ! command -v burnkit > /dev/null; then
	skip "device identity of an emulated SD card and USB stick" "the runner is not built for $BURNKIT_VM_ARCH (make static)"
else
	for m in sdhci_pci mmc_block xhci_pci usb_storage sd_mod; do
		modprobe "$m" 2>> $S/modprobe.err || echo "modprobe $m failed" >> $S/modprobe.err
	done
	if wait_until 10 test -b /dev/mmcblk0; then
		id_probe /dev/mmcblk0 sd
		check_eq "SD card: capacity --device on /dev/mmcblk0 finds it genuine (exit 0)" 0 "$id_rc"
		check "... bus mmc, 16 MiB" grep -q '^ Device: /dev/mmcblk0 (179:0), 16.8 MB, bus mmc$' $S/sd.out
		check "... the CID decoded: \"QEMU!\" rev 0.1, serial 0xdeadbeef, made 02/2006" \
			grep -q '^ SD card: "QEMU!" rev 0.1, serial 0xdeadbeef, made 02/2006$' $S/sd.out
		check "... manufacturer 0xaa, OEM 0x5859 \"XY\", the raw CID" \
			grep -q '^  manufacturer 0xaa (.*), OEM 0x5859 "XY"; CID aa585951454d552101deadbeef006200$' $S/sd.out
		# The card's SCR names SD 2.00 under QEMU 7.2 (Debian 12), SD 3.0x under
		# QEMU 10 (Debian 13): its SD_SPEC3 bit (47, the top bit of the fifth
		# hex digit the kernel shows) tells which this QEMU's is.
		case $(cut -c5 /sys/block/mmcblk0/device/scr 2>/dev/null) in
		[89a-f]) sd_spec="SD 3.0x" ;;
		*) sd_spec="SD 2.00" ;;
		esac
		check "... CSD 16 MiB, SCR $sd_spec (its SD_SPEC3 bit) with 1- and 4-bit buses" \
			grep -q "CSD v1.0: 16777216 bytes; SCR: $sd_spec, bus widths 1 4" $S/sd.out
		check "... the start record: bus mmc, model QEMU!, serial 0xdeadbeef" \
			id_start_has sd '"bus":"mmc","vendor":null,"model":"QEMU!","serial":"0xdeadbeef"'
		check "... and its mmc object: type SD, manfid 170, oemid 22617, product, date" id_start_has sd \
			'"mmc":{"type":"SD","cid":"aa585951454d552101deadbeef006200","manfid":170,"manufacturer":null,"oemid":22617,"product":"QEMU!","revision":"0.1","serial":"0xdeadbeef","date":"2006-02"'
	else
		not_ok "an SD card on the PCI SD host: /dev/mmcblk0"
		sed 's/^/# /' $S/modprobe.err
		dmesg | grep -iE 'mmc|sdhci' | tail -n 5 | sed 's/^/# /'
	fi
	usb_disk=""
	wait_until 10 sh -c 'grep -q UltraFit /sys/block/sd*/device/model 2>/dev/null' &&
		usb_disk=$(grep -l UltraFit /sys/block/sd*/device/model | head -n 1 | cut -d/ -f4)
	if [ -n "$usb_disk" ] && wait_until 5 test -b "/dev/$usb_disk"; then
		id_probe "/dev/$usb_disk" usb
		check_eq "USB stick: capacity --device on /dev/$usb_disk finds it genuine (exit 0)" 0 "$id_rc"
		check "... bus usb with its link speed and USB id" \
			grep -q "^ Device: /dev/$usb_disk ([0-9]*:[0-9]*), 16.8 MB, bus usb ([0-9]* Mbit/s, [0-9a-f]*:[0-9a-f]*)$" $S/usb.out
		check "... vendor SanDisk, model UltraFit" grep -q '^ Model: SanDisk UltraFit' $S/usb.out
		check "... the start record: bus usb, vendor SanDisk, model UltraFit" \
			id_start_has usb '"bus":"usb","vendor":"SanDisk","model":"UltraFit"'
	else
		not_ok "a USB stick on xHCI: a SCSI disk with model UltraFit"
		sed 's/^/# /' $S/modprobe.err
		dmesg | grep -iE 'usb|xhci|scsi' | tail -n 5 | sed 's/^/# /'
	fi
	modprobe -r usb_storage xhci_pci mmc_block sdhci_pci 2>/dev/null
fi
