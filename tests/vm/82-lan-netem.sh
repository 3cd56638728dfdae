# guests: x86_64 aarch64
# kernels: 6.1
# burnkit lan over a link that tc netem makes slow and lossy, which the
# host's kernel cannot do (no sch_netem there): two network namespaces
# joined by a veth pair made here (169.254.88.1 and .2, nothing else on
# them), iproute2's ip and tc from the initramfs (busybox's have no netns
# and no netem). Two short runs, client in B, server in A (plain runs over
# a veth pair are tests/cli/lan.sh's):
#   - netem delay 50ms on B's side: exit 0, every byte right, interval rows,
#     and the round trip time that TCP_INFO gives the sender is at least
#     50 ms, and in milliseconds (under a second; under an emulated CPU a
#     full pipe's queues alone make it up to 70 ms, so no run without the
#     delay could bound it); the client's rows carry the server's figures;
#   - netem loss 2% on B's side (the client's data): every byte still right
#     and the sender's retransmits above 0 in its records and summary.
# Each run is bounded by --seconds and by timeout, the server by its
# --limit-seconds; the namespaces (and so the pair) and the logs are removed
# at the end.

ln_ip=/usr/sbin/ip
ln_tc=/usr/sbin/tc
ln_a=bkn_a ln_b=bkn_b
ln_server=169.254.88.1
ln_dir=$S/lan

# ln_client NAME ARGS...: a client run in B, its JSON in $ln_dir/NAME.jsonl,
# its exit status in ln_rc.
ln_client() {
	name=$1
	shift
	(cd "$ln_dir" && timeout 30 "$ln_ip" netns exec "$ln_b" burnkit lan "$ln_server" \
		--port 5301 --seconds 1 --interval 0.25 --json "$ln_dir/$name.jsonl" "$@" \
		> "$ln_dir/$name.out" 2>&1)
	ln_rc=$?
}
# ln_num NAME TYPE KEY: the first value of KEY in a record of TYPE
ln_num() {
	grep "\"type\":\"$2\"" "$ln_dir/$1.jsonl" | head -n 1 |
		sed -n "s/.*\"$3\":\([0-9.e+-]*\).*/\1/p"
}
# ln_whole NAME: exit 0, no wrong byte, interval rows for the run's time.
ln_whole() {
	[ "$ln_rc" = 0 ] || { diag "exit $ln_rc"; sed 's/^/#   /' "$ln_dir/$1.out"; return 1; }
	[ "$(ln_num "$1" summary wrong_bytes)" = 0 ] || return 1
	grep -q "Every byte arrived and was right" "$ln_dir/$1.out" || return 1
	rows=$(grep -c '"type":"lan_interval"' "$ln_dir/$1.jsonl")
	[ "$rows" -ge 3 ] || { diag "$rows interval rows"; return 1; }
}
ln_cleanup() {
	[ -n "${ln_pid:-}" ] && kill "$ln_pid" 2>/dev/null && wait "$ln_pid" 2>/dev/null
	ln_pid=""
	"$ln_ip" netns del "$ln_a" 2>/dev/null
	"$ln_ip" netns del "$ln_b" 2>/dev/null
	rm -rf "$ln_dir"
}

if ! command -v burnkit > /dev/null; then
	skip "lan over netem" "the runner is not built for $BURNKIT_VM_ARCH (make static / make cross)"
elif [ ! -x "$ln_ip" ] || [ ! -x "$ln_tc" ]; then
	skip "lan over netem" "iproute2's ip and tc are not in this guest's initramfs (scripts/vm/userland.sh said why when it built it)"
elif ! { modprobe veth && modprobe sch_netem; }; then
	not_ok "veth and sch_netem load"
elif ! { mkdir -p "$ln_dir" && "$ln_ip" netns add "$ln_a" && "$ln_ip" netns add "$ln_b" &&
	 "$ln_ip" link add bkn_va netns "$ln_a" type veth peer name bkn_vb netns "$ln_b" &&
	 "$ln_ip" -n "$ln_a" addr add "$ln_server/30" dev bkn_va &&
	 "$ln_ip" -n "$ln_b" addr add 169.254.88.2/30 dev bkn_vb &&
	 "$ln_ip" -n "$ln_a" link set lo up && "$ln_ip" -n "$ln_b" link set lo up &&
	 "$ln_ip" -n "$ln_a" link set bkn_va up && "$ln_ip" -n "$ln_b" link set bkn_vb up; }; then
	not_ok "two namespaces joined by a veth pair"
	ln_cleanup
else
	ok "two namespaces joined by a veth pair"
	# ip netns exec runs the server in place: $! is the server itself.
	(cd "$ln_dir" && exec "$ln_ip" netns exec "$ln_a" burnkit lan --server \
		--bind "$ln_server" --port 5301 --limit-seconds 60 > "$ln_dir/server.out" 2>&1) &
	ln_pid=$!
	if ! wait_until 10 grep -q "Server listening" "$ln_dir/server.out"; then
		not_ok "the lan server listens in A"
		sed 's/^/#   /' "$ln_dir/server.out"
	else
		check "tc netem delay 50ms on B's end of the pair" \
			"$ln_tc" -n "$ln_b" qdisc add dev bkn_vb root netem delay 50ms
		ln_client delay
		check "netem delay 50ms: exit 0, every byte right, interval rows" ln_whole delay
		rtt=$(ln_num delay lan_stream rtt_ms)
		check "... the sender's round trip time is at least 50 ms ($rtt ms)" \
			awk -v v="$rtt" 'BEGIN { exit !(v != "" && v >= 50 && v < 1000) }'
		check "... the interval rows carry it too" awk '
			/"type":"lan_interval"/ && match($0, /"rtt_ms":[0-9.]+/) &&
				substr($0, RSTART + 9, RLENGTH - 9) + 0 >= 50 &&
				substr($0, RSTART + 9, RLENGTH - 9) + 0 < 1000 { n++ }
			END { exit !n }' "$ln_dir/delay.jsonl"
		check "... and what the server received, over the delayed control channel" \
			test "$(grep -c '"receiver_mbit_per_s":' "$ln_dir/delay.jsonl")" -ge 2
		diag "delay 50ms: $(ln_num delay summary mbit_per_s) Mbit/s, rtt $rtt ms"

		check "tc netem loss 2% there instead" \
			"$ln_tc" -n "$ln_b" qdisc replace dev bkn_vb root netem loss 2%
		ln_client loss
		check "netem loss 2%: exit 0, every byte right, interval rows" ln_whole loss
		retr=$(ln_num loss summary up_retransmits)
		check "... the sender's retransmits in the summary are above 0 ($retr)" \
			awk -v v="$retr" 'BEGIN { exit !(v != "" && v > 0) }'
		check "... and in its stream record" sh -c \
			"grep '\"type\":\"lan_stream\"' $ln_dir/loss.jsonl | grep -q '\"retransmits\":[1-9]'"
		diag "loss 2%: $(ln_num loss summary mbit_per_s) Mbit/s, $retr retransmits"
	fi
	ln_cleanup
	check "the namespaces are gone" sh -c "! $ln_ip netns list | grep -q bkn_"
fi
