#!/bin/bash
# SPDX-License-Identifier: MIT
#
# lan.sh: burnkit lan against iperf3 over the same link. Two network
# namespaces made here, joined by a veth pair with link-local addresses
# (169.254.77.1 and .2, nothing else on them); in each, a server of each
# tool; the clients alternate, iperf3 then burnkit, ROUNDS rounds of each
# case (1 and 4 streams, client to server and reversed), SECONDS each run.
# Reported per case: the receivers' Mbit/s (10^6 bits; median and spread,
# min-max, over the rounds), the ratio burnkit/iperf3 of the medians, the
# round ratios' spread as drive.sh judges it (scripts/bench/rounds.sh: from
# 5 rounds on without the highest and the lowest; above SPREAD_LIMIT % of
# the median it runs another round, up to MAX_ROUNDS, and stays "unstable"
# if it does not settle), and each tool's sender CPU. burnkit checks every byte it
# receives; iperf3 checks none.
# With sch_netem (a module on most distributions' kernels), the same cases
# again under "delay 1ms loss 0.1%"; without, those rows are skipped and the
# reason printed, or with --guest run in the x86_64 test VM (scripts/vm.sh:
# Debian's kernel has sch_netem; its initramfs carries iproute2, and this
# run's iperf3 and bash too, scripts/vm.sh --userland), where both tools run
# emulated and slower: compare those rows with each other, not the host's.
# The goal: burnkit >= 0.95 x iperf3 on one stream.
# With two CPUs or more, each end runs on a CPU of its own, the same for
# both tools (servers on CPU 1, clients on CPU 0, as iperf3 -A would pin
# them): the scheduler then moves neither tool's threads between the CPUs
# mid-run, which made the rounds disagree by up to 20 %. burnkit's streams
# share their end's CPU as iperf3's single thread does.
#
# Usage: scripts/bench/lan.sh [--guest]   (as root: namespaces; builds the
#   runner; skipped, with the reason, where namespaces cannot be made)
#   --netem-only: the netem rows alone (what --guest runs in the guest)
# Environment: ROUNDS (3), MAX_ROUNDS (7), SPREAD_LIMIT (10, %),
#   SECONDS_PER_RUN (5); STREAMS ("1 4": the stream
#   counts to run); PIN (1: pin each end to its CPU, 0: let them float);
#   LAN_BENCH_RUNNER: a runner to use instead of building one.
# Exits non-zero only when something fails to build or run.

set -eu
guest=0 netem_only=0
for a in "$@"; do
	case $a in
	--guest) guest=1 ;;
	--netem-only) netem_only=1 ;;
	*) echo "usage: scripts/bench/lan.sh [--guest | --netem-only]" >&2; exit 2 ;;
	esac
done
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
# (the guest gets rounds.sh's and records.sh's text ahead of this one's, in one bash -c)
declare -F round_stats >/dev/null || . "$(dirname "$self")/rounds.sh"
[ -n "${AWK_JSON_NUM:-}" ] || . "$(dirname "$self")/records.sh"
if [ -z "${LAN_BENCH_RUNNER:-}" ]; then
	cd "$(dirname "$0")/../.."
	make -s all
	runner=$PWD/build/burnkit
else
	runner=$LAN_BENCH_RUNNER
fi

ROUNDS=${ROUNDS:-3}
MAX_ROUNDS=${MAX_ROUNDS:-7}
SPREAD_LIMIT=${SPREAD_LIMIT:-10}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-5}
STREAMS=${STREAMS:-1 4}
PIN=${PIN:-1}
server_cpu=() client_cpu=()
if [ "$PIN" = 1 ] && [ "$(nproc)" -ge 2 ] && taskset -c 1 true 2>/dev/null; then
	server_cpu=(taskset -c 1) client_cpu=(taskset -c 0)
fi
OUT=${LAN_BENCH_OUT:-build/bench/lan}
mkdir -p "$OUT"
command -v iperf3 >/dev/null || { echo "lan.sh: iperf3 missing (scripts/deps.sh bench)" >&2; exit 1; }
if [ "$(id -u)" -ne 0 ]; then
	echo "lan.sh: skipped: its network namespaces need root"
	exit 0
fi

tag=$$
nsa=bklan_a_$tag nsb=bklan_b_$tag
va=bkla$tag vb=bklb$tag
a_ip=169.254.77.1 b_ip=169.254.77.2
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
	ip netns del "$nsa" 2>/dev/null || true
	ip netns del "$nsb" 2>/dev/null || true
}
trap cleanup EXIT INT TERM

if ! ip netns add "$nsa" 2>"$OUT/netns.err"; then
	echo "lan.sh: skipped: network namespaces not allowed here: $(head -1 "$OUT/netns.err")"
	exit 0
