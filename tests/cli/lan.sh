#!/bin/sh
# burnkit lan end to end (TAP), on this machine only: loopback, and two
# network namespaces joined by a veth pair made here (link-local 169.254.x.y
# and IPv6 ULA addresses on that pair alone), removed at the end. Every run
# is bounded by --seconds and by timeout; every wait loop by a count.
#   - parameters: both styles, the usage errors;
#   - TCP up, down, both ways, parallel; UDP: the records and totals;
#   - a relay that flips one byte at a known offset of a data connection:
#     found at that offset, by the receiver on either side, exit 1;
#   - a server killed mid-run, a client killed mid-run: exit 1, where it
#     stopped; bad input: nothing listening, port in use, a server and a
#     client that are not burnkit, a second client while one runs; the
#     server's limits on time and bytes;
#   - namespaces (root, the host runner): IPv4 link-local, IPv6 ULA, a
#     host that does not resolve. Skipped with the reason where they cannot
#     be made; the loopback tests run anyway.
# Runs the host runner, or a cross-built one under qemu-user:
#   tests/cli/lan.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"
case $runner in /*) ;; *) runner=$PWD/$runner ;; esac
case $check in /*) ;; *) check=$PWD/$check ;; esac
relay=${LAN_RELAY:-build/tests/tools/lan_relay}
case $relay in /*) ;; *) relay=$PWD/$relay ;; esac
cd "$tmp" || exit 1

# A loopback address of this run alone (127.0.0.0/8 is all loopback), so
# that runs side by side (make check runs this suite for several
# architectures at once) never reach each other's servers.
lo=127.$(($$ / 256 % 256)).$(($$ % 256)).1
export LAN_RELAY_ADDR=$lo
port=$((20000 + $$ % 20000))
next_port() { port=$((port + 3)); }
nsa=bkt_a_$$ nsb=bkt_b_$$
cleanup() {
	for f in "$tmp"/*.pid; do
		[ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null
	done
	ip netns del "$nsa" 2>/dev/null
	ip netns del "$nsb" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# serve NAME ARGS...: a server in the background (pid in NAME.pid), ready
# when it says so (5 s at most).
serve() {
	name=$1
	shift
	# bounded by its own limit (not timeout: the tests kill the server itself)
	$emu "$runner" lan --server --bind $lo --port "$port" --interval 0 \
		--limit-seconds "${limit:-60}" "$@" >"$tmp/$name.out" 2>&1 &
	echo $! >"$tmp/$name.pid"
	for i in $(seq 1 50); do
		grep -q "Server listening" "$tmp/$name.out" 2>/dev/null && return 0
		sleep 0.1
	done
	echo "server $name did not start:"
	cat "$tmp/$name.out"
	return 1
}
# ended NAME EXPECTED: the background server exits EXPECTED within 15 s.
ended() {
	pid=$(cat "$tmp/$1.pid")
	for i in $(seq 1 150); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$pid" 2>/dev/null; then
		echo "server $1 still runs"
		kill "$pid"
		return 1
	fi
	wait "$pid"
	got=$?
	rm -f "$tmp/$1.pid"
	[ "$got" -eq "$2" ] || { echo "server $1: exit $got, want $2"; cat "$tmp/$1.out"; return 1; }
}
# client EXPECTED ARGS...: a client run, bounded, exits EXPECTED.
client() {
	want=$1
	shift
	timeout 60 $emu "$runner" lan "$@" >"$tmp/stdout" 2>"$tmp/stderr"
	got=$?
	[ "$got" -eq "$want" ] || { echo "exit $got, want $want"; cat "$tmp/stdout" "$tmp/stderr"; return 1; }
}
# rec FILE TYPE: the records of that type
rec() { grep "\"type\":\"$2\"" "$1"; }
# num FILE TYPE KEY: the first value of KEY in a record of TYPE
num() { rec "$1" "$2" | head -1 | sed -n "s/.*\"$3\":\([0-9.e+-]*\).*/\1/p"; }
positive() { awk -v v="$1" 'BEGIN { exit !(v > 0) }'; }

