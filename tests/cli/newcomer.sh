#!/bin/sh
# The newcomer's path (TAP): a fresh clone started from anywhere. No test
# reads the shell's previous directory or depends on the one it started
# in; the checkout's make works from another directory (make -C) and after
# `cd /` then `cd` into it, with nothing in the environment but a minimal
# PATH and HOME, the way .ci/run starts make check; the package lists the
# guests' kernels come from survive a mirror that fails one architecture,
# and are Debian 12's whatever release the host runs.
#   tests/cli/newcomer.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

ok "no test or script reads the shell's previous directory" sh -c \
	"! grep -rn --exclude=newcomer.sh 'OLDPWD' tests scripts .ci Makefile kmod/kmod.mk"
# cli.sh is the quickest suite; every suite starts through lib.sh.
ok "cli.sh passes started from / (absolute paths, clean environment)" sh -c \
	"cd / && env -i PATH='$path' HOME='$tmp' OLDPWD=/ sh '$top/tests/cli/cli.sh' '$runner' $emu >'$tmp/cli1' 2>&1 || { grep 'not ok' '$tmp/cli1'; exit 1; }"
ok "cli.sh passes started from build/ with relative paths" sh -c \
	"cd '$tmp' && mkdir -p sub && cd sub && cp '$runner' ./bk && env -i PATH='$path' HOME='$tmp' OLDPWD=/ JSONL_CHECK='$check' sh '$top/tests/cli/cli.sh' bk $emu >'$tmp/cli2' 2>&1 || { grep 'not ok' '$tmp/cli2'; exit 1; }"
if [ -n "$emu" ]; then
	skip "make -C CHECKOUT all from /" "the checkout's make is tried with the host runner"
	skip ".ci/run's way: cd /, cd CHECKOUT, env -i, make" "the checkout's make is tried with the host runner"
else
	ok "make -C CHECKOUT all from / in a clean environment" sh -c \
		"cd / && env -i PATH='$path' HOME='$tmp' make --no-print-directory -C '$top' all"
	ok ".ci/run's way: cd /, cd CHECKOUT, env -i, make (target all)" sh -c \
		"cd / && env -i PATH='$path' HOME='$tmp' '$top/.ci/run' all"
	ok ".ci/run starts from / under env -i" sh -c \
		"grep -q '^cd /' '$top/.ci/run' && grep -q 'env -i' '$top/.ci/run'"
fi

# make check's job count: sized to the machine, never 0, never past its CPUs.
cpus=$(getconf _NPROCESSORS_ONLN)
ok "make check's job count: 1 to $cpus" sh -c \
	"n=\$('$top/scripts/check_jobs.sh') && [ \"\$n\" -ge 1 ] && [ \"\$n\" -le $cpus ] || { echo \"got '\$n'\"; exit 1; }"

# deps.sh check VM_ARCH... prepares the dpkg architectures of the VM guests'
# kernels: as root it adds them, as a user it says what to run. dpkg,
# apt-get, id and sudo are stand-ins here that log what they were asked
# (nothing is changed). The guests: the three of make check's matrix; on a
# PC two of them are foreign, the host's own is not added.
host_arch=$(dpkg --print-architecture 2>/dev/null || echo unknown)
vm_arches="x86_64 aarch64 armv7"
case $host_arch in
amd64) guest_arches="arm64 armhf" ;;
arm64) guest_arches="amd64 armhf" ;;
*) guest_arches= ;;
esac
if [ -n "$emu" ]; then
	skip "deps.sh check: missing guest architectures, as a user" "deps.sh is tried with the host runner"
	skip "deps.sh check: missing guest architectures, as root" "deps.sh is tried with the host runner"
elif [ -z "$guest_arches" ]; then
	skip "deps.sh check: missing guest architectures, as a user" "no guest kernels of other architectures on $host_arch"
	skip "deps.sh check: missing guest architectures, as root" "no guest kernels of other architectures on $host_arch"
