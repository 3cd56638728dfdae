#!/bin/sh
# mkinitramfs.sh ARCH KERNEL_DIR OUT: the base initramfs of the test VM for
# ARCH, as a gzip'd cpio: a static busybox for the guest architecture, the
# init script, iproute2's ip and tc with their libraries
# (scripts/vm/userland.sh), and a module tree that busybox modprobe can use:
# lib/modules/KVER/ with the modules of the list below and everything they
# depend on (decompressed: busybox insmod does not read .ko.xz), and the
# modules.{dep,alias,symbols,builtin,order} that depmod makes for exactly
# those. KERNEL_DIR is what scripts/vm/fetch-kernel.sh prepared. scripts/vm.sh
# appends a second archive per run with the command, burnkit.ko, the runner
# and the tests (the kernel unpacks concatenated archives in order).
set -eu
PATH=$PATH:/usr/sbin:/sbin

arch=${1:?usage: mkinitramfs.sh ARCH KERNEL_DIR OUT}
kdir=${2:?usage: mkinitramfs.sh ARCH KERNEL_DIR OUT}
out=${3:?usage: mkinitramfs.sh ARCH KERNEL_DIR OUT}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
. "$top/scripts/apt.sh"

case $arch in
x86_64)  debarch=amd64 ;;
aarch64) debarch=arm64 ;;
armv7)   debarch=armhf ;;
*) echo "mkinitramfs: unknown ARCH '$arch'" >&2; exit 2 ;;
esac
pkgarch=""
[ "$debarch" = "$(dpkg --print-architecture)" ] || pkgarch=":$debarch"

kver=$(cat "$kdir/kver")
mods=$kdir/root/lib/modules/$kver

# busybox-static for the guest, fetched once beside the kernel packages.
if ! ls "$kdir"/debs/busybox-static_*.deb >/dev/null 2>&1; then
	(cd "$kdir/debs" &&
	 apt_get download -q -o APT::Sandbox::User=root "busybox-static$pkgarch" >/dev/null)
fi

stage=$(mktemp -d "${out}.stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT
bb=$stage/bb
mkdir -p "$bb"
dpkg -x "$kdir"/debs/busybox-static_*.deb "$bb"

root=$stage/root
mkdir -p "$root/bin" "$root/dev" "$root/proc" "$root/sys" "$root/tmp" \
	"$root/mnt" "$root/root" "$root/lib/modules/$kver" "$root/burnkit"
# /bin/busybox in Debian 12's package, /usr/bin/busybox in Debian 13's
# (merged /usr): the link such a system has, as scripts/vm/userland.sh makes.
[ -e "$bb/bin" ] || [ ! -d "$bb/usr/bin" ] || ln -s usr/bin "$bb/bin"
cp "$bb/bin/busybox" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
cp "$here/vm/init.sh" "$root/init"
chmod 0755 "$root/init"
# iproute2's ip and tc, with their libraries.
"$here/vm/userland.sh" "$arch" "$kdir" "$root"

# The modules a guest may load. The disk: virtio (PCI on x86_64 and aarch64,
# MMIO on armv7) and ext4. For the drive and network tests: scsi_debug and
# sd_mod (a fake disk; Debian builds scsi_debug for amd64 only), null_blk,
# brd (RAM disks: the backing of device-mapper fakes on every guest),
# dm_mod, dm_zero and dm_flakey (device-mapper), vfat with its code pages
# (a FAT file system on a fake card), veth and sch_netem. For the device
# identity tests on x86_64: an SD card on a PCI SD host (sdhci_pci,
# mmc_block) and a USB disk (xhci_pci, usb_storage). On the
# Raspberry Pi 3 model (the aarch64 kernel): its SD hosts, thermal sensor and
# watchdog (the only way that machine powers off). A module the kernel
# lacks is left out with a warning; one built in needs no file.
modules="virtio_pci virtio_mmio virtio_blk ext4
	null_blk brd dm_mod dm_zero dm_flakey vfat nls_cp437 nls_ascii nls_utf8
	veth sch_netem"
case $arch in
x86_64)  modules="$modules scsi_debug sd_mod
	sdhci_pci mmc_block xhci_pci usb_storage" ;;
aarch64) modules="$modules
	sdhci_iproc mmc_block bcm2835 bcm2835_thermal bcm2835_wdt" ;;
esac

# Each module and its dependencies at their place in the tree, once each,
# decompressed. The crc32c-intel soft dependency is left out: crc32c_generic
# serves any CPU (the default qemu64 CPU lacks SSE4.2).
tree=$root/lib/modules/$kver
for m in $modules; do
	if ! deps=$(modprobe -d "$kdir/root" -S "$kver" --show-depends "$m" 2>/dev/null); then
		echo "mkinitramfs: $kver has no module $m; left out" >&2
		continue
	fi
	echo "$deps" | sed -n 's/^insmod \([^ ]*\).*/\1/p'
done | while read -r ko; do
	rel=${ko#"$mods/"}
	case $rel in
	*/crc32c-intel.ko*) continue ;;
	*.ko.xz) dst=$tree/${rel%.xz} ;;
	*) dst=$tree/$rel ;;
	esac
	[ -e "$dst" ] && continue
	mkdir -p "$(dirname "$dst")"
	case $rel in
	*.ko.xz) xz -dc "$ko" > "$dst" ;;
	*) cp "$ko" "$dst" ;;
	esac
done
for f in modules.builtin modules.builtin.modinfo modules.order; do
	[ -e "$mods/$f" ] && cp "$mods/$f" "$tree/$f"
done
depmod -b "$root" "$kver"
rm -f "$tree"/*.bin

(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) |
	gzip -1 > "$out.tmp"
mv "$out.tmp" "$out"
