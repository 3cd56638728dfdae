#!/bin/sh
# deps.sh [build|check [VM_ARCH...]|bench]: install the Debian packages
# burnkit needs.
#   build  compile the runner and the module (make, make run)
#   check  everything `make check` uses: cross compilers, qemu, Criterion,
#          clang's libFuzzer, the VM kernel tools (and Debian's archive keys
#          for their package lists), Chromium, promtool and
#          ansible-core for the pages, textfiles and playbook, fio and
#          fincore for the drive bench's verdict test (default)
#   bench  what the benchmarks compare with and count by (fio, fincore,
#          valgrind, iperf3; iproute2 for the network namespaces of lan.sh)
# check also adds the dpkg architectures of the VM tests' guests, for each
# VM_ARCH given (make check gives the arches of its VM matrix).
# Idempotent; silent when everything is present. Not root and no
# password-less sudo: prints the commands to run and exits 1.
set -eu

profile=${1:-check}
[ $# -gt 0 ] && shift
arch=$(dpkg --print-architecture 2>/dev/null || echo unknown)

build="gcc make libc6-dev pkg-config binutils kmod"
# burnkit gpu: EGL and OpenGL ES 2 headers (optional at build time, found by
# pkg-config) and Mesa's EGL driver with its DRI drivers (V3D on a Pi,
# llvmpipe on the CPU where there is no GPU).
gles="libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri"
build="$build $gles"
case $arch in
	amd64) headers=linux-headers-amd64 ;;
	arm64) headers=linux-headers-arm64 ;;
	armhf) headers=linux-headers-armmp ;;
	*) headers= ;;
esac
# Module headers for the running kernel, when Debian packages them.
running=linux-headers-$(uname -r)
if apt-cache show "$running" >/dev/null 2>&1; then
	headers="$headers $running"
fi

check="$build clang libclang-rt-dev libcriterion-dev valgrind libxml2-utils
	qemu-user-static qemu-system-x86 qemu-system-arm busybox-static cpio
	e2fsprogs xz-utils zstd dwarves perl libnl-3-dev libnl-genl-3-dev
	iproute2 chromium prometheus ansible-core fio util-linux-extra
	debian-archive-keyring"
# The VM matrix's guest kernels are Debian 12's (scripts/vm/fetch-kernel.sh),
# whose headers build modules with the compiler the kernel was built with,
# gcc-12 by name: Debian 12's default, another release's extra one (Debian
# 13's default is gcc-14).
case $arch in
	amd64) check="$check gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf
		libc6-dev-arm64-cross libc6-dev-armhf-cross
		binutils-aarch64-linux-gnu binutils-arm-linux-gnueabihf linux-headers-amd64
		gcc-12 gcc-12-aarch64-linux-gnu gcc-12-arm-linux-gnueabihf" ;;
	arm64) check="$check gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
		binutils-arm-linux-gnueabihf gcc-12 gcc-12-arm-linux-gnueabihf" ;;
esac
# util-linux-extra: fincore, with which drive.sh counts fio's file's pages in RAM.
bench="$build fio util-linux-extra valgrind iperf3 iproute2"

case $profile in
	build) want="$build $headers" ;;
	check) want="$check" ;;
	bench) want="$bench" ;;
	*) echo "usage: scripts/deps.sh [build|check [VM_ARCH...]|bench]" >&2; exit 2 ;;
esac

missing=
for p in $want; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case $st in
		*"install ok installed"*) ;;
		*) missing="$missing $p" ;;
	esac
done
# The VM matrix of make check boots guests of the other architectures too,
# with the host's programs (ip, tc) from Debian's packages of the guest's
# architecture (scripts/vm/userland.sh, busybox in scripts/mkinitramfs.sh):
# the host's package lists need those dpkg architectures, which only root
# can add. (Their kernels come from lists of their own: vm/fetch-kernel.sh.)
foreign=
if [ "$profile" = check ]; then
	for vm_arch in "$@"; do
		a=$("$(dirname "$0")/vm/fetch-kernel.sh" --debarch "$vm_arch")
		[ "$a" = "$arch" ] && continue
		dpkg --print-foreign-architectures | grep -qx "$a" || foreign="$foreign $a"
	done
fi
[ -z "$missing" ] && [ -z "$foreign" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	sudo=
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	sudo=sudo
else
	for a in $foreign; do
		echo "burnkit: the VM tests' guests need the dpkg architecture $a:" >&2
		echo "  sudo dpkg --add-architecture $a && sudo apt-get update" >&2
	done
	if [ -n "$missing" ]; then
		echo "burnkit: these Debian packages are missing:$missing" >&2
		echo "burnkit: install them with:" >&2
		echo "  sudo apt-get update && sudo apt-get install -y$missing" >&2
	fi
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/apt.sh"
if [ -n "$foreign" ]; then
	echo "burnkit: adding the dpkg architectures of the VM tests' guests:$foreign"
	for a in $foreign; do
		$sudo dpkg --add-architecture "$a"
	done
	apt_update $sudo || echo "burnkit: apt-get update reported errors; going on" >&2
fi
[ -z "$missing" ] && exit 0
echo "burnkit: installing:$missing"
# Install straight away when the package lists are fresh enough; else update.
if ! $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null 2>&1; then
	apt_update $sudo || echo "burnkit: apt-get update reported errors; going on" >&2
	$sudo apt-get install -y -qq --no-install-recommends $missing
fi
