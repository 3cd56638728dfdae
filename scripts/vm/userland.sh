#!/bin/sh
# userland.sh ARCH KERNEL_DIR ROOT [NAME:DEST...]: dynamically linked
# programs beside busybox, with their shared libraries and the dynamic
# loader, into the initramfs tree ROOT, each program NAME at DEST. Without
# NAME:DEST, what every VM test guest has: busybox's ip has no netns and its
# tc no netem, so iproute2's ip and tc go in as /usr/sbin/ip and
# /usr/sbin/tc (off the guest's PATH: busybox's own stay the default).
# scripts/vm.sh --userland adds others to one run (the network bench's
# iperf3 and bash: scripts/bench/lan.sh --guest).
#
# For the host's architecture the host's own files are taken. For another
# one, the Debian packages of the same programs and libraries (named by
# dpkg -S on the host's copies) are fetched once for that architecture into
# KERNEL_DIR/debs/userland and unpacked into a scratch tree; the libraries
# are found by the programs' DT_NEEDED entries (readelf), recursively, in
# that tree. A program that cannot be packed whole is left out with a
# warning: the tests that need it skip and say so.
set -eu
PATH=$PATH:/usr/sbin:/sbin
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/apt.sh"

usage="usage: userland.sh ARCH KERNEL_DIR ROOT [NAME:DEST...]"
arch=${1:?$usage}
kdir=${2:?$usage}
root=${3:?$usage}
shift 3

multiarch() {	# DEBIAN_ARCH: its library directory's name
	case $1 in
	amd64) echo x86_64-linux-gnu ;;
	arm64) echo aarch64-linux-gnu ;;
	armhf) echo arm-linux-gnueabihf ;;
	*) echo "$1-linux-gnu" ;;
	esac
}
case $arch in
x86_64)  debarch=amd64 ;;
aarch64) debarch=arm64 ;;
armv7)   debarch=armhf ;;
*) echo "userland: unknown ARCH '$arch'" >&2; exit 2 ;;
esac
triplet=$(multiarch "$debarch")
host_debarch=$(dpkg --print-architecture)
host_triplet=$(multiarch "$host_debarch")

# program name and where it goes in the guest
progs=${*:-ip:/usr/sbin/ip tc:/usr/sbin/tc}

say() { echo "userland[$arch]: $*" >&2; }

