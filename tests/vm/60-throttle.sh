# Throttle sampler: every source listed, injected transitions recorded in
# order with timestamps a period apart, the binary records match the text,
# the inject queue and the event ring keep their bounds.

state=$BK/throttle_state
nsrc=$(grep -c '^#define BURNKIT_SRC_[A-Z0-9_]*[[:space:]]*[0-9]' /burnkit/abi.h)
nsrc=$((nsrc - 1))	# BURNKIT_SRC_COUNT
check_eq "throttle_state lists every source" "$nsrc" "$(column $state source | sort -u | wc -l)"
check "unsupported sources read unsupported in state, temp and mhz" \
	awk 'NR > 1 && $4 == "unsupported" && ($5 != "unsupported" || $6 != "unsupported") { exit 1 }' "$state"
diag "supported here: $(awk 'NR > 1 && $4 != "unsupported" { print $2 "/" $3 }' $state | tr '\n' ' ')"

inject_transitions() {
	awk '$2 == "inject" { print $7 }' "$state"
}
log_lines() {
	column "$BK/throttle_log" seq | wc -l
}

echo 20 > "$BK/throttle_period_ms"
t0=$(inject_transitions)
l0=$(log_lines)
for s in "1 45000 1500" 0 "2 50000" "3 0 600" 0; do
	echo "$s" > "$BK/throttle_inject"
done
# transitions_reach N: the inject source has counted N transitions.
transitions_reach() {
	test "$(inject_transitions)" -ge "$1"
}
check "5 injected transitions seen within 5 s" wait_until 5 transitions_reach $((t0 + 5))

tail -n 5 "$BK/throttle_log" > $S/events.txt
expect="1 0 1 45000 1500
1 1 0 unsupported unsupported
1 0 2 50000 unsupported
1 2 3 0 600
1 3 0 unsupported unsupported"
check_eq "the log shows them in order with their states, temperatures and MHz" \
	"$expect" "$(awk '{ print ($4 == 7 && $5 == "inject"), $7, $8, $9, $10 }' $S/events.txt)"
check "seq numbers follow each other" \
	awk 'NR > 1 && $1 != prev + 1 { exit 1 } { prev = $1 }' $S/events.txt
# One injected state per period: consecutive events at least ~half a period apart.
check "timestamps increase by at least half the 20 ms period" \
	awk 'NR > 1 && $2 - prev < 10000000 { exit 1 } { prev = $2 }' $S/events.txt
check "throttle_log grew by 5" test "$(log_lines)" -eq $((l0 + 5))

bkevents "$BK/throttle_events" > $S/events.bin.txt
check "throttle_events reads as whole records" test $? -eq 0
check_eq "binary records match the text log" \
	"$(awk '{ t = $9 == "unsupported" ? -2147483648 : $9; m = $10 == "unsupported" ? 4294967295 : $10;
		  print $1, $2, $3, $4, $6, $7, $8, t, m }' $S/events.txt)" \
	"$(tail -n 5 $S/events.bin.txt)"

# The queue holds BURNKIT_INJECT_QUEUE states; one more is refused.
qmax=$(sed -n 's/^#define BURNKIT_INJECT_QUEUE[[:space:]]*\([0-9]*\).*/\1/p' /burnkit/abi.h)
echo 10000 > "$BK/throttle_period_ms"
sleep 0.1
i=0
accepted=0
refused=none
while [ $i -le "$qmax" ]; do
	got=$(bkwrite "$BK/throttle_inject" $((i % 2 + 1)))
	case $got in
	ok) accepted=$((accepted + 1)) ;;
	*) refused=$got ;;
	esac
	i=$((i + 1))
done
check_eq "inject queue takes $qmax states" "$qmax" "$accepted"
check_eq "and refuses the next with ENOSPC" ENOSPC "$refused"
t0=$(inject_transitions)
echo 1 > "$BK/throttle_period_ms"
# The last state was 0; the queue alternates 1, 2: every one is a transition.
check "the queued states drain as $qmax transitions" \
	wait_until 20 transitions_reach $((t0 + qmax))
check_eq "exactly $qmax" $((t0 + qmax)) "$(inject_transitions)"

# Past the ring size, the oldest events go and readers skip to the oldest.
ring=$(sed -n 's/^#define BURNKIT_EVENT_RING_SIZE[[:space:]]*\([0-9]*\).*/\1/p' /burnkit/abi.h)
total=$(($(column $BK/throttle_log seq | tail -n 1) + 1))
want=$((ring + 50 - total))
n=0
while [ $n -lt $want ]; do
	if echo $((n % 2 + 1)) > "$BK/throttle_inject" 2>/dev/null; then
		n=$((n + 1))
	else
		sleep 0.02
	fi
done
last_seq_reaches() {
	test "$(column $BK/throttle_log seq | tail -n 1)" -ge "$1"
}
check "the ring passes its size" wait_until 30 last_seq_reaches $((ring + 49))
check_eq "throttle_log keeps the newest $ring events" "$ring" "$(log_lines)"
first=$(column $BK/throttle_log seq | head -n 1)
last=$(column $BK/throttle_log seq | tail -n 1)
check_eq "they are consecutive" $((ring - 1)) $((last - first))
echo 10000 > "$BK/throttle_period_ms"
bkevents "$BK/throttle_events" > $S/events.bin.txt
check_eq "a reader from the start skips to the oldest kept" "$first" "$(head -n 1 $S/events.bin.txt | cut -d' ' -f1)"
echo 20 > "$BK/throttle_period_ms"
check_kernel_clean "kernel clean after the throttle tests"
