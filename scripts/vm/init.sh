#!/bin/busybox sh
# /init of the test VM: mount what the tests need, load the disk drivers and
# burnkit.ko, run the command from /burnkit/cmd and report its exit status
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

while read -r m; do
	insmod "/lib/modules/boot/$m" || echo "init: insmod $m failed"
done < /lib/modules/boot/order

# virtio probes asynchronously: give the disk a moment to appear.
i=0
while [ ! -b /dev/vda ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
if [ -b /dev/vda ]; then
	mount -t ext4 /dev/vda /mnt/disk || echo "init: cannot mount /dev/vda"
else
	echo "init: no /dev/vda"
fi

. /burnkit/env
export BURNKIT_KO=/burnkit/burnkit.ko BURNKIT_KMOD_ARGS BURNKIT_DISK=/mnt/disk
export BURNKIT_VM_ARCH
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
