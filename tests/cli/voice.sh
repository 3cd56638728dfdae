#!/bin/sh
# One voice for "cannot here" and help that tells the truth (TAP): the
# module's absence has one reason, computed once (no module support / no
# headers / not root / not loaded), quoted alike by every tester; a legacy
# word in --help is one the tester accepts; cook --help lists --json once;
# each tester's help shows its own example.
#   tests/cli/voice.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
cd "$tmp" || exit 1
mkdir -p nomod fp
export BURNKIT_KMOD_DIR="$tmp/no-module"
nomod() { BURNKIT_SYSROOT="$tmp/nomod" $emu "$runner" "$@"; }
why="burnkit.ko cannot be loaded: this kernel has no loadable module support (CONFIG_MODULES=n)"

ok "no module support: burnkit kmod says why (exit 3)" sh -c "BURNKIT_SYSROOT=$tmp/nomod $emu $runner kmod >k.out 2>&1; [ \$? -eq 3 ] && grep -qF '$why' k.out"
ok "... without advising insmod" sh -c "! grep -q insmod k.out"
ok "temp quotes the same reason" sh -c "BURNKIT_SYSROOT=$tmp/nomod $emu $runner temp passes 1, seconds 0.05 >t.out 2>&1; grep -qF '$why' t.out && ! grep -q insmod t.out"
ok "drive's page cache line quotes the same reason" sh -c "BURNKIT_SYSROOT=$tmp/nomod $emu $runner drive R 1, P 8, M 0, S 0, F $tmp/fp >d.out 2>&1 && grep 'Page cache' d.out | grep -qF '$why' && ! grep -q insmod d.out"
mkdir -p hdr/proc && : >hdr/proc/modules
ok "no headers to build it: said so, naming the package" sh -c "BURNKIT_SYSROOT=$tmp/hdr $emu $runner kmod 2>&1 | grep -q 'cannot be built here: no headers for kernel .* (install linux-headers-'"

ok "drive accepts PauseAtEnd, which its help lists" sh -c "$emu $runner drive PauseAtEnd --dry-run | grep -q 'pause-at-end .* yes'"
ok "temp accepts PauseAtEnd, which its help lists" sh -c "$emu $runner temp PauseAtEnd --dry-run | grep -q 'pause-at-end .* yes'"
ok "... and Patterns is still its P" sh -c "$emu $runner drive P 8 --dry-run | grep -q 'patterns .* 8'"
ok "cook --help lists --json once" sh -c "[ \$($emu $runner cook --help | grep -c '^  --json ') -eq 1 ]"
ok "each tester's help shows its own example" sh -c "$emu $runner drive --help | grep -q 'e.g. \"burnkit drive ' && $emu $runner sdcard --help | grep -q 'e.g. \"burnkit sdcard ' && ! $emu $runner temp --help | grep -q 'burnkit fpu KWds'"

finish
