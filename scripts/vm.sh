#!/bin/bash
# vm.sh GUEST [options] -- CMD...: boot a Debian kernel in QEMU with
# burnkit.ko loaded, the runner and the VM tests on PATH and an ext4 disk
# mounted (current directory, $BURNKIT_DISK); run CMD there, print its output
# and exit with its status. GUEST is a machine: x86_64, aarch64 (QEMU's virt
# board), armv7 (virt, Debian's armmp kernel) or raspi3b (QEMU's Raspberry Pi
# 3 Model B with Debian's arm64 kernel and the Pi 3 device tree: the real
# raspberrypi-firmware, thermal and watchdog drivers; the disk on the SD card).
#
# Options:
#   --kernel SERIES      6.1 (default, or $BURNKIT_VM_KERNEL), 6.12, or rt
#                        (6.12 with PREEMPT_RT): Debian 12's packages,
#                        fetched once into build/vm/ARCH/SERIES
#   --kmod-args "ARGS"   module parameters for insmod (default none)
#   --no-kmod            boot without loading the module
#   --runner             build the static runner for ARCH first
#   --prepare            build what a guest of ARCH and SERIES boots with (the
#                        kernel fetched, the module and helpers built, the base
#                        initramfs; with --runner the runner) and boot nothing
#   --prebuilt           build nothing, boot with what --prepare built (make
#                        check prepares each kernel once, then boots its
#                        guests side by side)
#   --timeout SECONDS    give up on the guest after this long (default 600)
#   --userland "NAME:DEST..."  programs of this machine (for another ARCH,
#                        Debian's packages of them) with their libraries
#                        into this run's initramfs, NAME at DEST
#                        (scripts/vm/userland.sh), e.g. "iperf3:/usr/bin/iperf3"
#   --cards              x86_64: also an SD card on a PCI SD host (sdhci-pci,
#                        16 MiB image) and a USB stick on xHCI (usb-bot,
#                        vendor SanDisk, model UltraFit, serial BK1234, 16 MiB),
#                        for the device identity tests; their drivers load
#                        only when a test modprobes them
#   --keep               keep the run directory (serial log, images)
#
# Environment: VM_CPU replaces QEMU's -cpu model (e.g. "cortex-a72,pmu=off"
# for a guest without a PMU); default max (x86_64), cortex-a72, cortex-a15.
# VM_ACCEL replaces the -accel of the x86_64, aarch64 and armv7 guests
# (default tcg,thread=single, see x86_64 and aarch64 there, and
# tcg,thread=multi for armv7; thread=multi where QEMU runs patched code
# safely).
# VM_APPEND ends the guest kernel's command line, after burnkit's own
# options, which it can override (e.g. "loglevel=6", or "slub_debug=FZPU"
# to catch a slab corruption where it happens, not where it crashes).
#
# Guest environment: BURNKIT_KO (the module file), BURNKIT_KMOD_ARGS,
# BURNKIT_DISK, BURNKIT_DISK_DEV (its block device), BURNKIT_VM_ARCH
# (x86_64, aarch64, armv7), BURNKIT_VM_GUEST (GUEST), BURNKIT_VM_KERNEL
# (SERIES), BURNKIT_VM_CARDS (1 with --cards), BURNKIT_VM_QEMU (QEMU's
# version, major.minor). busybox modprobe works (/proc/sys/kernel/modprobe
# is set) for the modules that scripts/mkinitramfs.sh lists; the tests are
# on PATH, the ABI header is /burnkit/abi.h. The exit status comes from the
# marker line that the guest's init prints on the serial console, never from
# QEMU, which exits 0 even when the guest panicked. Without a marker vm.sh
# prints the end of the serial log and exits 125 (124 on timeout).
set -euo pipefail
PATH=$PATH:/usr/sbin:/sbin

usage() {
	sed -n '2,/^$/s/^# \{0,1\}//p' "$0" >&2
	exit 2
}