# ---------------------------------------------------------------- parameters
ok "lan --help names its log" status 0 lan --help
ok "help says every byte is checked" contains "$tmp/stdout" "logLanN.txt"
ok "listed" sh -c "$emu $runner list | grep -q '^ *lan '"
ok "no HOST and no --server: exit 2" status 2 lan --seconds 1
ok "the message says what to give" contains "$tmp/stderr" "no HOST"
ok "HOST and --server both: exit 2" status 2 lan $lo --server
ok "a bad --rate: exit 2" status 2 lan $lo --udp --rate fast
ok "UDP datagrams not a multiple of 8: exit 2" status 2 lan $lo --udp --length 100
ok "legacy words and long options resolve alike" sh -c "
	$emu $runner lan $lo Seconds 3, Parallel 2, Reverse --dry-run >$tmp/a &&
	$emu $runner lan --host $lo --seconds 3 --parallel 2 --reverse --dry-run >$tmp/b &&
	cmp $tmp/a $tmp/b && grep -q 'parallel.*2' $tmp/a"

# ---------------------------------------------------------------- TCP, UDP
tcp_up() {
	serve s1 --one-off --json "$tmp/s1.jsonl" || return 1
	client 0 $lo --port "$port" --seconds 1 --interval 0.5 --json "$tmp/c1.jsonl" \
		--log 7 || return 1
	ended s1 0 || return 1
	$check "$tmp/c1.jsonl" && $check "$tmp/s1.jsonl" || return 1
	m=$(num "$tmp/c1.jsonl" summary mbit_per_s)
	positive "$m" || { echo "summary mbit_per_s \"$m\""; return 1; }
	[ "$(num "$tmp/c1.jsonl" summary wrong_bytes)" = 0 ] || return 1
	[ "$(rec "$tmp/c1.jsonl" lan_interval | grep -c '"retransmits":')" -ge 2 ] ||
		{ echo "no interval rows with retransmits"; return 1; }
	rec "$tmp/c1.jsonl" lan_stream | grep -q '"cwnd_bytes":' || return 1
	# the sender's round trip time, left out where TCP_INFO is not (qemu-user)
	rtt=$(num "$tmp/c1.jsonl" lan_stream rtt_ms)
	[ -z "$rtt" ] && [ -n "$emu" ] && ! grep -q '"rtt_ms"' "$tmp/c1.jsonl" ||
		awk -v v="$rtt" 'BEGIN { exit !(v != "" && v > 0 && v < 1000) }' ||
		{ echo "the sender's rtt_ms \"$rtt\""; return 1; }
	rec "$tmp/s1.jsonl" lan_run | grep -q '"ok":true' || return 1
	grep -q "Every byte arrived and was right" logLan7.txt
}
next_port
ok "TCP up over loopback: intervals, totals, round trip time, both sides' JSON, logLan7.txt" tcp_up

# "FROM BYTES" of each interval row of FILE (KEY: bytes or receiver_bytes)
rows_of() {
	rec "$1" lan_interval | grep "\"$2\":" |
		sed -n "s/.*\"from\":\([0-9.e+-]*\),.*\"$2\":\([0-9]*\).*/\1 \2/p"
}
receiver_rows() {
	[ "$(rows_of "$tmp/c1.jsonl" receiver_bytes | wc -l)" -ge 2 ] ||
		{ echo "fewer than 2 client rows with the server's figures:"; cat "$tmp/stdout"; return 1; }
	grep -q "Cwnd  Received" "$tmp/stdout" || return 1
	rows_of "$tmp/s1.jsonl" bytes >"$tmp/server.rows"
	rows_of "$tmp/c1.jsonl" receiver_bytes | while read -r from bytes; do
		grep -qx "$from $bytes" "$tmp/server.rows" ||
			{ echo "client row from $from: receiver $bytes, not the server's"; exit 1; }
	done
}
ok "... the client's rows carry what the server received in each interval, as its rows say" \
	receiver_rows

