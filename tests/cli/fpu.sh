#!/bin/sh
# burnkit fpu (burninfpu) and burnkit mflops (MP-MFLOPS) end to end (TAP):
# both parameter styles, Longbottom's published First Results, the error
# path, JSON lines, exit statuses. Runs the host runner, or a cross-built
# one under qemu-user with smaller sizes:  tests/cli/fpu.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"

# The resolved parameters of a dry run, without the time stamp (in $tmp:
# a dry run with Log N opens logN.txt).
resolved() {
	(cd "$tmp" && $emu "$runner" "$@" --dry-run --json -) |
		sed 's/"t":[0-9.e+-]*,//'
}

same_params() {	# same_params TESTER "LEGACY" LONG...
	tester=$1
	legacy=$2
	shift 2
	a=$(resolved "$tester" "$legacy") || return 1
	b=$(resolved "$tester" "$@") || return 1
	[ -n "$a" ] && [ "$a" = "$b" ] || { echo "legacy: $a"; echo "long:   $b"; return 1; }
}

# first_result STDOUT-FILE: the First Results column of the first pass line.
first_result() {
	awk '$1 == "1" && NF >= 8 { print $7; exit }' "$1"
}

# seed WANT ARGS...: one pass with fixed repeats prints WANT, All Same, and
# agrees with the C reference; exit 0.
seed() {
	expect=$1
	shift
	status 0 "$@" --seconds 1 || return 1
	result=$(first_result "$tmp/stdout")
	[ "$result" = "$expect" ] || { echo "First Results $result, want $expect:"; cat "$tmp/stdout"; return 1; }
	contains "$tmp/stdout" " Yes " && contains "$tmp/stdout" "exact"
}

# ---------------------------------------------------------------- fpu
ok "fpu --help names the Longbottom words" sh -c "$emu $runner fpu --help | grep -q KWords && $emu $runner fpu --help | grep -q Section"
ok "fpu: legacy and long options resolve the same (fpu1.sh)" \
	same_params fpu "KWds 10, Section 2, log 33, NoConfig" --kwords 10 --section 2 --log 33 --no-config
ok "fpu: legacy and long options resolve the same (fpu.sh)" \
	same_params fpu "KWords 1000, Section 1, Minutes 10, log 29" --kwords 1000 --section 1 --minutes 10 --log 29
ok "fpu: defaults are burninfpu's (KWords 3.2, Section 3, Minutes 1)" sh -c \
	"$emu $runner fpu --dry-run --json - | grep -q '\"kwords\":3.2,\"section\":3,\"minutes\":1,'"
ok "fpu: Section 4 is a usage error" status 2 fpu Section 4
ok "fpu: message states the range" contains "$tmp/stderr" "from 1 to 3"
ok "fpu: KWords 0 is a usage error" status 2 fpu KWords 0
ok "fpu: Minutes and --seconds together is a usage error" status 2 fpu Minutes 1 --seconds 5
ok "fpu: more words than memory is refused with the numbers" status 2 fpu KWords 1000000000 --double
ok "fpu: the refusal says how much is available" contains "$tmp/stderr" "MB of memory is available"
ok "fpu: unknown --isa is a usage error" status 2 fpu --isa nosuch --seconds 1

if [ -z "$emu" ]; then
	# Longbottom's log33.txt, with his repeat counts (single precision).
	ok "fpu: KWds 1, Section 3, 96000 repeats gives 0.352358878 (ref)" \
		seed 0.352358878 fpu KWds 1, Section 3 --isa ref --repeats 96000
	ok "fpu: KWds 10, Section 3, 9600 repeats gives 0.669459462 (ref)" \
		seed 0.669459462 fpu KWds 10, Section 3 --isa ref --repeats 9600
	ok "fpu: KWds 10, Section 2, 22400 repeats gives 0.731058180 (ref)" \
		seed 0.731058180 fpu KWds 10, Section 2 --isa ref --repeats 22400
	ok "fpu: KWds 10, Section 1, 33600 repeats gives 0.512160420 (best ISA)" \
		seed 0.512160420 fpu KWds 10, Section 1 --repeats 33600
else
	# Every word computes the same: few words give the same First Results.
	ok "fpu: 96000 repeats at 32 ops gives 0.352358878 (ref)" \
		seed 0.352358878 fpu KWds 0.016, Section 3 --isa ref --repeats 96000
	ok "fpu: 22400 repeats at 8 ops gives 0.731058180 (ref)" \
		seed 0.731058180 fpu KWds 0.016, Section 2 --isa ref --repeats 22400
	ok "fpu: 33600 repeats at 2 ops gives 0.512160420 (best ISA)" \
		seed 0.512160420 fpu KWds 0.064, Section 1 --repeats 33600
