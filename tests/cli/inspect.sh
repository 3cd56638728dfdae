#!/bin/sh
# burnkit inspect end to end (TAP): every registered kernel's loops (its
# main loop and any further one, KERNEL.LOOP) counted in the runner's own
# disassembly against their documented counts; a loop body that
# no longer matches its documentation, or lost its markers, is an error
# naming kernel and class; no objdump is exit 3 with the package to install;
# the generator of the documented counts refuses malformed lines.
# Runs the host runner, or a cross-built one under qemu-user:
#   tests/cli/inspect.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
[ -z "$emu" ] || emu=$(command -v "$emu")

# The binutils of the runner's architecture: the first objdump that reads it.
tools=""
have_tools=0
for prefix in "" aarch64-linux-gnu- arm-linux-gnueabihf- x86_64-linux-gnu-; do
	command -v "${prefix}objdump" >/dev/null 2>&1 || continue
	if "${prefix}objdump" -f "$runner" 2>/dev/null | grep -q 'architecture: [a-z]'; then
		tools=$prefix
		have_tools=1
		break
	fi
done
objdump=${tools}objdump
objcopy=${tools}objcopy

# A copy of the runner whose symbol NAME is moved to the address of the
# instruction before it (the loop's closing branch drops out of the body).
moved_end() {
	name=$1
	out=$2
	start=$($objdump -t "$runner" | awk -v s="${name#bk_loop_end_}" '$NF == "bk_loop_" s { print $1 }')
	end=$($objdump -t "$runner" | awk -v s="$name" '$NF == s { print $1 }')
	last=$($objdump -d --no-show-raw-insn --start-address=0x"$start" \
		--stop-address=0x"$end" "$runner" |
		awk -F: '/^ *[0-9a-f]+:\t/ { a = $1 } END { gsub(/ /, "", a); print a }')
	[ -n "$last" ] || { echo "no loop body before $name"; return 1; }
	$objcopy --strip-symbol="$name" --add-symbol "$name=0x$last,local" "$runner" "$out"
}

ok "inspect runs and every kernel matches" status 0 inspect --json "$tmp/i.jsonl"
ok "the table names each loop twice: doc and objdump" sh -c "
	loops=\$(grep -c '^ [a-z0-9_.]* *[0-9]* doc ' $tmp/stdout)
	counted=\$(grep -c '^  *objdump .* ok\$' $tmp/stdout)
	[ \$loops -gt 0 ] && [ \$loops -eq \$counted ] &&
	grep -q \"All \$loops loops of the [0-9]* kernels match\" $tmp/stdout"
if grep -q '^ fpu32_ops2_x86_64_avx512 ' $tmp/stdout; then
	ok "a kernel's further loop is counted too (AVX-512 ops2's one vector a loop)" sh -c "
		grep -A1 '^ fpu32_ops2_x86_64_avx512.one_vector  *16 doc ' $tmp/stdout | grep -q '^  *objdump .* 6  ok\$' &&
		grep '\"type\":\"kernel\"' $tmp/i.jsonl | grep '\"kernel\":\"fpu64_ops2_x86_64_avx512\",\"loop\":\"one_vector\"' | grep -q '\"match\":true'"
fi
ok "the integer kernels are among them" sh -c "
	for k in int_write int_check int_read; do grep -q \"^ \${k}_[a-z0-9_]* \" $tmp/stdout || exit 1; done"
ok "JSON lines strict, one kernel record each, all matching" sh -c "
	$check $tmp/i.jsonl type tester &&
	[ \$(grep -c '\"type\":\"kernel\"' $tmp/i.jsonl) -eq \$(grep -c '^  *objdump  *[0-9]' $tmp/stdout) ] &&
	! grep '\"type\":\"kernel\"' $tmp/i.jsonl | grep -q '\"match\":false' &&
	tail -1 $tmp/i.jsonl | grep -q '\"differing\":0'"
ok "--listing shows each counted instruction with its class" status 0 inspect --listing
ok "listing has the classes" sh -c "
	grep -q '^  branch ' $tmp/stdout && grep -q '^  store ' $tmp/stdout &&
	grep -q '^ int_read_[a-z0-9_]*:\$' $tmp/stdout"

