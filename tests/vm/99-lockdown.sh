# Kernel lockdown (last: it cannot be lifted): debugfs refuses every file
# that can be written; the read-only files still read.

mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
if [ ! -w /sys/kernel/security/lockdown ]; then
	skip "lockdown" "this kernel has no lockdown LSM"
else
	check "lockdown=integrity" sh -c 'echo integrity > /sys/kernel/security/lockdown'
	diag "$(cat /sys/kernel/security/lockdown)"
	for f in "$BK"/*; do
		name=$(basename "$f")
		case $(stat -c %a "$f") in
		400) check "lockdown: $name still reads" sh -c "cat $f > /dev/null" ;;
		*) check_eq "lockdown: $name refused" EPERM "$(bkwrite "$f" 1)" ;;
		esac
	done
	if command -v burnkit > /dev/null && burnkit --help 2>&1 | grep -q kmod; then
		burnkit kmod > $S/kmod.out 2>&1
		sed 's/^/# /' $S/kmod.out
		check "burnkit kmod names the controls lost to lockdown" grep -qi lockdown $S/kmod.out
	fi
	check "unload under lockdown" unload
	check_kernel_clean "kernel clean at the end"
fi