fi
ip netns add "$nsb"
ip link add "$va" netns "$nsa" type veth peer name "$vb" netns "$nsb"
ip -n "$nsa" addr add "$a_ip/30" dev "$va"
ip -n "$nsb" addr add "$b_ip/30" dev "$vb"
for n in "$nsa" "$nsb"; do ip -n "$n" link set lo up; done
ip -n "$nsa" link set "$va" up
ip -n "$nsb" link set "$vb" up
inA() { ip netns exec "$nsa" "$@"; }
inB() { ip netns exec "$nsb" "$@"; }
# a client, on its CPU
clientB() { ip netns exec "$nsb" "${client_cpu[@]}" "$@"; }

# Servers in A, bounded: they stop on their own after the bench's time.
limit=$(( (MAX_ROUNDS * 8 * 2 + 8) * (SECONDS_PER_RUN + 3) ))
# (ip netns exec runs them in place: $! is the server itself, for cleanup)
ip netns exec "$nsa" "${server_cpu[@]}" timeout "$limit" iperf3 -s -B "$a_ip" -p 5201 \
	> "$OUT/iperf3-server.out" 2>&1 &
pids+=($!)
ip netns exec "$nsa" "${server_cpu[@]}" "$runner" lan --server --bind "$a_ip" --port 5301 \
	--limit-seconds "$limit" --interval 0 > "$OUT/burnkit-server.out" 2>&1 &
pids+=($!)
sleep 1

# One run: prints "MBIT_PER_S SENDER_CPU_PERCENT CPU_MS_PER_GB" (the
# receiver's mean; the CPU time of both ends per 10^9 bytes moved).
run_iperf3() {	# STREAMS REVERSE TAG
	local rev=
	[ "$2" = 1 ] && rev=-R
	clientB iperf3 -c "$a_ip" -p 5201 -t "$SECONDS_PER_RUN" -P "$1" $rev -J \
		> "$OUT/$3.json" 2>&1
	awk -v rev="$2" '
		/"sum_received"/ { inrx = 1 }
		inrx && /"bits_per_second"/ { gsub(/[^0-9.e+]/, "", $2); bps = $2; inrx = 0 }
		/"host_total"/ { gsub(/[^0-9.e+]/, "", $2); host = $2 }
		/"remote_total"/ { gsub(/[^0-9.e+]/, "", $2); remote = $2 }
		END { if (bps == "") exit 1
		      printf "%.1f %.1f %.1f\n", bps / 1e6, rev ? remote : host,
			(host + remote) * 80000 / (bps / 1e6) }
	' "$OUT/$3.json"
}
run_burnkit() {	# STREAMS REVERSE TAG
	local rev=
	[ "$2" = 1 ] && rev=--reverse
	clientB "$runner" lan "$a_ip" --port 5301 --seconds "$SECONDS_PER_RUN" --parallel "$1" \
		$rev --interval 0 --json "$OUT/$3.jsonl" > "$OUT/$3.out" 2>&1
	awk -v rev="$2" "$AWK_JSON_NUM"'
		/"type":"summary"/ {
			m = json_num("mbit_per_s"); h = json_num("cpu_percent")
			r = json_num("server_cpu_percent")
		}
		END { if (m == "") exit 1; printf "%.1f %.1f %.1f\n", m, rev ? r : h, (h + r) * 80000 / m }
	' "$OUT/$3.jsonl"
}

netem_why=
modprobe sch_netem 2>/dev/null || true	# the guest loads nothing by itself
if ! inA tc qdisc add dev "$va" root netem delay 1ms loss 0.1% 2>"$OUT/netem.err"; then
	netem_why="no sch_netem on this kernel ($(head -1 "$OUT/netem.err"))"
	modprobe -n sch_netem 2>/dev/null || netem_why="no sch_netem module for kernel $(uname -r)"
else
	inA tc qdisc del dev "$va" root
fi