# needed FILE: the sonames FILE asks for.
needed() {
	readelf -d "$1" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'
}
# interp FILE: its dynamic loader, as an absolute path.
interp() {
	readelf -l "$1" 2>/dev/null | sed -n 's/.*program interpreter: \(.*\)\]$/\1/p'
}
# resolve SYSROOT PATH: PATH with its symbolic links followed inside
# SYSROOT (a package's absolute links point into its own tree).
resolve() {
	f=$2
	n=0
	while [ -L "$f" ] && [ $n -lt 20 ]; do
		t=$(readlink "$f")
		case $t in
		/*) f=$1$t ;;
		*) f=$(dirname "$f")/$t ;;
		esac
		n=$((n + 1))
	done
	echo "$f"
}
# find_lib SYSROOT SONAME: the file in SYSROOT's library directories (the
# host's, when SYSROOT is the host).
find_lib() {
	for d in lib/$triplet usr/lib/$triplet lib/$host_triplet usr/lib/$host_triplet \
		 lib usr/lib; do
		if [ -f "$(resolve "$1" "$1/$d/$2")" ]; then
			echo "$1/$d/$2"
			return 0
		fi
	done
	return 1
}
# closure SYSROOT FILE: FILE's libraries, recursively, one path a line
# (named by soname, perhaps a link); fails naming the first soname not found.
closure() {
	todo=$(needed "$2")
	seen=" "
	while [ -n "$todo" ]; do
		next=""
		for so in $todo; do
			case $seen in *" $so "*) continue ;; esac
			seen="$seen$so "
			if ! lib=$(find_lib "$1" "$so"); then
				echo "no $so" >&2
				return 1
			fi
			echo "$lib"
			next="$next $(needed "$(resolve "$1" "$lib")")"
		done
		todo=$next
	done
}

if [ "$debarch" = "$host_debarch" ]; then
	sysroot=
else
	# The host's packages of the programs and their libraries, for ARCH.
	pkgs=""
	for p in $progs; do
		host=$(command -v "${p%%:*}") || continue
		for f in "$host" $(closure "" "$(readlink -f "$host")" 2>/dev/null); do
			# dpkg knows a file by the path its package gave, which on a
			# merged /usr may be the one without /usr or behind a link.
			real=$(readlink -f "$f")
			pkg=""
			for q in "$f" "$real" "${real#/usr}"; do
				pkg=$(dpkg -S "$q" 2>/dev/null) && break
			done
			[ -n "$pkg" ] && pkgs="$pkgs ${pkg%%:*}"
		done
	done
	pkgs=$(echo "$pkgs" | tr ' ' '\n' | sed '/^$/d' | sort -u)
	debs=$kdir/debs/userland
	mkdir -p "$debs"
	for pkg in $pkgs; do
		ls "$debs/${pkg}_"*"_$debarch.deb" >/dev/null 2>&1 && continue
		(cd "$debs" && apt_get download -q -o APT::Sandbox::User=root \
			"$pkg:$debarch" >/dev/null 2>&1) || say "cannot fetch $pkg:$debarch"
	done
	sysroot=$(mktemp -d "${root%/}.userland.XXXXXX")
	trap 'rm -rf "$sysroot"' EXIT
	for pkg in $pkgs; do
		for deb in "$debs/${pkg}_"*"_$debarch.deb"; do
			[ -e "$deb" ] && dpkg -x "$deb" "$sysroot"
		done
	done
	# Debian 13's packages keep /lib's files in /usr/lib (merged /usr), and
	# the programs still name /lib/ld-linux-*.so: the links such a system has.
	for d in lib bin sbin; do
		[ -e "$sysroot/$d" ] || [ ! -d "$sysroot/usr/$d" ] || ln -s "usr/$d" "$sysroot/$d"
	done
fi

for p in $progs; do
	name=${p%%:*}
	dest=${p#*:}
	if [ -z "$sysroot" ]; then
		src=$(command -v "$name") || { say "no $name on this host; left out"; continue; }
		src=$(readlink -f "$src")
	else
		src=""
		for d in usr/sbin sbin usr/bin bin; do
			f=$(resolve "$sysroot" "$sysroot/$d/$name")
			[ -f "$f" ] && { src=$f; break; }
		done
		[ -n "$src" ] || { say "no $name for $debarch; left out"; continue; }
	fi
	loader=$(interp "$src")
	if ! libs=$(closure "$sysroot" "$src" 2>"$root/.why") ||
	   [ -z "$loader" ] || [ ! -f "$(resolve "$sysroot" "$sysroot$loader")" ]; then
		say "$name left out: its libraries are incomplete ($(cat "$root/.why"))"
		rm -f "$root/.why"
		continue
	fi
	rm -f "$root/.why"
	mkdir -p "$root$(dirname "$dest")" "$root/lib/$triplet" "$root$(dirname "$loader")"
	cp -L "$src" "$root$dest"
	[ -e "$root$loader" ] || cp -L "$(resolve "$sysroot" "$sysroot$loader")" "$root$loader"
	for lib in $libs; do
		[ -e "$root/lib/$triplet/$(basename "$lib")" ] ||
			cp -L "$(resolve "$sysroot" "$lib")" "$root/lib/$triplet/$(basename "$lib")"
	done
done
# ip netns keeps its namespaces under /run/netns.
mkdir -p "$root/run" "$root/var"
[ -e "$root/var/run" ] || ln -s ../run "$root/var/run"
