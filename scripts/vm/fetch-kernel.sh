#!/bin/sh
# fetch-kernel.sh ARCH OUT: the Debian guest kernel for ARCH (x86_64, aarch64,
# armv7), its modules and its headers, ready to boot and to build against.
#
# The kernel ABI version is looked up in the package lists (the one that the
# meta package linux-image-<flavour> depends on), never hard-coded. Packages
# are downloaded once into OUT/debs; a later run with the same version reuses
# them, and a run without network reuses whatever version was fetched last.
#
# OUT/kver          the kernel version string, e.g. 6.1.0-NN-amd64
# OUT/root/         dpkg -x of the image (boot/, lib/modules/ with depmod run)
# OUT/headers/      kbuild tree for out-of-tree modules (make -C OUT/headers)
# OUT/kernel        the file QEMU boots (uncompressed vmlinux on x86_64)
set -eu
PATH=$PATH:/usr/sbin:/sbin

arch=${1:?usage: fetch-kernel.sh ARCH OUT}
out=${2:?usage: fetch-kernel.sh ARCH OUT}

case $arch in
x86_64)  flavour=amd64; debarch=amd64 ;;
aarch64) flavour=arm64; debarch=arm64 ;;
armv7)   flavour=armmp; debarch=armhf ;;
*) echo "fetch-kernel: unknown ARCH '$arch'" >&2; exit 2 ;;
esac

say() { echo "fetch-kernel[$arch]: $*" >&2; }

host_debarch=$(dpkg --print-architecture)
pkgarch=""
if [ "$debarch" != "$host_debarch" ]; then
	pkgarch=":$debarch"
	if ! dpkg --print-foreign-architectures | grep -qx "$debarch"; then
		say "adding dpkg architecture $debarch"
		dpkg --add-architecture "$debarch"
		apt-get update -q >/dev/null 2>&1 ||
			say "apt-get update reported errors; going on with the lists it got"
	fi
fi

# linux-image-<flavour> depends on linux-image-<abi>-<flavour>.
lookup() {
	apt-cache depends "linux-image-$flavour$pkgarch" 2>/dev/null |
		sed -n "s/^ *Depends: linux-image-\([0-9][^ :]*-$flavour\).*/\1/p" |
		head -n 1
}

kver=$(lookup || true)
if [ -z "$kver" ]; then
	apt-get update -q >/dev/null 2>&1 || true
	kver=$(lookup || true)
fi
if [ -z "$kver" ]; then
	if [ -s "$out/kver" ]; then
		kver=$(cat "$out/kver")
		say "package lists have no linux-image-$flavour; reusing $kver"
	else
		say "cannot find linux-image-$flavour$pkgarch in the package lists"
		exit 1
	fi
fi

if [ -s "$out/kver" ] && [ "$(cat "$out/kver")" = "$kver" ] &&
   [ -e "$out/kernel" ] && [ -d "$out/headers" ]; then
	exit 0
fi

abi=${kver%-"$flavour"}
say "kernel $kver"
rm -rf "$out/root" "$out/headers" "$out/common" "$out/kernel" "$out/kver"
mkdir -p "$out/debs" "$out/root" "$out/common"

(
	cd "$out/debs"
	for p in "linux-image-$kver$pkgarch" "linux-headers-$kver$pkgarch" \
		 "linux-headers-$abi-common"; do
		name=${p%%:*}
		if ! ls "${name}"_*.deb >/dev/null 2>&1; then
			say "downloading $p"
			apt-get download -q -o APT::Sandbox::User=root "$p" >/dev/null
		fi
	done
)

dpkg -x "$out"/debs/linux-image-"$kver"_*.deb "$out/root"
tmp=$out/headers.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
dpkg -x "$out"/debs/linux-headers-"$kver"_*.deb "$tmp"
dpkg -x "$out"/debs/linux-headers-"$abi"-common_*.deb "$out/common"
mv "$tmp/usr/src/linux-headers-$kver" "$out/headers"
rm -rf "$tmp"

# The packaged headers point at the host's kbuild tools and at the -common
# tree by absolute paths; repoint them at what we extracted.
kbuild_ver=${abi%%-*}
kbuild_ver=$(echo "$kbuild_ver" | cut -d. -f1,2)
kbuild=/usr/lib/linux-kbuild-$kbuild_ver
if [ ! -d "$kbuild/scripts" ]; then
	say "missing $kbuild: install linux-kbuild-$kbuild_ver (comes with linux-headers-amd64)"
	exit 1
fi
for d in scripts tools; do
	rm -f "$out/headers/$d"
	ln -s "$kbuild/$d" "$out/headers/$d"
done
common=$(cd "$out/common/usr/src/linux-headers-$abi-common" && pwd)
sed -i "s|^include /usr/src/linux-headers-$abi-common/|include $common/|" \
	"$out/headers/Makefile"
# The -common tree links back to the kbuild tools by relative path too.
for d in scripts tools; do
	if [ -L "$common/$d" ] || [ ! -e "$common/$d" ]; then
		rm -f "$common/$d"
		ln -s "$kbuild/$d" "$common/$d"
	fi
done

depmod -b "$out/root" "$kver"

case $arch in
x86_64)
	# Debian's kernel has CONFIG_PVH: QEMU boots the uncompressed vmlinux
	# directly, several seconds faster than the bzImage through the BIOS.
	# It sits inside the bzImage as an XZ stream.
	img=$out/root/boot/vmlinuz-$kver
	for off in $(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$img" | cut -d: -f1); do
		tail -c +$((off + 1)) "$img" |
			xz -dc --single-stream > "$out/kernel.tmp" 2>/dev/null || continue
		if [ "$(head -c 4 "$out/kernel.tmp" | od -An -c | tr -d ' ')" = '177ELF' ]; then
			mv "$out/kernel.tmp" "$out/kernel"
			break
		fi
	done
	rm -f "$out/kernel.tmp"
	if [ ! -s "$out/kernel" ]; then
		say "no XZ-compressed ELF vmlinux in $img"
		exit 1
	fi
	;;
*)
	ln -s "root/boot/vmlinuz-$kver" "$out/kernel"
	;;
esac

echo "$kver" > "$out/kver"
say "ready in $out"
