# guests: x86_64
# kernels: 6.1
# Cooking in the guest, with the module's injected throttling: burnkit cook
# runs two copies and the recorder while a throttle interval is injected
# and a competing process slows copy 0 inside it, then copy 1 outside any.
# The timeline must hold the injected transitions within two sample periods
# of their kernel time (cook is woken by the module's netlink group, or
# reads its event file every half period; the bound keeps a period for the
# guest's scheduling: in the x86-64 guests both
# CPUs share one emulator thread, and beside make check's other jobs cook
# once saw a transition 0.27 s late, among three busy processes; plus the
# time the whole guest stopped between that kernel time and the
# timeline, stall_probe), mark the
# drop inside the interval as throttling and the one outside as
# interference, and draw the chart; burnkit report reads the timeline cut
# short. cook and temp are woken by the module's netlink group: with
# samples seconds apart, transitions still reach the timeline at once
# (and, read from the event file instead, seconds late). burnkit
# watch prints transitions as they happen, through netlink and through the
# event file.
# Files go to $BURNKIT_DISK/cook (tests/cli/cook_vm.sh copies them out).

cook_sample=0.2
cook_max_lag=0.4	# two sample periods

# stall_probe: until $S/stall.stop exists, sleep 50 ms at a time and
# append to $S/stall.cs each oversleep of 2 cs or more, as "END OVER":
# /proc/uptime at its end and its length, in centiseconds (the guest's
# monotonic clock, as the events' kernel_ns: it never suspends).
# Emulated beside make check's other jobs, the whole guest stops at times
# (once 0.6 s, a CI run, with a transition 0.61 s late and the other 4 ms):
# no process, cook's either, is woken sooner than the guest runs again, so
# each lag's bound allows the stalls (their sum) a plain sleeper saw
# between that transition's kernel time and its lag's end, and no other.
stall_probe() {
	: > $S/stall.cs
	read_uptime_cs
	prev=$uptime_cs_now
	while [ ! -e $S/stall.stop ]; do
		sleep 0.05
		read_uptime_cs
		over=$((uptime_cs_now - prev - 5))
		[ $over -ge 2 ] && echo "$uptime_cs_now $over" >> $S/stall.cs
		prev=$uptime_cs_now
	done
}

# lags_within_bound FILE MAX-LAG: each of the two lines of FILE
# ("kernel_ns" and "lag_s") within MAX-LAG seconds plus the stalls of
# $S/stall.cs inside [kernel time, kernel time + lag] (1 cs either side:
# uptime's rounding): a stall lies somewhere in its sleep of 5 cs and
# more, so each counts up to the part of that sleep inside the window;
# prints each lag with its bound.
lags_within_bound() {
	sed -n 's/.*"lag_s":\(-\{0,1\}[0-9.e+-]*\).*"kernel_ns":\([0-9]*\).*/\1 \2/p' \
		"$1" |
		awk -v lag="$2" -v stalls=$S/stall.cs '
			BEGIN { while ((getline l < stalls) > 0) { split(l, f, " "); ns++; end[ns] = f[1]; over[ns] = f[2] } }
			{
				n++
				from = $2 / 1e7 - 1; to = from + 2 + 100 * $1
				extra = 0
				for (i = 1; i <= ns; i++) {
					lo = end[i] - over[i] - 5; hi = end[i]
					if (lo < from) lo = from
					if (hi > to) hi = to
					if (hi > lo)
						extra += (hi - lo < over[i] ? hi - lo : over[i]) / 100
				}
				printf "lag %s s, bound %.2f s (stalls %.2f s)\n", $1, lag + extra, extra
				if ($1 + 0 < 0 || $1 + 0 > lag + extra) bad = 1
			}
			END { exit bad || n != 2 }'
}

# In the background: one injected throttle interval, 1 s to 2 s from now.
inject_second_second() {
	( sleep 1; echo "1 85000 600" > $BK/throttle_inject; sleep 1; echo 0 > $BK/throttle_inject ) &
	injector=$!
}

# The awk fields of JSON lines: the number after "KEY":.
jnum() {
	sed -n "s/.*\"$1\":\(-\{0,1\}[0-9.e+-]*\).*/\1/p"
}

if ! command -v burnkit > /dev/null || ! burnkit list 2>/dev/null | grep -q '^cook '; then
	skip "cooking" "the runner with cook is not built for $BURNKIT_VM_ARCH"
