# kernels: 6.1
# burnkit fpu in the guest, with the module loaded: every pass reports the
# effective MHz where this CPU can give it (a cycle counter, or the module's
# clock), and says why not where it cannot.

if ! command -v burnkit > /dev/null; then
	skip "burnkit fpu" "the runner is not built for $BURNKIT_VM_ARCH (make static / make cross)"
else
	burnkit fpu KWds 1 --seconds 2 --cpu 0 --json $S/fpu.jsonl > $S/fpu.out 2>&1
	check "burnkit fpu exits 0 with the module loaded" test $? -eq 0
	sed 's/^/# /' $S/fpu.out
	check "every pass is All Same and agrees with the C reference" \
		test "$(grep -c '"type":"pass".*"all_same":true.*"reference_agrees":true' $S/fpu.jsonl)" -eq 2
	if [ "$BURNKIT_VM_ARCH" != x86_64 ] || [ "$(kv $BK/features aperf_mperf)" = supported ]; then
		check "every pass has an effective MHz between 1 and 10000" \
			test "$(grep '"type":"pass"' $S/fpu.jsonl | sed -n 's/.*"mhz":\([0-9.]*\),.*/\1/p' |
				awk '$1 > 1 && $1 < 10000' | wc -l)" -eq 2
	else
		check "no cycle counter and no APERF: MHz n/a, and the reason" \
			grep -q 'effective MHz n/a: burnkit.ko cannot measure' $S/fpu.out
	fi
	burnkit mflops --threads 1,2 --scale 0.01 > $S/mflops.out 2>&1
	check "burnkit mflops on both CPUs exits 0" test $? -eq 0
	check "its checksum rows are the same for 1 and 2 threads" test \
		"$(awk '/Results x 100000/ { f = 1; next } f && /^ [0-9]+T / { $1 = ""; print }' $S/mflops.out | sort -u | wc -l)" -eq 1
fi