else
	mkdir -p "$tmp/mock"
	cat >"$tmp/mock/dpkg" <<-EOF
	#!/bin/sh
	case \$1 in
	--print-foreign-architectures) ;;
	--add-architecture) echo "dpkg \$*" >>"$tmp/mock.log" ;;
	*) exec /usr/bin/dpkg "\$@" ;;
	esac
	EOF
	printf '#!/bin/sh\necho "apt-get $*" >>"%s"\n' "$tmp/mock.log" >"$tmp/mock/apt-get"
	printf '#!/bin/sh\necho "$MOCK_UID"\n' >"$tmp/mock/id"
	printf '#!/bin/sh\nexit 1\n' >"$tmp/mock/sudo"
	chmod +x "$tmp/mock/dpkg" "$tmp/mock/apt-get" "$tmp/mock/id" "$tmp/mock/sudo"
	first=${guest_arches%% *}
	ok "deps.sh check: missing guest architectures, as a user: exit 1, the commands to run" sh -c \
		"! MOCK_UID=1000 PATH='$tmp/mock:$path' sh '$top/scripts/deps.sh' check $vm_arches >'$tmp/user.out' 2>&1 &&
		 grep -q 'sudo dpkg --add-architecture $first && sudo apt-get update' '$tmp/user.out' &&
		 ! test -e '$tmp/mock.log' || { cat '$tmp/user.out' '$tmp/mock.log'; exit 1; }"
	ok "deps.sh check: missing guest architectures, as root: each added, the lists updated" sh -c \
		"MOCK_UID=0 PATH='$tmp/mock:$path' sh '$top/scripts/deps.sh' check $vm_arches >'$tmp/root.out' 2>&1 &&
		 for a in $guest_arches; do grep -qx \"dpkg --add-architecture \$a\" '$tmp/mock.log' || exit 1; done &&
		 ! grep -q 'dpkg --add-architecture $host_arch' '$tmp/mock.log' &&
		 grep -q '^apt-get update' '$tmp/mock.log' || { cat '$tmp/root.out' '$tmp/mock.log'; exit 1; }"
fi


# apt_update (scripts/apt.sh): where one architecture's index fails to
# download, apt keeps none of that suite's new lists, so the others' lists
# are fetched on their own and then the whole update runs again. dpkg and
# apt-get are stand-ins (amd64 with arm64 and armhf) that log what they were
# asked; MOCK_APT says what fails: nothing, armhf's index, or the network.
mkdir -p "$tmp/apt"
printf '%s\n' '#!/bin/sh' 'case $1 in' \
	'--print-architecture) echo amd64 ;;' \
	'--print-foreign-architectures) printf "arm64\narmhf\n" ;;' 'esac' >"$tmp/apt/dpkg"
printf '%s\n' '#!/bin/sh' "echo \"apt-get \$*\" >>'$tmp/apt.log'" \
	'case "$MOCK_APT $*" in' \
	'"none "*|*APT::Architectures=*) exit 0 ;;' \
	'armhf*) echo "E: Failed to fetch http://deb.debian.org/debian-security/dists/bookworm-security/main/binary-armhf/Packages.xz  File has unexpected size (356624 != 356976). Mirror sync in progress?" >&2 ;;' \
	'*) echo "E: Failed to fetch http://deb.debian.org/debian/dists/bookworm/InRelease  Could not resolve host" >&2 ;;' \
	'esac' 'exit 100' >"$tmp/apt/apt-get"
chmod +x "$tmp/apt/dpkg" "$tmp/apt/apt-get"
# apt_run FAILING [ARCHS]: apt_update under the stand-ins, for the
# architectures ARCHS (APT_UPDATE_ARCHS) if given; its exit code ends the output.
apt_run() {
	rm -f "$tmp/apt.log"
	MOCK_APT=$1 APT_UPDATE_ARCHS=${2:-} top="$top" PATH="$tmp/apt:$path" \
		sh -c '. "$top/scripts/apt.sh"; apt_update; echo "rc=$?"' >"$tmp/apt.out" 2>&1
	cat "$tmp/apt.out" "$tmp/apt.log"
}
# apt_calls: the updates apt_run made, one a line, without "apt-get update -qq".
apt_calls() { sed 's/^apt-get update -qq *//' "$tmp/apt.log" | tr '\n' '|'; }
apt_none() {
	apt_run none && grep -qx 'rc=0' "$tmp/apt.out" && [ "$(apt_calls)" = "|" ]
}
apt_armhf() {
	apt_run armhf && grep -qx 'rc=1' "$tmp/apt.out" &&
		grep -q 'an index of armhf failed to download; fetching the lists of amd64,arm64 without it' \
			"$tmp/apt.out" &&
		[ "$(apt_calls)" = "|-o APT::Architectures=amd64,arm64||" ]
}
apt_own_archs() {
	apt_run armhf amd64,armhf,riscv64 && grep -qx 'rc=1' "$tmp/apt.out" &&
		grep -q 'fetching the lists of amd64,riscv64 without it' "$tmp/apt.out" &&
		[ "$(apt_calls)" = "|-o APT::Architectures=amd64,riscv64||" ]
}
apt_net() {
	apt_run net && grep -qx 'rc=1' "$tmp/apt.out" && [ "$(apt_calls)" = "|" ]
}
ok "apt_update: every index came: one update, exit 0" apt_none
ok "apt_update: armhf's index failed: amd64 and arm64 fetched on their own, then all again, exit 1" \
	apt_armhf