else
	[ "$(kv $BK/features inject)" = on ] || { unload; load inject=1; }
	echo 100 > $BK/throttle_period_ms
	out=${BURNKIT_DISK:-$S}/cook
	rm -rf "$out"
	mkdir -p "$out"
	(
		sleep 6
		echo "1 85000 600" > $BK/throttle_inject
		burnkit fpu --cpu 0 --seconds 3 > /dev/null 2>&1
		echo 0 > $BK/throttle_inject
		sleep 3
		burnkit fpu --cpu 1 --seconds 3 > /dev/null 2>&1
	) &
	hogs=$!
	rm -f $S/stall.stop $S/stall.cs
	stall_probe &
	probe=$!
	burnkit cook --run "int KBytes 8, Seconds 0.25" --copies 2 --minutes 0.35 \
		--sample $cook_sample --json "$out/cook.jsonl" --csv "$out/cook.csv" \
		> "$out/cook.out" 2>&1
	rc=$?
	wait $hogs
	touch $S/stall.stop
	wait $probe
	check_eq "cook with injected throttling exits 0" 0 "$rc"
	[ "$rc" = 0 ] || sed 's/^/#   /' "$out/cook.out" | tail -n 20
	tl=$out/cook.jsonl

	grep '"type":"throttle"' "$tl" | grep '"source":"inject"' > $S/inject.jsonl
	check_eq "both injected transitions are in the timeline" 2 "$(wc -l < $S/inject.jsonl)"
	via_cook=$(grep '"type":"sensors"' "$tl" | sed -n 's/.*"events_via":"\([a-z]*\)".*/\1/p')
	if [ "$(kv $BK/features netlink)" = on ] && burnkit watch --via netlink --seconds 0.1 > /dev/null 2>&1; then
		check_eq "cook is woken by the module's netlink group (runner and module have it)" \
			netlink "$via_cook"
	else
		check_eq "cook reads the event file (no netlink here)" poll "$via_cook"
	fi
	if lags_within_bound $S/inject.jsonl $cook_max_lag > $S/lags.txt; then
		ok "each within two sample periods ($cook_max_lag s) of its kernel time, plus the guest's stalls meanwhile"
	else
		not_ok "each within two sample periods ($cook_max_lag s) of its kernel time, plus the guest's stalls meanwhile"
	fi
	diag "via $via_cook: $(tr '\n' ';' < $S/lags.txt) over the run $(awk '{ n++; if ($2 > m) m = $2 } END { printf "%d stalls, the longest %d cs", n, m }' $S/stall.cs)"
	on=$(grep '"active":true' $S/inject.jsonl | jnum at)
	off=$(grep '"active":false' $S/inject.jsonl | jnum at)
	diag "injected interval: $on - $off s"

	grep '"type":"drop"' "$tl" > $S/drops.jsonl
	sed 's/^/# /' $S/drops.jsonl | cut -c 1-220
	check "a drop inside the injected interval is marked throttling" \
		awk -v on="$on" -v off="$off" -v s=$cook_sample '
			/"cause":"throttling"/ {
				match($0, /"from":[0-9.e+-]*/); f = substr($0, RSTART + 7, RLENGTH - 7) + 0
				match($0, /"at":[0-9.e+-]*/); a = substr($0, RSTART + 5, RLENGTH - 5) + 0
				if (f <= off + s && a >= on - s) found = 1
			}
			END { exit !found }' $S/drops.jsonl
	check "a drop with no throttle near it is marked interference" \
		grep -q '"cause":"interference"' $S/drops.jsonl
	check "no drop far from the interval is called throttling" \
		awk -v on="$on" -v off="$off" -v s=$cook_sample '
			/"cause":"throttling"/ {
				match($0, /"from":[0-9.e+-]*/); f = substr($0, RSTART + 7, RLENGTH - 7) + 0
				match($0, /"at":[0-9.e+-]*/); a = substr($0, RSTART + 5, RLENGTH - 5) + 0
				if (f > off + s || a < on - s) exit 1
			}' $S/drops.jsonl
	tail -n 1 "$tl" > $S/summary.json
	check "the summary has the first throttle and the share of time throttled" \
		sh -c "grep -q '\"first_throttle_s\":[0-9]' $S/summary.json && grep -q '\"throttled_share\":0\.[0-9]' $S/summary.json"
	diag "$(grep -E '^ (Peak|First|Time thr|Performance|Drops|Recorder)' "$out/cook.out" | tr -s ' ' | tr '\n' ';')"
	check "the chart holds both copies and the throttle interval" \
		sh -c "grep -q '<title>copy 0 int' $out/cook.svg && grep -q '<title>copy 1 int' $out/cook.svg && grep -q '<g class=\"throttled\">' $out/cook.svg && tail -n 1 $out/cook.svg | grep -q '</svg>'"

	size=$(wc -c < "$tl")
	head -c $((size * 2 / 3)) "$tl" > "$out/cut.jsonl"
	burnkit report "$out/cut.jsonl" > $S/cut.out 2>&1
	check_eq "report of the timeline cut at two thirds exits 0" 0 $?
	check "and says it was cut short" grep -q 'CUT SHORT' $S/cut.out

	# Woken, not polled: with samples 10 s apart, the event file is read at
	# the start and 5 s on, so transitions 1 and 2 s into a 4.5 s run reach
	# a polling timeline only at its end, over 2 s late; the netlink group
	# brings them at once (within a second: beside make check's other jobs
	# one took 0.32 s, the guest's scheduling), plus the time the whole
	# guest stopped meanwhile, as above (on a loaded Debian 13 host, 2 of
	# 6 runs saw one transition 1.23 and 1.69 s late, the other in 1 ms).
	for via in netlink poll; do
		[ $via = netlink ] && [ "$via_cook" != netlink ] && continue
		rm -f $S/stall.stop $S/stall.cs
		stall_probe &
		probe=$!
		inject_second_second
		burnkit cook --run "int KBytes 8, Seconds 0.25" --minutes 0.075 --sample 10 \
			--via $via --json "$out/woken-$via.jsonl" > "$out/woken-$via.out" 2>&1
		rc=$?
		wait $injector
		touch $S/stall.stop
		wait $probe
		check_eq "cook --sample 10 --via $via exits 0" 0 "$rc"
		grep '"type":"throttle"' "$out/woken-$via.jsonl" | grep '"source":"inject"' > $S/woken.jsonl
		lags=$(jnum lag_s < $S/woken.jsonl)
		diag "--sample 10 --via $via: lags $(echo $lags) s"
		if [ $via = netlink ]; then
			if lags_within_bound $S/woken.jsonl 1 > $S/lags.txt; then
				ok "via netlink, both transitions within 1 s of their kernel time, plus the guest's stalls meanwhile"
			else
				not_ok "via netlink, both transitions within 1 s of their kernel time, plus the guest's stalls meanwhile"
			fi
			diag "$(tr '\n' ';' < $S/lags.txt) over the run $(awk '{ n++; if ($2 > m) m = $2 } END { printf "%d stalls, the longest %d cs", n, m }' $S/stall.cs)"
		else
			check "via poll, both reach the timeline over 2 s late (the test tells the two apart)" \
				awk 'BEGIN { n = 0 } { n++; if ($1 + 0 < 2) bad = 1 } END { exit bad || n != 2 }' <<EOF
