# Bounded fuzz: random writes to every writable file while readers read
# every file, then unload under readers: the kernel stays clean.

seed=${BURNKIT_FUZZ_SEED:-$(date +%s)}
diag "fuzz seed $seed (BURNKIT_FUZZ_SEED to repeat)"
writable=""
for f in "$BK"/*; do
	case $(stat -c %a "$f") in
	200 | 600) writable="$writable $f" ;;
	esac
done

readers() {
	rm -f $S/stop.readers
	for r in 1 2; do
		(
			while [ ! -e $S/stop.readers ]; do
				for f in "$BK"/*; do
					cat "$f" > /dev/null 2>&1
				done
			done
		) &
	done
}
stop_readers() {
	touch $S/stop.readers
	wait
}

readers
# shellcheck disable=SC2086 # one argument per file
bkfuzz "$seed" 150 $writable > $S/fuzz.out
check "fuzz ran on every writable file" test "$(wc -l < $S/fuzz.out)" -eq "$(echo $writable | wc -w)"
while read -r line; do diag "$line"; done < $S/fuzz.out
stop_readers

echo 20 > "$BK/throttle_period_ms"
[ -e "$BK/user_access" ] && echo 1 > "$BK/user_access"
check "the module still answers" grep -q "^arch " "$BK/features"
check_kernel_clean "kernel clean after the fuzz"

readers
sleep 0.2
gone=0
i=0
while [ $i -lt 100 ]; do
	if rmmod burnkit 2>/dev/null; then gone=1; break; fi
	sleep 0.05
	i=$((i + 1))
done
stop_readers
check "unload while readers keep opening files" test $gone = 1
check "load again" load inject=1 period_ms=20
check_kernel_clean "kernel clean after unload under readers"
