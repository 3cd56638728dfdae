#!/bin/sh
# What the drive testers may delete is decided by their code, never by a
# file (TAP): a manifest that does not parse exactly is refused; a file
# burnkit did not make (a user's, or one under burnkit's own name without
# its header) is never deleted, is named, and makes the next run refuse the
# directory. Runs the host runner, or a cross-built one under qemu-user:
#   tests/cli/workdir.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
base=${BURNKIT_TEST_DIR:-build}
work=$(mktemp -d "$base/cli-workdir.XXXXXX") || exit 1
work=$(cd "$work" && pwd)
trap 'rm -rf "$work" "$tmp"' EXIT INT TERM
d=$work/fp
mkdir -p "$d"
small="R 1, P 8, M 0, S 0"

# manifest TESTER LINE...: a directory of TESTER with that manifest.
manifest() {
	t=$1
	shift
	rm -rf "$d/burnkit-$t"
	mkdir -p "$d/burnkit-$t"
	printf '%s\n' "$@" >"$d/burnkit-$t/.burnkit-manifest"
}
intact() {	# intact FILE TEXT
	[ "$(cat "$1" 2>/dev/null)" = "$2" ] || { echo "$1 is gone or changed"; ls -la "$(dirname "$1")"; return 1; }
}

# An old manifest's patterns: "claim *" beside the user's file.
manifest drive "burnkit test directory v1 owner drive" "claim *"
echo precious >"$d/burnkit-drive/precious.txt"
ok "drive: a manifest with \"claim *\" is refused: exit 3" status 3 drive "$small, F $d"
ok "... the user's file is untouched" intact "$d/burnkit-drive/precious.txt" precious
ok "... the message names the manifest" contains "$tmp/stderr" "burnkit-drive/.burnkit-manifest: line 1"
manifest drive "burnkit test directory v2 owner drive" "claim precious.txt"
echo precious >"$d/burnkit-drive/precious.txt"
ok "drive: \"claim precious.txt\" in a current manifest is refused: exit 3" status 3 drive "$small, F $d"
ok "... naming the line it does not know" contains "$tmp/stderr" 'line 2 ("claim precious.txt") is not one burnkit writes'
ok "... the user's file is untouched" intact "$d/burnkit-drive/precious.txt" precious
manifest drive "burnkit test directory v2 owner drive" "note repeats 1 extra"
ok "drive: a note with a third word is refused" status 3 drive "$small, F $d"
manifest drive "burnkit test directory v2 owner drive" "run 0000beef"
echo precious >"$d/burnkit-drive/precious.txt"
ok "drive: a valid manifest beside a user's file: refused, exit 3" status 3 drive "$small, F $d"
ok "... naming the file in one line" sh -c "grep -q 'holds 1 file(s) burnkit did not make: precious.txt' $tmp/stderr && [ \$(wc -l <$tmp/stderr) -eq 1 ]"
ok "... the user's file is untouched" intact "$d/burnkit-drive/precious.txt" precious
rm -f "$d/burnkit-drive/precious.txt"
echo thesis >"$d/burnkit-drive/burndrive1.dat"
ok "drive: a file under burnkit's own name without its header: refused" status 3 drive "$small, F $d"
ok "... and not deleted" intact "$d/burnkit-drive/burndrive1.dat" thesis
rm -rf "$d/burnkit-drive"

manifest sdcard "burnkit test directory v1 owner sdcard" "claim *.txt"
echo thesis >"$d/burnkit-sdcard/thesis.txt"
ok "sdcard: a manifest with \"claim *.txt\" is refused: exit 3" status 3 sdcard FilePath "$d" --size 4M --seconds 0.1 --no-targets
ok "... thesis.txt is untouched" intact "$d/burnkit-sdcard/thesis.txt" thesis
rm -rf "$d/burnkit-sdcard"
manifest speed "burnkit test directory v2 owner speed" "run 00000001"
ln -s /etc/hostname "$d/burnkit-speed/large1.dat"
ok "speed: a symbolic link under a test file's name: refused" status 3 speed "MB 1, FilePath $d" --seconds 0.05 --small-files 5
ok "... and left" sh -c "[ -L $d/burnkit-speed/large1.dat ]"
rm -rf "$d/burnkit-speed"

# Files of ours kept by DontRunReadTests are recognised by their header.
ok "drive DontRunReadTests keeps its files" status 0 drive "R 1, P 8, D, F $d"
ok "a new run replaces them: they carry its recorded run id" status 0 drive "$small, F $d"
ok "... says so" contains "$tmp/stderr" "holds 4 test file(s) an earlier burnkit run made; they are replaced"
ok "... and leaves nothing" sh -c "[ ! -e $d/burnkit-drive ]"

# A user's file dropped in during a run: left, named, no rm -r advice.
$emu "$runner" drive R 4, P 164, M 5, S 1, F "$d" >"$tmp/int.out" 2>"$tmp/int.err" &
pid=$!
i=0
while [ ! -e "$d/burnkit-drive/burndrive1.dat" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
echo precious >"$d/burnkit-drive/precious.txt"
kill -INT $pid
wait $pid
rc=$?
ok "a user's file dropped in mid-run: the run ends (130)" sh -c "[ $rc -eq 130 ] || { cat $tmp/int.err; exit 1; }"
ok "... the file is untouched" intact "$d/burnkit-drive/precious.txt" precious
ok "... burnkit's own files are deleted" sh -c "! ls $d/burnkit-drive | grep -q burndrive"
ok "... one line names it and says what to do" contains "$tmp/int.err" "it holds 1 file(s) burnkit did not make (precious.txt), which it did not touch"
ok "... without advising rm -r or blaming the filesystem" sh -c "! grep -q -e 'rm -r' -e 'refused to delete' $tmp/int.err"
ok "the next run refuses the directory with that list" status 3 drive "$small, F $d"
ok "... naming the file" contains "$tmp/stderr" "did not make: precious.txt"
ok "... and it is still there" intact "$d/burnkit-drive/precious.txt" precious

finish