tcp_more() {	# ARGS... KEY: a run with ARGS whose summary has KEY > 0
	key=$1
	shift
	serve s2 --one-off || return 1
	client 0 $lo --port "$port" --seconds 1 --json "$tmp/c2.jsonl" "$@" || return 1
	ended s2 0 || return 1
	$check "$tmp/c2.jsonl" || return 1
	v=$(num "$tmp/c2.jsonl" summary "$key")
	positive "$v" || { echo "$key \"$v\""; cat "$tmp/stdout"; return 1; }
}
next_port
ok "TCP down, 2 streams" tcp_more down_mbit_per_s --reverse --parallel 2
ok "... each stream has its record" sh -c "[ \$(grep -c '\"type\":\"lan_stream\"' $tmp/c2.jsonl) -eq 2 ]"
ok "... the client receives: its rows are the receiver's own, none waits for the server" sh -c "
	grep '\"type\":\"lan_interval\"' $tmp/c2.jsonl | grep -q '\"side\":\"receiver\"' &&
	! grep -q 'receiver_bytes' $tmp/c2.jsonl && ! grep -q 'Received' $tmp/stdout"
next_port
ok "TCP both ways" tcp_more up_mbit_per_s --bidir
ok "... the other way too" sh -c "grep '\"type\":\"summary\"' $tmp/c2.jsonl | grep -q '\"down_mbit_per_s\":[1-9]'"
next_port
ok "UDP at 20 Mbit/s" tcp_more up_mbit_per_s --udp --rate 20M --interval 0.5
ok "... loss and jitter in the totals" sh -c "
	grep '\"type\":\"lan_stream\"' $tmp/c2.jsonl | grep -q '\"lost\":[0-9]*,.*\"jitter_ms\":' &&
	grep -q 'datagrams lost' $tmp/stdout"
ok "... the sender's rows carry the receiver's datagrams and losses" sh -c "
	grep '\"type\":\"lan_interval\"' $tmp/c2.jsonl |
		grep -q '\"receiver_datagrams\":[1-9][0-9]*,\"lost\":[0-9]'"

# The HELLO's ivals=1 is what asks for the server's per-interval figures: a
# client that does not say it (an older burnkit) gets an OK without them.
hello="BURNKIT-LAN/1 HELLO run=00000000000000aa proto=udp streams=1 dir=up seconds=1"
hello="$hello interval=0.5 length=1400 rate=1000000 window=0"
asks_ivals() {
	serve s11 || return 1
	old=$(timeout 10 "$relay" say "$port" "$hello" 5)
	new=$(timeout 10 "$relay" say "$port" "$hello ivals=1" 5)
	kill "$(cat "$tmp/s11.pid")"
	rm -f "$tmp/s11.pid"
	case $old in "BURNKIT-LAN/1 OK seconds=1 ports="*) ;; *) echo "old: $old"; return 1 ;; esac
	case $old in *ivals*) echo "old: $old"; return 1 ;; esac
	case $new in "BURNKIT-LAN/1 OK seconds=1 ports="*" ivals=1") ;; *) echo "new: $new"; return 1 ;; esac
}
next_port
ok "per-interval figures only for a client that asks (HELLO ivals=1, OK ivals=1)" asks_ivals

# ---------------------------------------------------------------- a wrong byte
flipped() {	# DIR OFFSET FOUND_BY ARGS...
	dir=$1 off=$2 by=$3
	shift 3
	serve s3 --one-off || return 1
	timeout 30 "$relay" relay $((port + 1)) "$port" 1 "$dir" "$off" 20 >"$tmp/relay.out" \
		2>&1 &
	echo $! >"$tmp/relay.pid"
	for i in $(seq 1 50); do grep -q ready "$tmp/relay.out" && break; sleep 0.1; done
	client 1 $lo --port $((port + 1)) --seconds 1 --json "$tmp/c3.jsonl" "$@" ||
		return 1
	ended s3 1 || return 1
	kill "$(cat "$tmp/relay.pid")" 2>/dev/null
	rm -f "$tmp/relay.pid"
	rec "$tmp/c3.jsonl" error | grep -q "\"offset\":$off,.*\"found_by\":\"$by\"" ||
		{ echo "no error record at offset $off found by the $by:"; cat "$tmp/c3.jsonl"; return 1; }
	grep -q "ERROR stream 0 (.*), offset $off: expected 0x.., found 0x.." "$tmp/stdout" ||
		{ cat "$tmp/stdout"; return 1; }
	grep -q "offset $off" "$tmp/s3.out"
}
next_port
ok "a byte flipped at offset 1000003 on the way up: found there by the server, exit 1" \
	flipped up 1000003 server