# The netem rows in the test VM: this script again, there, with --netem-only.
netem_in_guest() {
	local top vmout
	top=$(cd "$(dirname "$self")/../.." && pwd)
	vmout=$OUT/guest.out
	echo "netem rows (delay 1ms loss 0.1%) in the x86_64 test VM (scripts/vm.sh x86_64):"
	# The guest has busybox on PATH, iproute2, tc, iperf3 and bash beside it;
	# bash's < <(...) wants /dev/fd, which devtmpfs lacks.
	if "$top/scripts/vm.sh" x86_64 --runner --no-kmod \
		--userland "iperf3:/usr/bin/iperf3 bash:/usr/bin/bash" \
		--timeout $(( (MAX_ROUNDS * 8 + 4) * (SECONDS_PER_RUN + 4) + 120 )) -- \
		/usr/bin/bash -c 'export PATH=/usr/sbin:/usr/bin:$PATH
			[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
			ROUNDS=$1 SECONDS_PER_RUN=$2 MAX_ROUNDS=$4 LAN_BENCH_RUNNER=$(command -v burnkit) \
			LAN_BENCH_OUT=/tmp/lan /usr/bin/bash -c "$3" lan.sh --netem-only' \
		bash "$ROUNDS" "$SECONDS_PER_RUN" \
		"$(cat "$(dirname "$self")/rounds.sh" "$(dirname "$self")/records.sh" "$self")" \
		"$MAX_ROUNDS" > "$vmout" 2>&1; then
		sed -n '/ netem /p' "$vmout"
	else
		echo "lan.sh: the guest run failed; its output:" >&2
		tail -n 30 "$vmout" >&2
		return 1
	fi
}

pinned="each end on a CPU of its own (servers on CPU 1, clients on CPU 0)"
[ ${#server_cpu[@]} -gt 0 ] || pinned="not pinned to CPUs"
echo "lan.sh: iperf3 and burnkit lan over a veth pair between two namespaces," \
	"$ROUNDS to $MAX_ROUNDS rounds of ${SECONDS_PER_RUN} s runs each, alternating; $pinned"
printf "%-20s %9s %13s %9s %13s %6s %11s %2s %7s %7s %6s %6s\n" case "iperf3" "spread" "burnkit" \
	"spread" ratio "rounds" n "cpu ip3" "cpu bk" "ms/GB" "ms/GB"
bench_case() {	# NAME STREAMS REVERSE
	local i3=() bk=() r=() c3=() cb=() g3=() gb=() x y k=0 mr lor hir rs
	while :; do
		k=$((k + 1))
		read -r x c g < <(run_iperf3 "$2" "$3" "iperf3-$1-$k")
		i3+=("$x"); c3+=("$c"); g3+=("$g")
		read -r y c g < <(run_burnkit "$2" "$3" "burnkit-$1-$k")
		bk+=("$y"); cb+=("$c"); gb+=("$g")
		r+=("$(awk -v a="$y" -v b="$x" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')")
		[ "$k" -ge "$ROUNDS" ] || continue
		read -r mr lor hir rs < <(echo "${r[@]}" | round_stats)
		awk -v s="$rs" -v l="$SPREAD_LIMIT" 'BEGIN { exit !(s <= l) }' && break
		[ "$k" -lt "$MAX_ROUNDS" ] || break
	done
	read -r m3 lo3 hi3 < <(echo "${i3[@]}" | value_stats %.0f)
	read -r mb lob hib < <(echo "${bk[@]}" | value_stats %.0f)
	read -r mc3 _ _ < <(echo "${c3[@]}" | value_stats %.0f)
	read -r mcb _ _ < <(echo "${cb[@]}" | value_stats %.0f)
	read -r mg3 _ _ < <(echo "${g3[@]}" | value_stats %.0f)
	read -r mgb _ _ < <(echo "${gb[@]}" | value_stats %.0f)
	local ratio flag=
	ratio=$(awk -v a="$mb" -v b="$m3" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
	awk -v s="$rs" -v l="$SPREAD_LIMIT" 'BEGIN { exit !(s > l) }' && flag=" unstable"
	printf "%-20s %9.0f %13s %9.0f %13s %6s %11s %2d %6.0f%% %6.0f%% %6.0f %6.0f%s\n" "$1" \
		"$m3" "$lo3-$hi3" "$mb" "$lob-$hib" "$ratio" "$(printf '%.2f-%.2f' "$lor" "$hir")" \
		"$k" "$mc3" "$mcb" "$mg3" "$mgb" "$flag"
}
rows="0 1"
if [ "$netem_only" = 1 ]; then
	rows=1
	[ -z "$netem_why" ] || { echo "lan.sh: no netem here either: $netem_why" >&2; exit 1; }
fi
for netem in $rows; do
	if [ "$netem" = 1 ]; then
		if [ -n "$netem_why" ] && [ "$guest" = 1 ]; then
			echo "netem rows: $netem_why on this host"
			netem_in_guest
			break
		elif [ -n "$netem_why" ]; then
			echo "netem rows (delay 1ms loss 0.1%) skipped: $netem_why" \
				"(scripts/bench/lan.sh --guest runs them in the x86_64 test VM)"
			break
		fi
		inA tc qdisc add dev "$va" root netem delay 1ms loss 0.1%
		inB tc qdisc add dev "$vb" root netem delay 1ms loss 0.1%
	fi
	sfx=; [ "$netem" = 1 ] && sfx=" netem"
	for n in $STREAMS; do
		what="$n streams"
		[ "$n" = 1 ] && what="1 stream"
		bench_case "$what up$sfx" "$n" 0
		bench_case "$what down$sfx" "$n" 1
	done
done
echo "Mbit/s: the receiver's mean (10^6 bits), median and spread of the rounds;" \
	"ratio: burnkit/iperf3 of the medians; rounds: the round ratios' spread (from 5 rounds" \
	"on without the highest and the lowest), n: the rounds run;" \
	"cpu: the sender's share of one CPU; ms/GB: CPU time of both ends per 10^9 bytes" \
	"(iperf3, then burnkit). burnkit checked every byte it received."