fi

ok "fpu: a short run passes with the best kernels" status 0 fpu KWds 1 --seconds 2
ok "fpu: two passes of about a second, each line checked" sh -c \
	"[ \$(grep -cE '^ +[12] +1000 +32 .* Yes .*(exact|near)\$' $tmp/stdout) -eq 2 ]"
ok "fpu: says which clock it reports" contains "$tmp/stdout" " Clock "
ok "fpu --double: agrees with the double reference" status 0 fpu KWds 0.5 --double --seconds 1
ok "fpu --json: strict lines, pass records with the issue's members" sh -c \
	"$emu $runner fpu KWds 1 --seconds 1 --json $tmp/f.jsonl >/dev/null && $check $tmp/f.jsonl type tester && grep '\"type\":\"pass\"' $tmp/f.jsonl | $check - pass words ops_per_word repeats seconds mflops first_result all_same mhz mflops_per_ghz isa order reference_agrees && tail -1 $tmp/f.jsonl | grep -q '\"type\":\"summary\".*\"errors\":0'"
ok "fpu: a corrupted word exits 1" env BURNKIT_FPU_INJECT=2:5 sh -c \
	"$emu $runner fpu KWds 1 --seconds 2 --json $tmp/e.jsonl >$tmp/e.out 2>&1; [ \$? -eq 1 ]"
ok "fpu: the error line has pass, word, expected and found" contains "$tmp/e.out" "ERROR pass 2 word 5 (byte offset 20): expected"
ok "fpu: pass 2 is not All Same, pass 1 is" sh -c \
	"grep -qE '^ +1 .* Yes ' $tmp/e.out && grep -qE '^ +2 .* No ' $tmp/e.out"
ok "fpu: the JSON error record has index and offset" sh -c \
	"$check $tmp/e.jsonl && grep '\"type\":\"error\"' $tmp/e.jsonl | grep -q '\"pass\":2,\"index\":5,\"offset\":20'"
ok "fpu: text log in burninfpu's layout" sh -c \
	"cd $tmp && $emu $runner fpu KWds 1 --seconds 1 Log 7 NoConfig >/dev/null && grep -q 'Burn-In-FPU' log7.txt && grep -q 'Using 4 KBytes, 32 Operations Per Word' log7.txt && grep -q 'End at' log7.txt"
# A stand-in for burnkit.ko's debugfs directory: its clock file gives the MHz
# when no cycle counter is readable (a cycle counter, when there is one, wins).
mkdir -p "$tmp/kmod"
sed -n "s/^#define BURNKIT_ABI_VERSION[[:space:]]*\([0-9]*\).*/\1/p" "$(dirname "$0")/../../include/burnkit/abi.h" >"$tmp/kmod/abi_version"
printf '# cpu effective_khz method window_us cpufreq_cur_khz cpufreq_min_khz cpufreq_max_khz firmware_khz\n0 1500000 aperf_mperf 10000 1500000 600000 1500000 unsupported\n' >"$tmp/kmod/clock"
ok "fpu: reports the effective MHz and MFLOPS per GHz of every pass" sh -c \
	"BURNKIT_KMOD_DIR=$tmp/kmod $emu $runner fpu KWds 1 --seconds 1 --cpu 0 --json $tmp/m.jsonl >$tmp/m.out && grep '\"type\":\"pass\"' $tmp/m.jsonl | grep -qE '\"mhz\":[0-9][0-9.]*,\"mflops_per_ghz\":[0-9]' && { grep -q 'cycle counter' $tmp/m.out || { grep -q 'from burnkit.ko (aperf_mperf)' $tmp/m.out && grep -q '\"mhz\":1500,' $tmp/m.jsonl; }; }"
ok "fpu: Ctrl-C stops it cleanly with 130" sh -c \
	"$emu $runner fpu --seconds 60 >$tmp/int.out 2>&1 & pid=\$!; sleep 3; kill -INT \$pid; wait \$pid; [ \$? -eq 130 ]"

# ---------------------------------------------------------------- mflops
if [ -z "$emu" ]; then
	scale=0.02
else
	scale=0.001
fi

# The checksum rows (after "Results x 100000") are all the same.
same_checksums() {
	rows=$(awk '/Results x 100000/ { f = 1; next } f && /^ [0-9]+T / { $1 = ""; print }' "$1")
	[ -n "$rows" ] && [ "$(echo "$rows" | sort -u | wc -l)" -eq 1 ] && ! echo "$rows" | grep -qw 0 ||
		{ echo "checksum rows differ or hold 0:"; cat "$1"; return 1; }
}