next_port
ok "a byte flipped at offset 777777 on the way down: found there by the client, exit 1" \
	flipped down 777777 client --reverse

# ---------------------------------------------------------------- vanishing peers
server_killed() {
	serve s4 || return 1
	timeout 30 $emu "$runner" lan $lo --port "$port" --seconds 5 --interval 0 \
		>"$tmp/stdout" 2>&1 &
	cpid=$!
	sleep 1.5
	kill -9 "$(cat "$tmp/s4.pid")"
	rm -f "$tmp/s4.pid"
	wait "$cpid"
	got=$?
	[ "$got" -eq 1 ] || { echo "client exit $got"; cat "$tmp/stdout"; return 1; }
	grep -q "stopped at offset [1-9]" "$tmp/stdout" && grep -q "vanished\|reset" "$tmp/stdout" ||
		{ cat "$tmp/stdout"; return 1; }
}
next_port
ok "server killed mid-run: the client says where it stopped, exit 1" server_killed

client_killed() {
	serve s5 --one-off || return 1
	$emu "$runner" lan $lo --port "$port" --seconds 5 --reverse >/dev/null 2>&1 &
	cpid=$!
	sleep 1.5
	kill -9 "$cpid"
	wait "$cpid"
	ended s5 1 && grep -q "stopped at offset [1-9]" "$tmp/s5.out"
}
next_port
ok "client killed mid-run: the one-off server says where it stopped, exit 1" client_killed

# ---------------------------------------------------------------- bad input
next_port
ok "nothing listens: exit 3" client 3 $lo --port "$port" --seconds 1
ok "... and says so" contains "$tmp/stderr" "nothing listens on $lo port $port"

in_use() {
	serve s6 || return 1
	timeout 10 $emu "$runner" lan --server --bind $lo --port "$port" \
		>"$tmp/stdout" 2>"$tmp/stderr"
	got=$?
	kill "$(cat "$tmp/s6.pid")"
	rm -f "$tmp/s6.pid"
	[ "$got" -eq 3 ] && grep -q "port $port is in use" "$tmp/stderr" ||
		{ echo "exit $got"; cat "$tmp/stderr"; return 1; }
}
next_port
ok "a server on a port in use: exit 3, which port" in_use

not_burnkit_server() {
	timeout 20 "$relay" banner "$port" "SSH-2.0-OpenSSH_9.2p1 Debian" 15 >"$tmp/banner.out" 2>&1 &
	echo $! >"$tmp/banner.pid"
	for i in $(seq 1 50); do grep -q ready "$tmp/banner.out" && break; sleep 0.1; done
	client 3 $lo --port "$port" --seconds 1
	got=$?
	kill "$(cat "$tmp/banner.pid")"
	rm -f "$tmp/banner.pid"
	[ "$got" -eq 0 ] && grep -q "is not a burnkit lan server (it answered \"SSH-2.0" "$tmp/stderr"
}
next_port
ok "a server that is not burnkit: exit 3, what it answered" not_burnkit_server

not_burnkit_client() {
	serve s7 --one-off || return 1
	reply=$(timeout 10 "$relay" say "$port" "GET / HTTP/1.0" 5)
	echo "$reply" | grep -q "^BURNKIT-LAN/1 REFUSED not a burnkit lan client" ||
		{ echo "reply: $reply"; return 1; }
	client 0 $lo --port "$port" --seconds 0.5 || return 1
	ended s7 0
}
next_port
ok "a client that is not burnkit is refused, the next one served" not_burnkit_client

busy() {
	serve s8 --one-off || return 1
	timeout 30 $emu "$runner" lan $lo --port "$port" --seconds 3 --interval 0 \
		>"$tmp/first.out" 2>&1 &
	cpid=$!
	for i in $(seq 1 50); do grep -q "Serving" "$tmp/s8.out" && break; sleep 0.1; done
	sleep 0.5
	client 3 $lo --port "$port" --seconds 1
	got=$?
	wait "$cpid" || { echo "first client failed"; cat "$tmp/first.out"; return 1; }
	ended s8 0 || return 1
	[ "$got" -eq 0 ] && grep -q "said: BUSY serving 127\." "$tmp/stderr"
}
next_port
ok "a second client while one runs: told the server is busy, exit 3" busy

