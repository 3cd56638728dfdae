#!/bin/sh
# The newcomer's path (TAP): a fresh clone started from anywhere. No test
# reads the shell's previous directory or depends on the one it started
# in; the checkout's make works from another directory (make -C) and after
# `cd /` then `cd` into it, with nothing in the environment but a minimal
# PATH and HOME, the way .ci/run starts make check.
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

finish
