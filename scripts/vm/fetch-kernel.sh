#!/bin/sh
# fetch-kernel.sh ARCH SERIES OUT: the Debian guest kernel of SERIES for ARCH
# (x86_64, aarch64, armv7), its modules and its headers, ready to boot and to
# build against. SERIES is 6.1 (Debian 12's own kernel), 6.12 (the newer
# kernel Debian 12 also carries) or rt (6.12 with PREEMPT_RT).
#
# The kernels come from Debian 12's suites (bookworm and bookworm-security,
# which carry both series) whatever release the host runs: a Debian 13
# host's own lists have no 6.1 and no 6.12 meta package, and its
# "linux-image-armmp" is a 6.12 kernel, which the matrix took for its ARMv7
# 6.1 guest. So apt asks package lists of this script's own, in
# build/apt/guest-kernels (VM_DEBIAN_MIRROR and VM_DEBIAN_SECURITY name other
# mirrors; the host's apt proxy settings apply), refreshed once a day, and
# the host's sources and dpkg architectures are left as they are.
#
# The kernel version is looked up in those lists (what the meta package of
# the series depends on), never hard-coded, and must be of the series; so
# are the -common headers and the kbuild tools the headers depend on.
# Packages are downloaded once into OUT/debs; a later run with the same
# version reuses them, and a run without network reuses whatever version
# was fetched last.
#
# OUT/kver          the kernel version string, e.g. 6.1.0-NN-amd64
# OUT/root/         dpkg -x of the image (boot/, lib/modules/ with depmod run)
# OUT/headers/      kbuild tree for out-of-tree modules (make -C OUT/headers)
# OUT/kbuild/       the kbuild tools (host programs) the headers point at
# OUT/kernel        the file QEMU boots (uncompressed vmlinux on x86_64)
set -eu
PATH=$PATH:/usr/sbin:/sbin
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/apt.sh"

usage="usage: fetch-kernel.sh ARCH SERIES OUT | --debarch ARCH"
# fetch-kernel.sh --debarch ARCH prints ARCH's Debian architecture (what
# scripts/deps.sh check adds to dpkg for the VM matrix's guests).
query=0
if [ "${1:-}" = --debarch ]; then
	query=1
	shift
fi
arch=${1:?$usage}

case $arch in
x86_64)  base=amd64; debarch=amd64 ;;
aarch64) base=arm64; debarch=arm64 ;;
armv7)   base=armmp; debarch=armhf ;;
*) echo "fetch-kernel: unknown ARCH '$arch' (x86_64, aarch64, armv7)" >&2; exit 2 ;;
esac
if [ "$query" = 1 ]; then
	echo "$debarch"
	exit 0
fi
series=${2:?$usage}
out=${3:?$usage}
# flavour: the kernel version's suffix; meta: the package following the series.
case $series in
6.1)  flavour=$base;    meta=linux-image-$base;        series_version=6.1 ;;
6.12) flavour=$base;    meta=linux-image-6.12-$base;   series_version=6.12 ;;
rt)   flavour=rt-$base; meta=linux-image-6.12-rt-$base; series_version=6.12 ;;
*) echo "fetch-kernel: unknown SERIES '$series' (6.1, 6.12, rt)" >&2; exit 2 ;;
esac

say() { echo "fetch-kernel[$arch $series]: $*" >&2; }

host_debarch=$(dpkg --print-architecture)
pkgarch=""
[ "$debarch" = "$host_debarch" ] || pkgarch=":$debarch"

