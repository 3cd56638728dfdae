# guests: x86_64
# kernels: 6.1
# A device whose reads fail, for real: scsi_debug with medium errors on
# sectors 4660-4669 (its defaults; opts=2), so unit 582 of the disk cannot
# be read. burnkit capacity --full must name that unit in its verdict, and
# the kernel's own I/O error messages during the run must come out as
# kernel_error records counted in the summary (user/lib/record/kerrors).

if ! command -v burnkit > /dev/null; then
	skip "I/O errors" "the runner is not built for $BURNKIT_VM_ARCH (make static / make cross)"
elif ! { modprobe sd_mod && modprobe scsi_debug dev_size_mb=16 opts=2; }; then
	not_ok "scsi_debug with medium errors loads"
else
	ok "scsi_debug with medium errors loads"
	wait_until 10 sh -c 'ls /sys/bus/pseudo/drivers/scsi_debug/adapter*/host*/target*/*/block/ 2>/dev/null | grep -q .'
	ioe_dev=/dev/$(ls /sys/bus/pseudo/drivers/scsi_debug/adapter*/host*/target*/*/block/ | head -n 1)
	wait_until 10 test -b "$ioe_dev"
	burnkit capacity --device "$ioe_dev" --destructive --yes-destroy-data-on "$ioe_dev" --full \
		--json "$S/ioe.jsonl" > "$S/ioe.out" 2>&1
	check_eq "failing reads: exit 1" 1 "$?"
	check "... the unit that cannot be read is named" \
		grep -q "unit 582 (byte 2383872): unreadable" "$S/ioe.out"
	check "... the kernel's I/O error is a kernel_error record" sh -c \
		"grep '\"type\":\"kernel_error\"' $S/ioe.jsonl | grep -q '\"class\":\"io_error\"'"
	check "... and counted in the summary" sh -c \
		"tail -n 1 $S/ioe.jsonl | grep -q '\"kernel_errors\":[1-9]'"
	sed -n '/Kernel at/p' "$S/ioe.out" | head -n 3 | sed 's/^/# /'
	modprobe -r scsi_debug
fi