top=$(cd "$(dirname "$0")/.." && pwd)
guest=${1:-}
[ -n "$guest" ] || usage
shift
series=${BURNKIT_VM_KERNEL:-6.1}
kmod_args=""
load_kmod=1
build_runner=0
timeout_s=${BURNKIT_VM_TIMEOUT:-600}
keep=0
userland=""
cards=0
prepare=0
prebuilt=0
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) series=${2?}; shift 2 ;;
	--kernel=*) series=${1#*=}; shift ;;
	--kmod-args) kmod_args=${2?}; shift 2 ;;
	--kmod-args=*) kmod_args=${1#*=}; shift ;;
	--no-kmod) load_kmod=0; shift ;;
	--runner) build_runner=1; shift ;;
	--prepare) prepare=1; shift ;;
	--prebuilt) prebuilt=1; shift ;;
	--timeout) timeout_s=${2?}; shift 2 ;;
	--keep) keep=1; shift ;;
	--userland) userland=${2?}; shift 2 ;;
	--userland=*) userland=${1#*=}; shift ;;
	--cards) cards=1; shift ;;
	--) shift; break ;;
	*) usage ;;
	esac
done
[ $# -gt 0 ] || [ "$prepare" = 1 ] || usage
if [ "$prepare" = 1 ] && [ "$prebuilt" = 1 ]; then
	echo "vm.sh: --prepare builds, --prebuilt builds nothing: give one" >&2
	exit 2
fi

case $series in
6.1|6.12|rt) ;;
*) echo "vm.sh: unknown kernel series '$series' (6.1, 6.12, rt)" >&2; exit 2 ;;
esac

disk_dev=/dev/vda
boot_modules="virtio_pci virtio_blk ext4"
append=""
case $guest in
x86_64)
	arch=x86_64
	# One TCG thread for both CPUs: with one each (QEMU 7.2), a CPU can run
	# code another CPU has just patched as it was: the int3 that x86 Linux
	# writes first when it flips a static key (schedstats, sched_clock at
	# boot, io_uring rings) then oopses the guest ("Oops: int3"); double
	# faults in kmalloc came too, cause unknown. About one guest run of
	# twenty beside make check's other work; none of 30 with one thread.
	qemu=(qemu-system-x86_64 -accel "${VM_ACCEL:-tcg,thread=single}"
	      -cpu "${VM_CPU:-max}" -smp 2 -m 512
	      -drive "file=@DISK@,format=raw,if=virtio,cache=unsafe")
	console=ttyS0 ;;
aarch64)
	arch=aarch64
	# cortex-a72, not max: pointer-authentication emulation is 3-4x slower.
	# One TCG thread, as x86_64: with one per CPU a CPU once went on running
	# the scheduler's switch-in call site as it was before the module's
	# first ask turned the preempt notifiers' static key on, so a holder of
	# the cycle counter lost its grant at its first switch there ("the
	# scheduler did not call its switch-in", tests/vm/45-pmccntr.sh): the
	# module is safe for it (the grant goes), but the checks fail. Once in
	# about a dozen guest runs beside make check's other work.
	qemu=(qemu-system-aarch64 -M virt -accel "${VM_ACCEL:-tcg,thread=single}"
	      -cpu "${VM_CPU:-cortex-a72}" -smp 2 -m 512
	      -drive "file=@DISK@,format=raw,if=none,id=disk0,cache=unsafe"
	      -device virtio-blk-pci,drive=disk0)
	console=ttyAMA0 ;;
armv7)
	arch=armv7
	# One TCG thread per CPU: with one for both (as aarch64), QEMU 7.2's
	# ARMv7 virt guest stops where the kernel frees its init memory (on
	# ARM a stop_machine over every CPU, to set its own mappings'
	# permissions) and prints nothing after it, for minutes; with
	# maxcpus=1 it boots on in 2 s (a rendezvous of both CPUs that one
	# TCG thread does not complete), on one thread per CPU in seconds.
	qemu=(qemu-system-arm -M virt -accel "${VM_ACCEL:-tcg,thread=multi}"
	      -cpu "${VM_CPU:-cortex-a15}" -smp 2 -m 512
	      -drive "file=@DISK@,format=raw,if=none,id=disk0,cache=unsafe"
	      -device virtio-blk-device,drive=disk0)
	boot_modules="virtio_mmio virtio_blk ext4"
	console=ttyAMA0 ;;
