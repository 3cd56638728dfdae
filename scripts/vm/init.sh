#!/bin/busybox sh
# /init of the test VM: mount what the tests need, load the guest's boot
# modules (the disk drivers: BURNKIT_BOOT_MODULES) and burnkit.ko, run the command from /burnkit/cmd and report its exit status
# on the console between marker lines, which scripts/vm.sh reads back from
# the serial log.
/bin/busybox --install -s /bin
export PATH=/burnkit/bin:/burnkit/tests:/bin
export HOME=/root

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t debugfs debugfs /sys/kernel/debug
mount -t tmpfs tmpfs /tmp
mkdir -p /root /mnt/disk

. /burnkit/env
# No udev: nothing loads by itself. The kernel's request_module() and the
# tests use busybox modprobe on the module tree of the initramfs.
echo /bin/modprobe > /proc/sys/kernel/modprobe
for m in $BURNKIT_BOOT_MODULES; do
	modprobe "$m" || echo "init: modprobe $m failed"
done

# The disk probes asynchronously: give it a moment to appear.
i=0
while [ ! -b "$BURNKIT_DISK_DEV" ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
if [ -b "$BURNKIT_DISK_DEV" ]; then
	mount -t ext4 "$BURNKIT_DISK_DEV" /mnt/disk ||
		echo "init: cannot mount $BURNKIT_DISK_DEV"
else
	echo "init: no $BURNKIT_DISK_DEV"
fi

export BURNKIT_KO=/burnkit/burnkit.ko BURNKIT_KMOD_ARGS BURNKIT_DISK=/mnt/disk
export BURNKIT_VM_ARCH BURNKIT_VM_GUEST BURNKIT_VM_KERNEL BURNKIT_DISK_DEV BURNKIT_VM_CARDS
export BURNKIT_VM_QEMU
if [ "$BURNKIT_LOAD_KMOD" = 1 ]; then
	# shellcheck disable=SC2086 # the arguments are split on purpose
	insmod "$BURNKIT_KO" $BURNKIT_KMOD_ARGS || echo "init: insmod burnkit.ko failed"
fi

cd /mnt/disk 2>/dev/null || cd /
echo "BURNKIT-VM-BEGIN"
sh /burnkit/cmd
rc=$?
echo "BURNKIT-VM-EXIT $rc"
cd /
sync
umount /mnt/disk 2>/dev/null
poweroff -f