$lags
EOF
		fi
	done

	# temp, samples 4 s apart, prints them as they come through netlink.
	if [ "$via_cook" = netlink ]; then
		inject_second_second
		burnkit temp --passes 1 --seconds 4 --json "$out/temp.jsonl" > "$out/temp.out" 2>&1
		rc=$?
		wait $injector
		check_eq "temp --seconds 4 exits 0" 0 "$rc"
		lags=$(grep '"type":"throttle"' "$out/temp.jsonl" | grep '"source":"inject"' | jnum lag_s)
		diag "temp --seconds 4: lags $(echo $lags) s"
		check "temp: both transitions within 1 s of their kernel time, printed between the samples" \
			sh -c "echo '$(echo $lags)' | awk '{ exit NF != 2 || \$1 > 1 || \$2 > 1 }' &&
				awk '/temp=/ { rows++ } /throttle inject\/0/ && rows == 1 { n++ } END { exit n != 2 }' '$out/temp.out'"
	fi

	# watch: each way the module can tell it.
	for via in poll netlink; do
		burnkit watch --via $via --seconds 2 > $S/watch.out 2>&1 &
		w=$!
		sleep 0.7
		echo "2 90000 700" > $BK/throttle_inject
		sleep 0.3
		echo 0 > $BK/throttle_inject
		wait $w
		wrc=$?
		if [ $via = netlink ] && [ $wrc = 3 ]; then
			skip "watch via netlink" "$(tail -n 1 $S/watch.out)"
			continue
		fi
		check_eq "watch --via $via exits 0" 0 $wrc
		check "watch --via $via prints both transitions" \
			sh -c "grep -q 'inject/0: 0 -> 2.*SLOWED DOWN' $S/watch.out && grep -q 'inject/0: 2 -> 0.*released' $S/watch.out"
	done
	check_kernel_clean "kernel clean after cooking"
fi