ok "apt_update: lists of its own (APT_UPDATE_ARCHS amd64,armhf,riscv64), armhf's index failed: amd64 and riscv64 fetched on their own" \
	apt_own_archs
ok "apt_update: no architecture's index named (the network): one update, exit 1" apt_net

# fetch-kernel.sh takes the guests' kernels from Debian 12's lists of its own,
# whatever the host's release: a copy of the scripts in $tmp/tree (so its
# lists and stamp stay there), apt-get and apt-cache stand-ins that log what
# they were asked and answer for ARMv7's meta package as a Debian 13 archive
# (a 6.12 kernel) or Debian 12's (6.1.0-57) does, and for nothing else, so the
# script stops after choosing the kernel (at the headers' dependencies).
kt=$tmp/tree
mkdir -p "$kt/scripts/vm" "$tmp/kapt"
cp "$top/scripts/apt.sh" "$kt/scripts/"
cp "$top/scripts/vm/fetch-kernel.sh" "$kt/scripts/vm/"
printf '%s\n' '#!/bin/sh' "echo \"apt-cache \$*\" >>'$tmp/kapt.log'" \
	'case "$*" in *"depends linux-image-armmp"*) ;; *) exit 0 ;; esac' \
	'echo "linux-image-armmp:armhf"' \
	'case $MOCK_RELEASE in' \
	'trixie) echo "  Depends: linux-image-6.12.117+deb13-armmp:armhf" ;;' \
	'*) echo "  Depends: linux-image-6.1.0-57-armmp:armhf" ;;' 'esac' >"$tmp/kapt/apt-cache"
printf '%s\n' '#!/bin/sh' "echo \"apt-get \$*\" >>'$tmp/kapt.log'" \
	'case "$*" in *" update "*) exit 0 ;; esac' 'exit 100' >"$tmp/kapt/apt-get"
chmod +x "$tmp/kapt/apt-cache" "$tmp/kapt/apt-get"
# fetch_run RELEASE: the ARMv7 6.1 guest's kernel, the lists answering as RELEASE.
fetch_run() {
	MOCK_RELEASE=$1 PATH="$tmp/kapt:$path" \
		sh "$kt/scripts/vm/fetch-kernel.sh" armv7 6.1 "$tmp/kout" >"$tmp/kfetch.out" 2>&1
}
fetch_trixie() {
	rm -f "$tmp/kapt.log"
	! fetch_run trixie &&
		grep -q "cannot find linux-image-armmp[:a-z]* of 6.1 in Debian 12's lists" "$tmp/kfetch.out" &&
		! grep -q 'kernel 6.12' "$tmp/kfetch.out" && ! grep -q ' download ' "$tmp/kapt.log" ||
		{ cat "$tmp/kfetch.out" "$tmp/kapt.log"; return 1; }
}
fetch_bookworm() {
	rm -f "$tmp/kapt.log" "$kt/build/apt/guest-kernels/updated"
	! fetch_run bookworm && grep -q 'kernel 6.1.0-57-armmp' "$tmp/kfetch.out" &&
		grep -q "bookworm main" "$kt/build/apt/guest-kernels/sources.list" &&
		grep -q "bookworm-security main" "$kt/build/apt/guest-kernels/sources.list" &&
		[ "$(grep -c ' update ' "$tmp/kapt.log")" -eq 1 ] &&
		! grep -v "Dir::State::Lists=$kt/build/apt/guest-kernels/lists" "$tmp/kapt.log" |
			grep -q . &&
		rm -f "$tmp/kapt.log" && ! fetch_run bookworm && ! grep -q ' update ' "$tmp/kapt.log" ||
		{ cat "$tmp/kfetch.out" "$tmp/kapt.log"; return 1; }
}
if [ -r /usr/share/keyrings/debian-archive-keyring.gpg ]; then
	ok "fetch-kernel.sh: lists answering as Debian 13's (armmp a 6.12 kernel): no kernel taken for 6.1, exit 1" \
		fetch_trixie
	ok "fetch-kernel.sh: Debian 12's lists of its own (bookworm, bookworm-security): 6.1.0-57 taken; updated once a day" \
		fetch_bookworm
else
	skip "fetch-kernel.sh: lists answering as Debian 13's" "no Debian archive keyring (debian-archive-keyring)"
	skip "fetch-kernel.sh: Debian 12's lists of its own" "no Debian archive keyring (debian-archive-keyring)"
fi

finish
