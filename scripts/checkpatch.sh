#!/bin/sh
# checkpatch.sh: the kernel's own style checker over the module's sources.
# Debian packages checkpatch.pl only inside the kernel source tarball: fetch
# linux-source once into build/checkpatch/ (about 140 MB, 20 s) and keep
# just the three files checkpatch needs. Exit 1 on any error or warning.
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
. "$top/scripts/apt.sh"
dir=build/checkpatch
cp=$dir/scripts/checkpatch.pl

if [ ! -f "$cp" ]; then
	mkdir -p "$dir"
	pkg=$(apt_cache depends linux-source 2>/dev/null | sed -n 's/^ *Depends: //p' | head -n 1)
	if [ -z "$pkg" ]; then
		echo "checkpatch: no linux-source package known to apt (run apt-get update)" >&2
		exit 1
	fi
	(cd "$dir" && apt_get download "$pkg" >/dev/null 2>&1) || {
		echo "checkpatch: apt-get download $pkg failed (no network or mirror?)" >&2
		exit 1
	}
	ver=${pkg#linux-source-}
	dpkg-deb --fsys-tarfile "$dir"/"$pkg"_*.deb |
		tar -xO "./usr/src/linux-source-$ver.tar.xz" | xz -dc |
		tar -x -C "$dir" --strip-components=1 \
			"linux-source-$ver/scripts/checkpatch.pl" \
			"linux-source-$ver/scripts/spelling.txt" \
			"linux-source-$ver/scripts/const_structs.checkpatch"
	rm -f "$dir"/"$pkg"_*.deb
fi

# kmod/compat.h exists to key on LINUX_VERSION_CODE (an out-of-tree module
# builds on several kernels): there, and only there, checkpatch's advice
# against it, and its taking LINUX_VERSION_CODE for a constant, do not apply.
out=$(perl "$cp" --no-tree --terse --show-types --strict -f $(ls kmod/*.c kmod/*.h kmod/arch/*.h | grep -vx kmod/compat.h))
out=$out$(perl "$cp" --no-tree --terse --show-types --strict \
	--ignore LINUX_VERSION_CODE,CONSTANT_COMPARISON -f kmod/compat.h)
if [ -n "$out" ]; then
	echo "$out"
	exit 1
fi
echo "checkpatch: kmod/ is clean ($(ls kmod/*.c kmod/*.h kmod/arch/*.h | wc -l) files)"