# Debian 12's lists, of every guest architecture and the host's (the kbuild
# tools run on the host), kept under build/: one lock serialises the guests
# that make check prepares side by side.
guest_apt=$top/build/apt/guest-kernels
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || {
	say "no $keyring: install debian-archive-keyring (scripts/deps.sh check does)"
	exit 1
}
mkdir -p "$guest_apt/lists/partial" "$guest_apt/sources.list.d"
exec 9>"$guest_apt/lock"
flock 9	# until the downloads are done (the sources list too)
mirror=${VM_DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${VM_DEBIAN_SECURITY:-http://deb.debian.org/debian-security}
sources=$(printf 'deb [signed-by=%s] %s %s main\n' \
	"$keyring" "$mirror" bookworm "$keyring" "$security" bookworm-security)
# Written only when it changes: a newer list makes apt rebuild its cache.
[ "$(cat "$guest_apt/sources.list" 2>/dev/null)" = "$sources" ] ||
	echo "$sources" > "$guest_apt/sources.list"
guest_archs=$(printf '%s\n' amd64 arm64 armhf "$host_debarch" | sort -u | paste -sd, -)
guest_apt() {
	cmd=$1
	shift
	"$cmd" -o Dir::Etc::SourceList="$guest_apt/sources.list" \
		-o Dir::Etc::SourceParts="$guest_apt/sources.list.d" \
		-o Dir::State::Lists="$guest_apt/lists" \
		-o Dir::Cache::pkgcache="$guest_apt/pkgcache.bin" \
		-o Dir::Cache::srcpkgcache="$guest_apt/srcpkgcache.bin" \
		-o APT::Architectures="$guest_archs" -o Acquire::Languages=none \
		-o APT::Sandbox::User=root "$@"
}
# update_lists: fetch Debian 12's lists again (an architecture whose index
# fails to download does not cost the others theirs: scripts/apt.sh); 0 when
# every index came. The stamp says when it was last tried: once a day, not
# once a guest while a mirror serves a broken index.
updated_now=
update_lists() {
	say "fetching Debian 12's package lists ($mirror, $security)"
	touch "$guest_apt/updated"
	updated_now=yes
	APT_UPDATE_ARCHS=$guest_archs apt_update guest_apt
}

# depends PACKAGE PATTERN: the first dependency of PACKAGE matching PATTERN
# (a sed regular expression whose group 1 is the part wanted), without the
# :ARCH suffix and <virtual> brackets apt-cache gives foreign packages.
depends() {
	guest_apt apt-cache depends "$1" 2>/dev/null | sed 's/[<>]//g; s/:[a-z0-9]*$//' |
		sed -n "s/^ *Depends: $2\$/\1/p" | head -n 1
}
lookup() {
	depends "$meta$pkgarch" "linux-image-\(${series_version}[.][0-9][^ :]*-$flavour\)"
}

if [ -z "$(find "$guest_apt/updated" -mmin -1440 2>/dev/null)" ]; then
	update_lists || say "going on with the lists there are"
fi
kver=$(lookup || true)
if [ -z "$kver" ] && [ -z "$updated_now" ]; then
	update_lists || true
	kver=$(lookup || true)
fi
if [ -z "$kver" ]; then
	if [ -s "$out/kver" ]; then
		kver=$(cat "$out/kver")
		say "Debian 12's lists have no $meta$pkgarch of $series_version; reusing $kver"
	else
		say "cannot find $meta$pkgarch of $series_version in Debian 12's lists"
		exit 1
	fi
fi

if [ -s "$out/kver" ] && [ "$(cat "$out/kver")" = "$kver" ] &&
   [ -e "$out/kernel" ] && [ -d "$out/headers" ]; then
	exit 0
fi

say "kernel $kver"
hdrs=linux-headers-$kver
common=$(depends "$hdrs$pkgarch" "\(linux-headers-[^ ]*-common[^ ]*\)")
kbuild=$(depends "$hdrs$pkgarch" "\(linux-kbuild-[^ ]*\)")
if [ -z "$common" ] || [ -z "$kbuild" ]; then
	say "cannot find what $hdrs depends on (-common headers, kbuild tools)"
	exit 1
fi
rm -rf "$out/root" "$out/headers" "$out/common" "$out/kbuild" "$out/kernel" "$out/kver"
mkdir -p "$out/debs" "$out/root" "$out/common" "$out/kbuild"

# The kbuild tools run on the build machine: host architecture.
(
	cd "$out/debs"
	for p in "linux-image-$kver$pkgarch" "$hdrs$pkgarch" "$common" "$kbuild"; do
		name=${p%%:*}
		if ! ls "${name}"_*.deb >/dev/null 2>&1; then
			say "downloading $p"
			# A version the lists name may have left the mirror since.
			guest_apt apt-get download -q "$p" >/dev/null ||
				{ update_lists && guest_apt apt-get download -q "$p" >/dev/null; }
		fi
	done
)
exec 9>&-	# the lists are done with: the other guests may go on

dpkg -x "$out"/debs/linux-image-"$kver"_*.deb "$out/root"
tmp=$out/headers.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
dpkg -x "$out"/debs/"$hdrs"_*.deb "$tmp"
dpkg -x "$out"/debs/"$common"_*.deb "$out/common"
dpkg -x "$out"/debs/"$kbuild"_*.deb "$out/kbuild"
mv "$tmp/usr/src/$hdrs" "$out/headers"
rm -rf "$tmp"

# The packaged headers point at the kbuild tools and at the -common tree by
# absolute paths; repoint them at what we extracted.
tools=$(cd "$out/kbuild/usr/lib/$kbuild" && pwd)
cdir=$(cd "$out/common/usr/src/$common" && pwd)
for d in scripts tools; do
	rm -f "$out/headers/$d"
	ln -s "$tools/$d" "$out/headers/$d"
done
sed -i "s|^include /usr/src/$common/|include $cdir/|" "$out/headers/Makefile"
# The -common tree links back to the kbuild tools too.
for d in scripts tools; do
	if [ -L "$cdir/$d" ] || [ ! -e "$cdir/$d" ]; then
		rm -f "$cdir/$d"
		ln -s "$tools/$d" "$cdir/$d"
	fi
done

depmod -b "$out/root" "$kver"

# find_vmlinux IMAGE MAGIC DECOMPRESSOR...: the first stream in IMAGE that
# starts with MAGIC (a grep -P pattern) and decompresses to an ELF file.
find_vmlinux() {
	img=$1 magic=$2
	shift 2
	for off in $(LC_ALL=C grep -obUaP "$magic" "$img" | cut -d: -f1); do
		# Trailing data after the stream makes the decompressor complain.
		tail -c +$((off + 1)) "$img" | "$@" > "$out/kernel.tmp" 2>/dev/null || true
		if [ "$(head -c 4 "$out/kernel.tmp" | od -An -c | tr -d ' ')" = '177ELF' ]; then
			mv "$out/kernel.tmp" "$out/kernel"
			return 0
		fi
	done
	rm -f "$out/kernel.tmp"
	return 1
}

case $arch in
x86_64)
	# Debian's kernel has CONFIG_PVH: QEMU boots the uncompressed vmlinux
	# directly, several seconds faster than the bzImage through the BIOS.
	# It sits inside the bzImage as an XZ (6.1) or zstd (6.12) stream.
	img=$out/root/boot/vmlinuz-$kver
	find_vmlinux "$img" '\xfd7zXZ\x00' xz -dc --single-stream ||
	find_vmlinux "$img" '\x28\xb5\x2f\xfd' zstd -dcq ||
	{ say "no XZ- or zstd-compressed ELF vmlinux in $img"; exit 1; }
	;;
*)
	# arm64: a plain Image; armhf: a zImage; QEMU boots either.
	ln -s "root/boot/vmlinuz-$kver" "$out/kernel"
	;;
esac

echo "$kver" > "$out/kver"
say "ready in $out"