raspi3b)
	arch=aarch64
	# One TCG thread: with one per CPU the idle secondaries spin and boot
	# to poweroff takes 4-5 times as long. The machine has 4 CPUs, 1 GiB.
	# No PSCI there: poweroff goes through the watchdog driver.
	qemu=(qemu-system-aarch64 -M raspi3b -accel tcg,thread=single -smp 4 -m 1G
	      -dtb @DTB@ -drive "file=@DISK@,format=raw,if=sd,cache=unsafe")
	boot_modules="bcm2835_wdt bcm2835_thermal sdhci_iproc bcm2835 mmc_block ext4"
	disk_dev=/dev/mmcblk0
	append="earlycon=pl011,0x3f201000"
	console=ttyAMA0 ;;
*)
	echo "vm.sh: unsupported GUEST '$guest' (x86_64, aarch64, armv7, raspi3b)" >&2
	exit 2 ;;
esac
# The QEMU emulating the guest, major.minor: its machines' devices differ
# (what its Raspberry Pi firmware model answers, its SD card's SCR).
qemu_version=$("${qemu[0]}" --version | sed -n '1s/.* version \([0-9]*\.[0-9]*\).*/\1/p')
if [ "$cards" = 1 ]; then
	if [ "$guest" != x86_64 ]; then
		echo "vm.sh: --cards is for the x86_64 guest (its initramfs has the SD and USB drivers)" >&2
		exit 2
	fi
	# QEMU's SD card wants a power-of-two image; its CID is QEMU's fixed one.
	qemu+=(-device sdhci-pci -drive "if=none,id=card0,file=@SD@,format=raw,cache=unsafe"
	       -device sd-card,drive=card0
	       -device qemu-xhci -drive "if=none,id=stick0,file=@USB@,format=raw,cache=unsafe"
	       -device usb-bot,id=bot0
	       -device "scsi-hd,bus=bot0.0,drive=stick0,vendor=SanDisk,product=UltraFit,serial=BK1234,removable=on")
fi

say() { echo "vm.sh[$guest $series]: $*" >&2; }

vmdir=$top/build/vm/$arch/$series
ko=$top/build/kmod/$arch/$series/burnkit.ko
if [ "$prebuilt" = 1 ]; then
	kver=$(cat "$vmdir/kver" 2>/dev/null) ||
		{ say "--prebuilt: no kernel in $vmdir (run with --prepare first)"; exit 2; }
else
	"$top/scripts/vm/fetch-kernel.sh" "$arch" "$series" "$vmdir"
	kver=$(cat "$vmdir/kver")
fi
dtb=$vmdir/root/usr/lib/linux-image-$kver/broadcom/bcm2837-rpi-3-b.dtb
base=$vmdir/base-$kver.cpio.gz

if [ "$prebuilt" = 0 ]; then
	# Module and test helpers for this guest kernel.
	make -s -C "$top" -f kmod/kmod.mk "kmod-$arch" "vm-helpers-$arch" VM_KERNEL="$series" >&2
	if [ "$build_runner" = 1 ]; then
		if [ "$arch" = "$(uname -m)" ]; then
			runner_target=(static)
		else
			runner_target=(ARCH="$arch" BUILD="build/$arch" all)
		fi
		if ! make -s -C "$top" -j2 "${runner_target[@]}" >&2; then
			say "cannot build the runner: the guest gets the one built last, if any"
		fi
	fi
	if [ ! -s "$base" ] || [ "$top/scripts/vm/init.sh" -nt "$base" ] ||
	   [ "$top/scripts/mkinitramfs.sh" -nt "$base" ] ||
	   [ "$top/scripts/vm/userland.sh" -nt "$base" ]; then
		say "building the base initramfs"
		"$top/scripts/mkinitramfs.sh" "$arch" "$vmdir" "$base"
	fi
fi
[ "$prepare" = 1 ] && exit 0
for f in "$ko" "$base" "$vmdir/kernel"; do
	[ -e "$f" ] || { say "missing $f (run with --prepare first)"; exit 2; }
done

run=$(mktemp -d "$vmdir/run.XXXXXX")
cleanup() {
	if [ "$keep" = 1 ]; then say "kept $run"; else rm -rf "$run"; fi
}
trap cleanup EXIT

