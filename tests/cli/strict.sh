#!/bin/sh
# One validation path (TAP): --dry-run makes exactly the checks of a real
# run, then stops, and creates no file; a text option refuses a value that
# begins with --; numbers are decimal everywhere (no hex); a size is exact
# or refused with the nearest valid values. Runs the host runner, or a
# cross-built one under qemu-user:  tests/cli/strict.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
mkdir -p "$tmp/cwd"
cd "$tmp/cwd" || exit 1
none() {	# none: the run created nothing in the current directory
	[ -z "$(ls -A)" ] || { echo "created:"; ls -la; return 1; }
}

ok "fpu --json --dry-run: --dry-run is not a file name (exit 2)" status 2 fpu --json --dry-run
ok "... it says a value may not begin with --" contains "$tmp/stderr" 'bad value "--dry-run" for --json'
ok "... and wrote no ./--dry-run" none
ok "drive --filepath --dry-run: exit 2, no mkdir advice" status 2 drive --filepath --dry-run
ok "... naming the option" sh -c "grep -q 'bad value \"--dry-run\" for FilePath' $tmp/stderr && ! grep -q 'mkdir' $tmp/stderr"
ok "--json - (a single dash) is still stdout" status 0 timer --ms 5 --dry-run --json -

# The checks of a real run, dry.
ok "fpu --minutes 1 --seconds 5 --dry-run: exit 2 as for real" status 2 fpu --minutes 1 --seconds 5 --dry-run
ok "fpu --kwords 1000000000 --dry-run: refused as for real" status 2 fpu --kwords 1000000000 --dry-run
ok "... with the numbers (the memory it needs, or the 32-bit limit)" sh -c "grep -q 'of memory is available' $tmp/stderr || grep -q 'is too large for this 32-bit build' $tmp/stderr"
ok "sdcard --only bogus --dry-run: exit 2" status 2 sdcard --only bogus --dry-run
ok "drive --dry-run with a FilePath that is not there: exit 3 as for real" status 3 drive --filepath "$tmp/nowhere" --dry-run
ok "mflops --threads 1,1 --dry-run: exit 2" status 2 mflops --threads 1,1 --dry-run
ok "fpu \"KWords 10, Log 30\" --dry-run --json -: exit 0" status 0 fpu "KWords 10, Log 30" --dry-run --json -
ok "... creates no log30.txt (no file at all)" none
ok "--dry-run --json FILE: the record on stdout, FILE not created" sh -c "$emu $runner timer --ms 5 --dry-run --json $tmp/cwd/x.jsonl >$tmp/dry.out && [ ! -e $tmp/cwd/x.jsonl ] && $check $tmp/dry.out params"
ok "a dry run of drive creates no directory" sh -c "mkdir -p $tmp/fp && $emu $runner drive --filepath $tmp/fp --dry-run >/dev/null && [ -z \"\$(ls -A $tmp/fp)\" ]"

# Numbers: decimal everywhere, hex nowhere.
ok "hex is refused by a size (sdcard --size 0x1000000)" status 2 sdcard --size 0x1000000 --dry-run
ok "... the message says decimal, no hex" contains "$tmp/stderr" "decimal size .* no hex"
ok "hex is refused by a whole number (timer --ms 0x10)" status 2 timer --ms 0x10
ok "hex is refused by a real (fpu --kwords 0x10)" status 2 fpu --kwords 0x10 --dry-run
ok "hex float is refused (fpu --seconds 0x1p1)" status 2 fpu --seconds 0x1p1 --dry-run
ok "inf is refused" status 2 fpu --seconds inf --dry-run
ok "a decimal size with a suffix is taken (sdcard --size 4M)" status 0 sdcard --size 4M --dry-run

# A size is exact or refused with the nearest valid values.
ok "sdcard --block 5000: exit 2, never 4 KB quietly" status 2 sdcard --block 5000 --dry-run
ok "... naming 4096 and 8192" contains "$tmp/stderr" "nearest valid values are 4096 and 8192"
ok "sdcard --size 1048577: exit 2, never 1 MiB quietly" status 2 sdcard --size 1048577 --block 512K --dry-run
ok "... naming 1048576 and 1572864" contains "$tmp/stderr" "nearest valid values are 1048576 and 1572864"
ok "a size that is not a whole number of bytes is refused (1.1K)" status 2 sdcard --size 1.1K --dry-run
ok "6.5K is 6656 bytes, exact: refused with 4096 and 8192" sh -c "$emu $runner sdcard --block 6.5K --dry-run 2>&1 | grep -q 'block 6656 is not a multiple of 4096 bytes (direct I/O); the nearest valid values are 4096 and 8192'"

# Input that cannot work is refused, not run as if it did.
ok "burnin --only nosuch: exit 2, naming the burn-in's testers" status 2 burnin --only nosuch
ok "... listing them" contains "$tmp/stderr" "not a tester of the burn-in; its testers are .*timer"
ok "info --root /nonexistent: exit 2, not \"CPUs 0 online\"" status 2 info --root /nonexistent
ok "--json /dev/full: the results cannot be written, exit 3" sh -c "$emu $runner timer --ms 5 --json /dev/full >/dev/null 2>&1; [ \$? -eq 3 ]"
ok "speed takes the legacy word Cached (lanspeed's mode)" sh -c "$emu $runner speed Cached --dry-run | grep -q 'cached .*Cached .*yes'"
mkdir -p "$tmp/seed"
printf '%s\n' "./drivespeed64 FilePath $tmp/seed, MB 1" "./lanspeed64 FilePath $tmp/seed" "./lanspeed FilePath $tmp/seed" >"$tmp/seed.sh"
ok "script takes the seed's ./drivespeed64, ./lanspeed64 and ./lanspeed lines" sh -c "$emu $runner script $tmp/seed.sh --check"

finish
