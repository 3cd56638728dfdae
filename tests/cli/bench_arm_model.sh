#!/bin/sh
# The Arm model bench (TAP): scripts/bench/arm_model.sh turns each kernel
# record of `burnkit inspect --json` (the cross runners under qemu-user)
# into a row of expected MFLOPS per GHz for Cortex-A53, A72 and A76: one
# row for every FPU kernel record of each architecture (the integer
# kernels are not modelled), each with its three
# figures, however the record orders its fields (a field added to the
# records once left every row "malformed" and the table empty).
# make inspect-test runs it once the cross runners are built.
#   tests/cli/bench_arm_model.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"

if [ -n "$emu" ]; then
	skip "arm model bench" "the bench runs on the host, from its checkout; this run tests a cross runner"
	finish
	exit
fi

scripts/bench/arm_model.sh >"$tmp/model.out" 2>"$tmp/model.err"
rc=$?
ok "the bench runs" sh -c "[ $rc -eq 0 ] || { cat '$tmp/model.out' '$tmp/model.err'; exit 1; }"
ok "no record refused as malformed" sh -c "! grep -i malformed '$tmp/model.out' '$tmp/model.err'"

# rows ARCH: the table rows of ARCH's section, "kernel A53 A72 A76".
rows() {
	awk -v a="$1" '/^== / { on = ($2 == a ":") ; next }
		on && /^ [a-z0-9_.]+ +[0-9]+ .*\|/ {
			n = split($0, part, "|")
			split(part[2], f53, " "); split(part[3], f72, " "); split(part[4], f76, " ")
			print $1, f53[1], f72[1], f76[1]
		}' "$tmp/model.out"
}

# every_record_a_row ARCH: as many rows as FPU kernel records, each
# record's kernel named in a row, each row with three positive figures.
every_record_a_row() {
	records=build/bench/inspect_$1.jsonl
	grep '"type":"kernel"' "$records" | grep '"slot":"fpu' > "$tmp/fpu.$1"
	want=$(wc -l < "$tmp/fpu.$1")
	rows "$1" > "$tmp/rows.$1"
	got=$(wc -l < "$tmp/rows.$1")
	[ "$want" -gt 0 ] || { echo "no FPU kernel records in $records"; return 1; }
	[ "$got" -eq "$want" ] || { echo "$got rows for $want FPU kernel records"; cat "$tmp/model.out"; return 1; }
	sed -n 's/.*"kernel":"\([^"]*\)".*/\1/p' "$tmp/fpu.$1" | while read -r k; do
		grep -q "^$k " "$tmp/rows.$1" || { echo "no row for $k"; return 1; }
	done || return 1
	awk 'NF != 4 || !($2 > 0 && $3 > 0 && $4 > 0) { print "row without its figures: " $0; bad = 1 }
		END { exit bad }' "$tmp/rows.$1"
}

for arch in aarch64 armv7; do
	if grep -q "^== $arch: skipped" "$tmp/model.out"; then
		skip "$arch: a row for every FPU kernel record" \
			"$(sed -n "s/^== $arch: skipped: //p" "$tmp/model.out")"
	else
		ok "$arch: a row for every FPU kernel record, with A53, A72 and A76 figures" \
			every_record_a_row "$arch"
	fi
done
finish