limits() {
	limit=2
	serve s9 || return 1
	limit=60
	ended s9 0 && grep -q "Time limit of 2 s reached" "$tmp/s9.out" || return 1
	next_port
	serve s10 --limit-bytes 1M || return 1
	client 0 $lo --port "$port" --seconds 0.5 || return 1
	ended s10 0 && grep -q "Byte limit reached" "$tmp/s10.out"
}
next_port
ok "the server stops at its limits on time and on bytes" limits

# ---------------------------------------------------------------- namespaces
ns_why=
if [ -n "$emu" ]; then
	ns_why="namespaces are tested with the host runner (this one runs under $emu)"
elif ! command -v ip >/dev/null; then
	ns_why="no ip command (iproute2)"
elif ! ip netns add "$nsa" 2>"$tmp/ns.err"; then
	ns_why="network namespaces not allowed here: $(head -1 "$tmp/ns.err")"
elif ! { ip netns add "$nsb" &&
	 ip link add bkt$$a netns "$nsa" type veth peer name bkt$$b netns "$nsb" &&
	 ip -n "$nsa" addr add 169.254.99.1/30 dev bkt$$a &&
	 ip -n "$nsb" addr add 169.254.99.2/30 dev bkt$$b &&
	 ip -n "$nsa" -6 addr add fd42:6b6c:616e::1/64 dev bkt$$a nodad &&
	 ip -n "$nsb" -6 addr add fd42:6b6c:616e::2/64 dev bkt$$b nodad &&
	 ip -n "$nsa" link set lo up && ip -n "$nsb" link set lo up &&
	 ip -n "$nsa" link set bkt$$a up && ip -n "$nsb" link set bkt$$b up; } 2>"$tmp/ns.err"
then
	ns_why="cannot make a veth pair between namespaces: $(head -1 "$tmp/ns.err")"
fi

over_veth() {	# ADDRESS ARGS...
	addr=$1
	shift
	timeout 30 ip netns exec "$nsa" "$runner" lan --server --one-off --bind "$addr" \
		--port "$port" --interval 0 >"$tmp/ns.out" 2>&1 &
	spid=$!
	for i in $(seq 1 50); do grep -q "Server listening" "$tmp/ns.out" && break; sleep 0.1; done
	timeout 30 ip netns exec "$nsb" "$runner" lan "$addr" --port "$port" --seconds 1 \
		--interval 0 --json "$tmp/ns.jsonl" "$@" >"$tmp/stdout" 2>&1
	got=$?
	wait "$spid"
	sgot=$?
	[ "$got" -eq 0 ] && [ "$sgot" -eq 0 ] ||
		{ echo "client $got, server $sgot"; cat "$tmp/stdout" "$tmp/ns.out"; return 1; }
	grep -q "Connected to $addr port $port" "$tmp/stdout" &&
		positive "$(num "$tmp/ns.jsonl" summary mbit_per_s)"
}
if [ -n "$ns_why" ]; then
	skip "TCP over a veth pair, 169.254.99.1, 2 streams" "$ns_why"
	skip "TCP down over a veth pair, IPv6 ULA" "$ns_why"
	skip "a host that does not resolve: exit 2" "$ns_why"
else
	next_port
	ok "TCP over a veth pair, 169.254.99.1, 2 streams" over_veth 169.254.99.1 --parallel 2
	next_port
	ok "TCP down over a veth pair, IPv6 ULA" over_veth fd42:6b6c:616e::1 --reverse
	ok "a host that does not resolve: exit 2, which" sh -c "
		timeout 20 ip netns exec $nsb $runner lan no-such-host.invalid --seconds 1 \
			>$tmp/o 2>$tmp/e; rc=\$?
		[ \$rc -eq 2 ] && grep -q 'no such host \"no-such-host.invalid\"' $tmp/e ||
			{ echo exit \$rc; cat $tmp/e; exit 1; }"
fi
finish
