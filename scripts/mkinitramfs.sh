#!/bin/sh
# mkinitramfs.sh ARCH KERNEL_DIR OUT: the base initramfs of the test VM for
# ARCH, as a gzip'd cpio: a static busybox for the guest architecture, the
# init script and the guest kernel's virtio and ext4 modules in load order.
# KERNEL_DIR is what scripts/vm/fetch-kernel.sh prepared. scripts/vm.sh
# appends a second archive per run with the command, burnkit.ko, the runner
# and the tests (the kernel unpacks concatenated archives in order).
set -eu
PATH=$PATH:/usr/sbin:/sbin

arch=${1:?usage: mkinitramfs.sh ARCH KERNEL_DIR OUT}
kdir=${2:?usage: mkinitramfs.sh ARCH KERNEL_DIR OUT}
out=${3:?usage: mkinitramfs.sh ARCH KERNEL_DIR OUT}
here=$(cd "$(dirname "$0")" && pwd)

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
	 apt-get download -q -o APT::Sandbox::User=root "busybox-static$pkgarch" >/dev/null)
fi

stage=$(mktemp -d "${out}.stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT
bb=$stage/bb
mkdir -p "$bb"
dpkg -x "$kdir"/debs/busybox-static_*.deb "$bb"

root=$stage/root
mkdir -p "$root/bin" "$root/dev" "$root/proc" "$root/sys" "$root/tmp" \
	"$root/mnt" "$root/root" "$root/lib/modules/boot" "$root/burnkit"
cp "$bb/bin/busybox" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
cp "$here/vm/init.sh" "$root/init"
chmod 0755 "$root/init"

# Drivers for the virtio disk and ext4, in dependency order, once each. The
# crc32c-intel soft dependency is left out: crc32c_generic serves any CPU.
: > "$root/lib/modules/boot/order"
for m in virtio_pci virtio_mmio virtio_blk ext4; do
	modprobe -d "$kdir/root" -S "$kver" --show-depends "$m" 2>/dev/null |
		sed -n 's/^insmod \([^ ]*\).*/\1/p'
done | while read -r ko; do
	name=$(basename "$ko")
	case $name in crc32c-intel.ko) continue ;; esac
	grep -qx "$name" "$root/lib/modules/boot/order" && continue
	cp "$ko" "$root/lib/modules/boot/$name"
	echo "$name" >> "$root/lib/modules/boot/order"
done

(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) |
	gzip -1 > "$out.tmp"
mv "$out.tmp" "$out"