# Per-run overlay: command, module, runner, tests, helpers.
ov=$run/overlay
mkdir -p "$ov/burnkit/bin" "$ov/burnkit/tests"
cp "$ko" "$ov/burnkit/burnkit.ko"
cp "$top"/build/vm/"$arch"/helpers/* "$ov/burnkit/bin/" 2>/dev/null || true
[ -x "$top/build/$arch/burnkit" ] && cp "$top/build/$arch/burnkit" "$ov/burnkit/bin/"
cp -r "$top/tests/vm/." "$ov/burnkit/tests/"
rm -rf "$ov/burnkit/tests/helpers"
cp "$top/include/burnkit/abi.h" "$ov/burnkit/abi.h"
if [ -n "$userland" ]; then
	# shellcheck disable=SC2086 # one NAME:DEST a word
	"$top/scripts/vm/userland.sh" "$arch" "$vmdir" "$ov" $userland
fi

quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
{
	sep=""
	for a in "$@"; do printf '%s%s' "$sep" "$(quote "$a")"; sep=" "; done
	echo
} > "$ov/burnkit/cmd"
{
	echo "BURNKIT_LOAD_KMOD=$load_kmod"
	echo "BURNKIT_KMOD_ARGS=$(quote "$kmod_args")"
	echo "BURNKIT_VM_ARCH=$arch"
	echo "BURNKIT_VM_GUEST=$guest"
	echo "BURNKIT_VM_KERNEL=$series"
	echo "BURNKIT_BOOT_MODULES='$boot_modules'"
	echo "BURNKIT_DISK_DEV=$disk_dev"
	echo "BURNKIT_VM_CARDS=$cards"
	echo "BURNKIT_VM_QEMU=$qemu_version"
} > "$ov/burnkit/env"
(cd "$ov" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) |
	gzip -1 > "$run/overlay.cpio.gz"
cat "$base" "$run/overlay.cpio.gz" > "$run/initramfs.cpio.gz"

truncate -s 64M "$run/disk.img"
mkfs.ext4 -q -F "$run/disk.img"
if [ "$cards" = 1 ]; then
	truncate -s 16M "$run/sd.img" "$run/usb.img"
fi

args=()
for a in "${qemu[@]}"; do
	a=${a//@DISK@/$run/disk.img}
	a=${a//@SD@/$run/sd.img}
	a=${a//@USB@/$run/usb.img}
	args+=("${a//@DTB@/$dtb}")
done
log=$run/serial.log
status=0
timeout --foreground -k 5 "$timeout_s" "${args[@]}" \
	-nic none -display none -serial "file:$log" -no-reboot \
	-kernel "$vmdir/kernel" -initrd "$run/initramfs.cpio.gz" \
	-append "console=$console $append panic=-1 quiet loglevel=3 ${VM_APPEND:-}" </dev/null >&2 ||
	status=$?

tr -d '\r' < "$log" > "$run/serial.txt"
if ! grep -q '^BURNKIT-VM-BEGIN$' "$run/serial.txt"; then
	say "the guest never reached the command (QEMU status $status); serial log ends:"
	tail -n 40 "$run/serial.txt" >&2
	report=$(awk -f "$top/scripts/vm/kernel-report.awk" "$run/serial.txt")
	if [ -n "$report" ]; then
		say "the kernel's report begins:"
		printf '%s\n' "$report" >&2
	fi
	[ "$status" = 124 ] && exit 124
	exit 125
fi
# The command's output; its last line may lack a newline before the marker.
awk '/^BURNKIT-VM-BEGIN$/ { on = 1; next }
     on && /BURNKIT-VM-EXIT [0-9]+$/ { sub(/BURNKIT-VM-EXIT [0-9]+$/, ""); if ($0 != "") print; exit }
     on { print }' "$run/serial.txt"
rc=$(sed -n 's/.*BURNKIT-VM-EXIT \([0-9]*\)$/\1/p' "$run/serial.txt" | tail -n 1)
if [ -z "$rc" ]; then
	if [ "$status" = 124 ]; then
		say "timed out after ${timeout_s}s"
		exit 124
	fi
	say "the guest stopped before the command finished (QEMU status $status)"
	exit 125
fi
exit "$rc"