if [ "$have_tools" = 1 ] && command -v "$objcopy" >/dev/null 2>&1; then
	read_kernel=$($objdump -t "$runner" | awk '$NF ~ /^bk_loop_end_int_read_/ { print $NF }')
	if moved_end "$read_kernel" "$tmp/moved" >"$tmp/out" 2>&1; then
		ok "the altered runner differs: exit 1" status 1 inspect --binary "$tmp/moved"
		ok "the error names kernel, class and both counts" contains "$tmp/stderr" \
			"${read_kernel#bk_loop_end_}: branch: documented 1, counted 0 in the binary"
		ok "the table row says which class differs" contains "$tmp/stdout" "DIFFERS: branch"
	else
		ok "moving the end marker with $objcopy" false
	fi
	one_vector=bk_loop_end_fpu32_ops2_x86_64_avx512.one_vector
	if $objdump -t "$runner" | grep -q " $one_vector\$"; then
		if moved_end "$one_vector" "$tmp/moved2" >"$tmp/out" 2>&1; then
			ok "a further loop that no longer matches: exit 1, named with its loop" \
				sh -c "$emu $runner inspect --binary $tmp/moved2 >/dev/null 2>$tmp/e2; [ \$? -eq 1 ] &&
				grep -q 'fpu32_ops2_x86_64_avx512.one_vector: branch: documented 1, counted 0 in the binary' $tmp/e2"
		else
			ok "moving the further loop's end marker with $objcopy" false
		fi
	fi
	# A further loop marked but not documented: named, exit 1.
	start=$($objdump -t "$runner" | awk -v s="bk_loop_${read_kernel#bk_loop_end_}" '$NF == s { print $1 }')
	$objcopy --add-symbol "bk_loop_${read_kernel#bk_loop_end_}.extra=0x$start,local" "$runner" "$tmp/extra"
	ok "a further loop marked but not documented: exit 1, named" sh -c "
		$emu $tmp/extra inspect >$tmp/o3 2>$tmp/e3; [ \$? -eq 1 ] &&
		grep -q '${read_kernel#bk_loop_end_}.extra: a further loop marked in the binary' $tmp/e3 &&
		grep -q 'Marked but not documented: ${read_kernel#bk_loop_end_}.extra' $tmp/o3"
	$objcopy --strip-symbol="${read_kernel}" "$runner" "$tmp/nomarker"
	ok "a kernel without its end marker: exit 1" status 1 inspect --binary "$tmp/nomarker"
	ok "the error names the missing symbols" contains "$tmp/stderr" \
		"no bk_loop_${read_kernel#bk_loop_end_}/${read_kernel} symbols"
else
	for t in "altered runner differs" "error names kernel and class" \
		 "table row names the class" "missing marker" "error names the symbols"; do
		n=$((n + 1))
		echo "ok $n - $t # SKIP no binutils here read $runner"
	done
fi

ok "--objdump that does not exist: exit 3" status 3 inspect --objdump "$tmp/no-objdump"
ok "the message says what is missing" contains "$tmp/stderr" "cannot run --objdump"
ok "no objdump on PATH: exit 3, names binutils" sh -c "
	PATH=$tmp/empty $emu $runner inspect >$tmp/o 2>$tmp/e; rc=\$?
	[ \$rc -eq 3 ] || { echo exit \$rc; cat $tmp/e; exit 1; }
	grep -q 'install binutils' $tmp/e || { cat $tmp/e; exit 1; }"
ok "--binary that does not exist: exit 2" status 2 inspect --binary "$tmp/nothing"
sh_bin=$(readlink -f /bin/sh)
if [ -n "$emu" ]; then
	ok "--binary of another architecture (the host's sh): exit 2" \
		status 2 inspect --binary "$sh_bin"
	ok "the message names both architectures" contains "$tmp/stderr" "binary and this runner is"
else
	ok "--binary without kernels (the host's sh): exit 1" status 1 inspect --binary "$sh_bin"
	ok "each kernel reported without its markers" contains "$tmp/stderr" "no bk_loop_int_read_"
fi

# The generator of the documented counts (host tool) refuses bad lines.
cat >"$tmp/bad.S" <<'EOF'
// Loop body good_one: 3 instructions per 32 words (load 1, store 1, add 0, sub 0, mul 0, fma 0, and 0, orr 0, cmp 0, branch 1, other 0)
// Loop body bad_sum: 3 instructions per 32 words (load 1, store 1, add 0, sub 0, mul 0, fma 0, and 0, orr 0, cmp 0, branch 0, other 0)
// Loop body bad_class: 2 instructions per 32 words (load 1, store 1, xor 0, sub 0, mul 0, fma 0, and 0, orr 0, cmp 0, branch 0, other 0)
// Loop body good_one: 3 instructions per 32 words (load 1, store 1, add 0, sub 0, mul 0, fma 0, and 0, orr 0, cmp 0, branch 1, other 0)
EOF
ok "loop_counts.sh refuses wrong sums, unknown classes, duplicates" sh -c "
	! scripts/loop_counts.sh $tmp/bad.S >$tmp/gen.c 2>$tmp/gen.err &&
	grep -q 'bad.S:2: bad_sum: the classes add up to 2, not 3' $tmp/gen.err &&
	grep -q 'bad.S:3: bad_class: unknown class \"xor\"' $tmp/gen.err &&
	grep -q 'bad.S:4: loop body of good_one documented twice' $tmp/gen.err"
ok "loop_counts.sh turns a good line into a table row" sh -c "
	head -1 $tmp/bad.S >$tmp/good.S && scripts/loop_counts.sh $tmp/good.S >$tmp/gen.c &&
	grep -q '\"good_one\", \"$tmp/good.S\", 1, 3, 32' $tmp/gen.c &&
	grep -q '\[BK_IC_BRANCH\] = 1' $tmp/gen.c"

finish
