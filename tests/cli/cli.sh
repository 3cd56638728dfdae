#!/bin/sh
# The runner's command line, end to end (TAP): exit statuses, one-line
# errors, --dry-run, JSON lines, fixture trees. Runs the host runner, or a
# cross-built one under qemu-user:  tests/cli/cli.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"

ok "--version" status 0 --version
ok "list names info and timer" sh -c "$emu $runner list | grep -q '^timer ' && $emu $runner list | grep -q '^info '"
ok "no arguments is a usage error" sh -c "$emu $runner >/dev/null 2>&1; [ \$? -eq 2 ]"
ok "unknown tester: exit 2, one line" status 2 nosuchtester
ok "unknown long option: exit 2, one line" status 2 timer --bogus
ok "message names the option" contains "$tmp/stderr" '"--bogus"'
ok "unknown legacy word: exit 2" status 2 timer "Zap 3"
ok "message lists the known letters" contains "$tmp/stderr" 'first letter picks'
ok "out of range: exit 2" status 2 timer --ms 0
ok "message states the range" contains "$tmp/stderr" 'from 1 to 10000'
ok "bad number: exit 2" status 2 timer --ms ten
ok "value without a name: exit 2" status 2 timer 12
ok "log out of range: exit 2" status 2 timer Log 100
ok "given twice: exit 2" status 2 timer --ms 5 --ms 6
ok "bad --isa value for info is unknown option" status 2 info --isa nosuch
ok "tester --help" status 0 timer --help
ok "help names the legacy word" contains "$tmp/stdout" 'Log'
ok "--dry-run prints resolved parameters" status 0 timer --dry-run "Log 5" --ms 7
ok "dry-run shows the values" sh -c "grep -q 'ms .*7' $tmp/stdout && grep -q 'log .*5' $tmp/stdout"
ok "--dry-run --json - is strict JSON" sh -c "$emu $runner timer --dry-run --json - --ms 9 > $tmp/dry.jsonl && $check $tmp/dry.jsonl params && grep -q '\"ms\":9' $tmp/dry.jsonl"
ok "timer runs and lists the sources" status 0 timer --ms 5
ok "timer names its timebase" contains "$tmp/stdout" 'Timebase:'
ok "monotonic_raw is always there" contains "$tmp/stdout" 'monotonic_raw'
ok "timer --json: every line strict, start has version and params" sh -c "$emu $runner timer --ms 5 --json $tmp/t.jsonl >/dev/null && $check $tmp/t.jsonl type tester && head -1 $tmp/t.jsonl | grep -q '\"version\"' && head -1 $tmp/t.jsonl | grep -q '\"params\"' && tail -1 $tmp/t.jsonl | grep -q '\"type\":\"summary\"'"
ok "info runs" status 0 info
# x86-64 only: how the FPU kernels run on this core, in the text and the record
if [ -z "$emu" ] && [ "$(uname -m)" = x86_64 ]; then
	ok "info says how the FPU kernels are tuned for this core" sh -c "$runner info | grep -q 'FPU kernels tuned for: ' && $runner info --json - 2>/dev/null | grep -q '\"fpu_tuning\":{\"core\":'"
	ok "info's AVX2 ops8 line agrees with the record's two-stage and 128-bit flags and gates" sh -c "json=\$($runner info --json - 2>/dev/null); l2=\$(printf '%s' \"\$json\" | sed -n 's/.*\"avx2_ops8_l2_prefetch_min_bytes\":\\([0-9]*\\).*/\\1/p'); [ -n \"\$l2\" ] || exit 1; above=''; [ \"\$l2\" -le 32768 ] || above=\" for x above \$((l2 / 1024)) KiB\"; case \"\$json\" in *'\"avx2_ops8_xmm\":true'*) k='AVX2 ops8 at 128 bits (xmm)';; *'\"avx2_ops8_xmm\":false'*) k='AVX2 ops8';; *) exit 1;; esac; case \"\$json\" in *'\"prefetch_min_bytes\":null,\"avx2_ops8_two_stage\":true'*) want=\"two-stage pipeline up to 32 KiB and above 4 MiB, blocks of four, two a loop iteration, prefetching 1 KiB ahead\$above between\";; *'\"prefetch_min_bytes\":4194304,\"avx2_ops8_two_stage\":true'*) want=\"two-stage pipeline up to 32 KiB, then blocks of four, two a loop iteration, prefetching 1 KiB ahead\$above, up to 4096 KiB, then blocks of four\";; *'\"avx2_ops8_two_stage\":false'*) want='pipeline over lines up to 32 KiB, then blocks of four';; *) exit 1;; esac; case \"\$json\" in *'\"avx2_ops8_xmm\":true'*) want='blocks of four, two a loop iteration, at every size';; esac; $runner info | grep -qxF \"   \$k: \$want\""
	ok "info's AVX-512 ops2 line agrees with the record's one-vector flag and gate" sh -c "json=\$($runner info --json - 2>/dev/null); case \"\$json\" in *'\"prefetch_min_bytes\":4194304,\"avx2_ops8_two_stage\":true,\"avx512_ops2_one_vector\":true'*) want='AVX-512 ops2: blocks of four up to 32 KiB, then one vector a loop iteration up to 4096 KiB, then blocks of four';; *'\"prefetch_min_bytes\":null,'*'\"avx512_ops2_one_vector\":true'*) want='AVX-512 ops2: blocks of four up to 32 KiB, then one vector a loop iteration';; *'\"avx512_ops2_one_vector\":false'*) want='AVX-512 ops2: blocks of four';; *) exit 1;; esac; $runner info | grep -qxF \"   \$want\""
	ok "info's AVX2 ops2 line agrees with the record's prefetch flag and gate" sh -c "json=\$($runner info --json - 2>/dev/null); case \"\$json\" in *'\"prefetch_min_bytes\":null,'*) want='never prefetching';; *'\"prefetch_min_bytes\":4194304,'*'\"avx2_ops2_prefetch\":true,'*) want='prefetching one page ahead for x above 4096 KiB';; *'\"avx2_ops2_prefetch\":false,'*) want='never prefetching';; *) exit 1;; esac; $runner info | grep -qxF \"   AVX2 ops2: \$want\""
	ok "info's drive reads line agrees with the record's release" sh -c "json=\$($runner info --json - 2>/dev/null); case \"\$json\" in *'\"read_buffer_release\":\"kept\",\"read_buffer_release_line\":0'*) want='checked buffers left in the caches';; *'\"read_buffer_release\":\"flushed\",\"read_buffer_release_line\":'[1-9]*) want='at queue depth 1 each checked buffer flushed out of the caches (clflushopt, '*;; *'\"read_buffer_release\":\"demoted\",\"read_buffer_release_line\":'[1-9]*) want='at queue depth 1 each checked buffer demoted to the shared cache (cldemote, '*;; *) exit 1;; esac; $runner info | grep -q \"^ Drive reads: \$want\""
	ok "a kernel tester's start record holds the tuning" sh -c "$runner fpu KWords 1 --json - 2>/dev/null | head -1 | grep -q '\"fpu_tuning\":{\"core\":[^,]*,\"prefetch_min_bytes\":[0-9n][0-9ul]*,\"avx2_ops8_two_stage\":\(true\|false\),\"avx512_ops2_one_vector\":\(true\|false\),\"avx2_ops8_xmm\":\(true\|false\),\"avx2_ops32_xmm\":\(true\|false\),\"avx2_ops2_prefetch\":\(true\|false\),\"avx2_ops8_l2_prefetch_min_bytes\":[0-9][0-9]*}'"
	ok "info's AVX2 ops32 line agrees with the record's 128-bit flag" sh -c "json=\$($runner info --json - 2>/dev/null); case \"\$json\" in *'\"avx2_ops32_xmm\":true'*) want='AVX2 ops32: at 128 bits (xmm), for FP pipes 128 bits wide';; *'\"avx2_ops32_xmm\":false'*) want='AVX2 ops32: at 256 bits';; *) exit 1;; esac; $runner info | grep -qxF \"   \$want\""
fi
ok "info reads a Pi 4 fixture tree" sh -c "$emu $runner info --root tests/unit/fixtures/pi4 | grep -q 'Raspberry Pi 4 Model B'"
mkdir -p "$tmp/empty"
ok "info on an empty root reports what is missing" sh -c "$emu $runner info --root $tmp/empty | grep -q 'Missing'"
ok "text log appended in Longbottom layout" sh -c "cd $tmp && $emu $runner timer --ms 5 Log 3 >/dev/null && $emu $runner timer --ms 5 Log 3 NoConfig >/dev/null && [ \$(grep -c 'Counter sources' logTimer3.txt) -eq 2 ] && grep -q 'SYSTEM INFORMATION' logTimer3.txt"
ok "JSON to stdout keeps the console on stderr" sh -c "$emu $runner timer --ms 5 --json - 2>/dev/null | $check -"

finish