ok "mflops --help" status 0 mflops --help
ok "mflops: --ops 5 is a usage error" status 2 mflops --ops 5
ok "mflops: the message lists the allowed counts" contains "$tmp/stderr" "2, 8, 32"
ok "mflops: --threads 0 is a usage error" status 2 mflops --threads 0
ok "mflops: --threads 2000 is a usage error" status 2 mflops --threads 2000
ok "mflops: --sizes must be mpmflops or cache" status 2 mflops --sizes huge
ok "mflops: every CPU by default, checksums the same for every thread count" sh -c \
	"$emu $runner mflops --scale $scale --json $tmp/mf.jsonl >$tmp/mf.out && grep -q '^ 1T ' $tmp/mf.out"
ok "mflops: checksum rows identical" same_checksums "$tmp/mf.out"
ok "mflops: JSON case records strict, references agree" sh -c \
	"$check $tmp/mf.jsonl type tester && grep '\"type\":\"case\"' $tmp/mf.jsonl | $check - threads ops_per_word level words passes seconds mflops checksum reference_agrees && ! grep '\"type\":\"case\"' $tmp/mf.jsonl | grep -q '\"reference_agrees\":false'"
ok "mflops: 1 and 2 threads (two lists) at 2, 8, 32 ops: 18 cases" sh -c \
	"$emu $runner mflops --threads 1 --threads 2 --ops 2,8,32 --scale $scale --json $tmp/mf3.jsonl >$tmp/mf3.out && [ \$(grep -c '\"type\":\"case\"' $tmp/mf3.jsonl) -eq 18 ]"
ok "mflops: more threads than CPUs is a usage error (each is pinned to its own)" status 2 mflops --threads $(( $(getconf _NPROCESSORS_ONLN) + 1 ))
ok "... naming the CPUs there are" contains "$tmp/stderr" "more threads than the"
ok "mflops: --threads 1,1 is a usage error (given twice)" status 2 mflops --threads 1,1
ok "mflops: their checksums identical" same_checksums "$tmp/mf3.out"
ok "mflops --double: checksums identical" sh -c \
	"$emu $runner mflops --double --threads 1,2 --scale $scale >$tmp/mfd.out"
ok "mflops --double: checksum rows identical" same_checksums "$tmp/mfd.out"
ok "mflops: a corrupted word exits 1" env BURNKIT_MFLOPS_INJECT=2:5 sh -c \
	"$emu $runner mflops --threads 1,2 --scale $scale --json $tmp/mfe.jsonl >$tmp/mfe.out 2>&1; [ \$? -eq 1 ]"
ok "mflops: the 2-thread checksums are 0, the 1-thread ones are not" sh -c \
	"grep -qE '^ 2T +0 +0 +0 +0 +0 +0\$' $tmp/mfe.out && ! grep -qE '^ 1T .* 0( |\$)' $tmp/mfe.out"
ok "mflops: the error names thread, CPU and word" contains "$tmp/mfe.out" "ERROR 2T 2 ops L1: thread 0 (CPU"
ok "mflops: JSON error records with the word of the case" sh -c \
	"$check $tmp/mfe.jsonl && [ \$(grep -c '\"type\":\"error\".*\"index\":5,' $tmp/mfe.jsonl) -eq 6 ]"
# A machine whose sysfs reports small caches: --sizes cache follows them.
c=$tmp/root/sys/devices/system/cpu/cpu0/cache
mkdir -p "$c/index0" "$c/index1"
echo 1 >"$c/index0/level"; echo Data >"$c/index0/type"; echo 4K >"$c/index0/size"
echo 2 >"$c/index1/level"; echo Unified >"$c/index1/type"; echo 16K >"$c/index1/size"
ok "mflops --sizes cache: half of L1d and L2, at least 12.8 MB for RAM" sh -c \
	"BURNKIT_SYSROOT=$tmp/root $emu $runner mflops --sizes cache --threads 1 --scale $scale >$tmp/mfc.out && grep -q \"from this CPU's caches: 512, 2048, 3200000 words\" $tmp/mfc.out"
ok "mflops: text log in MP-MFLOPS's layout" sh -c \
	"cd $tmp && $emu $runner mflops --threads 1 --scale $scale Log 5 >/dev/null && grep -q 'MP-MFLOPS' logMflops5.txt && grep -q 'Results x 100000' logMflops5.txt && grep -q 'End of test' logMflops5.txt"
ok "mflops: Ctrl-C stops it cleanly with 130" sh -c \
	"$emu $runner mflops --scale 1000 >$tmp/mfi.out 2>&1 & pid=\$!; sleep 3; kill -INT \$pid; wait \$pid; [ \$? -eq 130 ]"

finish
