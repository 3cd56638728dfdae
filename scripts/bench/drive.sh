#!/bin/bash
# SPDX-License-Identifier: MIT
#
# drive.sh: burnkit's transfers against fio's, in one run on one directory,
# with a ratio that says when it cannot be believed.
#
# Workloads: sequential 1 MB writes and reads, 4 KB random reads and writes,
# each at queue depth 1 and 4, direct I/O, fio with its io_uring engine and
# burnkit sdcard with its default engine (io_uring where the kernel has it).
# Two peers: plain fio (checks nothing) and fio with verify=crc32c and a
# header every 4 KB (verify_interval=4k), which does the work burnkit does:
# its writes carry a checkable header and checksum per 4 KB, its reads check
# every one.
#
# Every side starts every job from the same file state: a fresh file of SIZE
# bytes, written sequentially in 1 MB transfers at the job's depth and synced
# (fio: a layout job with end_fsync; burnkit: sdcard's untimed preparing
# pass and fdatasync), the page cache dropped before reads (fio's invalidate,
# burnkit's settle), timed for SECONDS_PER_JOB, writes ending with an fsync
# inside the timed span (fio's end_fsync, sdcard's fdatasync). After every
# job the pages of the file in RAM are counted (fincore for fio, sdcard's
# resident_pages_after): direct I/O leaves none, so a count above zero means
# O_DIRECT was not in effect and the row is marked "cached". Then the file
# is deleted (sdcard deletes its own), so that only one side's file is on
# the disk at a time and each lays out its file in the space the one before
# gave back: with fio's file left in place, burnkit's landed on other blocks,
# and on the virtual disk this was written on its 4 KB random writes at QD4
# ran at 213-231 MB/s there against 264-266 MB/s where fio's file had been
# (fio: 263-265), which made a stable 0.86 of that row.
#
# A round runs the three sides back to back, each round in another of the
# six orders, so the load others put on the disk hits each alike and each
# side follows each other side equally often (a plain rotation kept fio
# behind burnkit in every round: on a virtual disk the host still writes
# back what the job before wrote, and the job after pays for it). Between
# jobs the bench syncs and waits SETTLE seconds (2) for the same reason. The
# ratio of a peer is the median over rounds of burnkit / peer within one
# round; its spread is (highest - lowest) / median of those per-round
# ratios (from 5 rounds on without the highest and the lowest). Rounds go
# across the workloads (round 1 of each, then round 2, ...), so one ratio's
# rounds are minutes apart. A spread above SPREAD_LIMIT % (10) marks the
# ratio unstable and runs another round, up to MAX_ROUNDS. Goals: 0.95
# against plain fio and 1.0 against fio with verify, each only on a stable
# ratio. A row still unstable is listed with each side's own MB/s spread
# over its rounds: why it cannot be believed. A row that misses is listed
# with where it lost (the device's factors, below); one that misses plain
# fio and is at or above fio with verify says so on that line, fio with
# verify checking every byte as burnkit does and plain fio not (on a
# virtual disk, the host's copy into the guest runs slower into a buffer
# the guest has read: README).
#
# Usage: scripts/bench/drive.sh        (from the top of the tree, after make)
# Environment: DIR (build/bench/drive: a directory on the disk to test),
# SIZE (1G; at most 1G here, the bench never fills a disk: it checks the free
# space first), SECONDS_PER_JOB (3; not SECONDS, which bash keeps), ROUNDS (3),
# MAX_ROUNDS (7), SPREAD_LIMIT (10), SETTLE (2), FIO_GOAL (0.95) and
# VERIFY_GOAL (1.0): the ratios to meet, RUNNER (build/burnkit),
# ONLY (e.g. "seq-read rand-read": just those workloads), DEPTHS ("1 4"),
# FIO_MEM (auto: fio on huge pages where they can be reserved; malloc),
# OUT (build/bench). Every job's figure is in OUT/drive-rounds.txt.
# Exits non-zero when fio or burnkit fails.

set -eu
shopt -s inherit_errexit
cd "$(dirname "$0")/../.."
. scripts/bench/rounds.sh
. scripts/bench/records.sh

DIR=${DIR:-build/bench/drive}
SIZE=${SIZE:-1G}
SECONDS_PER_JOB=${SECONDS_PER_JOB:-3}
ROUNDS=${ROUNDS:-3}
MAX_ROUNDS=${MAX_ROUNDS:-7}
SPREAD_LIMIT=${SPREAD_LIMIT:-10}
SETTLE=${SETTLE:-2}
FIO_GOAL=${FIO_GOAL:-0.95}
VERIFY_GOAL=${VERIFY_GOAL:-1.0}
DEPTHS=${DEPTHS:-1 4}
RUNNER=${RUNNER:-build/burnkit}
OUT=${OUT:-build/bench}
for knob in ROUNDS MAX_ROUNDS SETTLE SECONDS_PER_JOB SPREAD_LIMIT FIO_GOAL VERIFY_GOAL; do
	case $knob in
	*ROUNDS | SECONDS_PER_JOB) pattern='^[1-9][0-9]*$' what="a whole number from 1" ;;
	*) pattern='^[0-9]+([.][0-9]+)?$' what="a number (digits, an optional decimal point)" ;;
	esac
	[[ ${!knob} =~ $pattern ]] ||
		{ echo "drive.sh: $knob=${!knob}: give $what" >&2; exit 1; }
done
mkdir -p "$OUT" "$DIR"

command -v fio >/dev/null || { echo "drive.sh: fio is not installed (apt-get install fio)" >&2; exit 1; }
command -v fincore >/dev/null || { echo "drive.sh: fincore is not installed (apt-get install util-linux-extra)" >&2; exit 1; }
[ -x "$RUNNER" ] || { echo "drive.sh: no runner at $RUNNER: run make first" >&2; exit 1; }
size_bytes=$(numfmt --from=iec "$SIZE") ||
	{ echo "drive.sh: SIZE=$SIZE: give bytes with an optional K, M or G suffix" >&2; exit 1; }
[ "$size_bytes" -le $((1 << 30)) ] ||
	{ echo "drive.sh: SIZE=$SIZE: at most 1G (the bench keeps its scratch file bounded)" >&2; exit 1; }
free_bytes=$(df -PB1 "$DIR" | awk 'NR == 2 { print $4 }')
[ "$free_bytes" -gt $((2 * size_bytes)) ] ||
	{ echo "drive.sh: $DIR has $free_bytes bytes free; the bench needs twice SIZE ($SIZE)" >&2; exit 1; }

# A copy of the runner: a rebuild of build/burnkit during the run cannot break it.
bench_runner=$OUT/burnkit-drive-bench
cp "$RUNNER" "$bench_runner"
fio_file=$DIR/fio-bench.dat
rounds_log=$OUT/drive-rounds.txt
tmp=$OUT/drive-bench.$$
trap 'rm -rf "$fio_file" "$bench_runner" "$tmp"; give_back_hugepages' EXIT
mkdir -p "$tmp"
: > "$rounds_log"

# Buffers on huge pages for fio too. burnkit's transfer buffers sit on
# transparent huge pages (storage/xfer.c), so a 1 MB transfer is one or two
# physically contiguous pieces; fio's malloc'd buffer is 256 scattered pages.
# What that costs depends on the device: one virtio disk took at most 254
# pieces a request and split the transfer in two (req KiB 512; 2.2 x at QD1
# 1 MB came from that); another took all 256 in one request and ran fio's
# 1 MB reads at a third of its rate on huge pages (2.5 against 8.7-10.6
# GB/s, req KiB 1024 both ways). As root the bench reserves 16 more 2 MiB
# pages for the run (given back at the end) and runs fio with
# --iomem=shmhuge; where it cannot (not root, memory, FIO_MEM=malloc), fio
# keeps malloc and the 1 MB rows are marked "unequal": not the same work.
fio_mem= fio_mem_why= hugepages_before=
hugepages_free() { awk '/HugePages_Free/ { print $2 }' /proc/meminfo; }
give_back_hugepages() {
	[ -z "$hugepages_before" ] || echo "$hugepages_before" > /proc/sys/vm/nr_hugepages
}
case ${FIO_MEM:-auto} in
auto)
	if [ "$(id -u)" -ne 0 ] || [ ! -w /proc/sys/vm/nr_hugepages ]; then
		fio_mem_why="not root: no huge pages can be reserved"
	else
		hugepages_before=$(cat /proc/sys/vm/nr_hugepages)
		free_before=$(hugepages_free)
		echo $((hugepages_before + 16)) > /proc/sys/vm/nr_hugepages 2>/dev/null || true
		# Counted as this run's gain: others' huge pages, free or held, are theirs.
		if [ $(($(hugepages_free) - free_before)) -ge 16 ]; then
			fio_mem=shmhuge
		else
			fio_mem_why="16 huge pages could not be reserved ($(hugepages_free) free)"
		fi
	fi ;;
malloc) fio_mem_why="FIO_MEM=malloc" ;;
*) echo "drive.sh: FIO_MEM=$FIO_MEM: give auto or malloc" >&2; exit 1 ;;
esac
fio_buffers=${fio_mem:-"malloc ($fio_mem_why): its 1 MB rows are not the same work (unequal)"}

# The same kind of content on both sides. burnkit's units are a 16-byte
# header and one 32-bit word repeated to 4 KB (storage/verify.h); fio's
# buffers are random bytes by default, and fio with verify refills them with
# random bytes for every write. A disk or host that compresses or dedups
# writes repetitive data faster: fio writes a repeated word too
# (buffer_pattern, given before --rw: fio keeps scrambling each buffer a
# little, so no two blocks are alike, as no two of burnkit's units are),
# and fio with verify its own header and crc32c over a repeated word
# (verify_pattern), burnkit's layout in fio's words. On the virtual disk
# this was written on, fio's seq-write QD1 1 MB moved between 2.0 and 3.9
# GB/s with nothing changed but where buffer_pattern stands among its
# options (after --rw: fast), and 1.3 -> 2.2 GB/s with verify_pattern: its
# write rows measure the host's storage as much as either program.
fio_pattern=0x5a5a5a5a

# The block device under DIR, for its request counts: the one its st_dev
# names, as sdcard finds it (/sys/dev/block/MAJ:MIN/stat: a partition's or a
# device-mapper volume's own). df's name for it may name nothing in /sys
# (/dev/mapper/VG-LV, /dev/root), or be "-" (a chroot).
dev_id=$(stat -c '%Hd:%Ld' "$DIR")
dev_stat=/sys/dev/block/$dev_id/stat
[ -r "$dev_stat" ] || dev_stat=""
dev=$(basename "$(readlink -f "/sys/dev/block/$dev_id")")

# io_count DIRECTION: "requests sectors ticks-ms busy-ms now-ns" of the device
# so far (requests of DIRECTION, read or write), the counters sdcard's
# device_load reads (storage/devstat.h); "0 0 0 0 0" without them.
io_count() {
	[ -n "$dev_stat" ] || { echo "0 0 0 0 0"; return; }
	awk -v d="$1" -v now="$(date +%s%N)" \
		'{ print (d == "read" ? $1 " " $3 " " $4 : $5 " " $7 " " $8), $10, now }' "$dev_stat"
}

# device_load "BEFORE" "AFTER" [SPAN-MS]: "KiB-per-request busy-% await-ms
# in-flight" between two io_count lines, as sdcard's device_load has them
# ("0 0 0 0": unknown), over SPAN-MS (the time the program timed), else the
# time between the two lines.
device_load() {
	echo "$1 $2 ${3:-0}" | awk '{ r = $6 - $1; t = ($11 > 0 ? $11 : ($10 - $5) / 1e6)
		if (r <= 0 || t <= 0) { print "0 0 0 0"; exit }
		u = 100 * ($9 - $4) / t
		printf "%.0f %.1f %.3f %.3f\n", ($7 - $2) / 2 / r, (u > 100 ? 100 : u), ($8 - $3) / r,
			($8 - $3) / t }'
}

fio_common() {
	echo --name=bench --filename="$fio_file" --size="$SIZE" --direct=1 --ioengine=io_uring \
		${fio_mem:+--iomem=$fio_mem} --buffer_pattern="$fio_pattern"
}

# fio_side PEER RW BS DEPTH: lays out a fresh file, runs the timed job;
# prints "MB/s resident-pages-after KiB-per-request busy-% await-ms
# in-flight" (MB = 10^6 bytes; the last four: the device in the timed job).
fio_side() {
	local peer=$1 rw=$2 bs=$3 depth=$4 verify=() line before after dir=read
	case $rw in *write) dir=write ;; esac
	[ "$peer" = fio-verify ] && verify=(--verify=crc32c --verify_interval=4k --verify_state_save=0
		--verify_pattern="$fio_pattern")
	rm -f "$fio_file"
	fio $(fio_common) --rw=write --bs=1M --iodepth="$depth" --end_fsync=1 \
		"${verify[@]}" ${verify:+--do_verify=0} --output-format=terse >/dev/null
	case $rw in *write) [ -n "${verify[*]}" ] && verify+=(--do_verify=0) ;; esac
	before=$(io_count "$dir")
	line=$(fio $(fio_common) --rw="$rw" --bs="$bs" --iodepth="$depth" --time_based \
		--runtime="$SECONDS_PER_JOB" --randrepeat=0 --end_fsync=1 "${verify[@]}" \
		--output-format=terse --terse-version=3)
	# terse v3: field 5 error, 7 and 9 read KiB/s and ms, 48 and 50 the same for writes.
	after=$(io_count "$dir")
	echo "$line" | awk -F';' -v res="$(fincore --noheadings --output PAGES "$fio_file")" \
		-v load="$(device_load "$before" "$after" "$(echo "$line" | awk -F';' '{ print ($50 > 0 ? $50 : $9) }')")" '
		$5 != 0 { print "fio failed: error " $5 > "/dev/stderr"; exit 1 }
		{ print ($48 > 0 ? $48 : $7) * 1.024 / 1000, res + 0, load }'
	rm -f "$fio_file"
}

# burnkit_side TEST BS DEPTH: prints "MB/s resident-pages-after KiB-per-request
# busy-% await-ms in-flight", the last four from its record's device_load
# (the timed test alone; "0 0 0 0" where the device has no counters).
burnkit_side() {
	local json=$tmp/sdcard.jsonl block=$2
	[ "$block" = 4k ] && block=1M	# the random tests use 4 KB; 1 MB lays the file out
	rm -f "$json"
	"$bench_runner" sdcard --filepath "$DIR" --size "$SIZE" --only "$1" --block "$block" \
		--depth "$3" --seconds "$SECONDS_PER_JOB" --time-based --no-targets \
		--json "$json" >/dev/null 2>"$tmp/sdcard.err" || { cat "$tmp/sdcard.err" >&2; return 1; }
	# (the untimed preparing pass has its own record, without mb_per_s)
	grep '"type":"sdcard_test"' "$json" | grep '"mb_per_s"' | awk "$AWK_JSON_NUM"'
		{ printf "%s %d %.0f %.1f %.3f %.3f\n", json_num("mb_per_s"),
			json_num("resident_pages_after"), json_num("kib_per_request"),
			json_num("util_pct"), json_num("await_ms"), json_num("in_flight") }'
}

# stats FILE: per-round ratios (one a line) -> "median spread%" (rounds.sh).
stats() {
	round_stats < "$1" | awk '{ print $1, $4 }'
}

echo "drive.sh: $(fio --version), burnkit $("$RUNNER" --version | cut -d' ' -f2)," \
	"$(uname -srm), $(nproc) CPUs"
echo "directory $DIR ($(df -PT "$DIR" | awk 'NR == 2 { print $2 }')), file $SIZE," \
	"${SECONDS_PER_JOB} s per job, $ROUNDS to $MAX_ROUNDS rounds (more while a spread" \
	"exceeds $SPREAD_LIMIT %); MB = 10^6 bytes"
echo "ratio: median of burnkit / peer per round; spread: (max - min) / median of those" \
	"(from 5 rounds on, the extreme two set aside); peers: fio, fio with verify=crc32c"
echo
echo "req KiB: KiB per device request in the timed job, burnkit / fio; a 1 MB transfer" \
	"whose buffer the device takes in fewer pieces than its pages goes down split;" \
	"fio's buffers: $fio_buffers"
echo
printf '%-13s %2s %9s %9s %6s %6s %-8s %9s %6s %6s %-8s %3s %s\n' workload QD "bk MB/s" "fio MB/s" \
	ratio spread "" "fio+v" ratio spread "" n "req KiB"

sides=(burnkit fio fio-verify)
orders=(012 120 201 021 210 102)	# every order of the three, by index in sides
rows=()
for job in "seq-write write 1M" "seq-read read 1M" "rand-read randread 4k" \
	   "rand-write randwrite 4k"; do
	set -- $job
	case " ${ONLY:-$1} " in *" $1 "*) ;; *) continue ;; esac
	for depth in $DEPTHS; do
		rows+=("$job $depth")
	done
done
[ "${#rows[@]}" -gt 0 ] || { echo "drive.sh: ONLY=$ONLY names no workload" >&2; exit 1; }
declare -A rounds_of=() cached_of=()

# row_key ROW: the name of ROW's figures ("seq-read-QD4").
row_key() {
	set -- $1
	echo "$1-QD$4"
}

# run_round ROW: one more round of ROW ("test rw bs depth"), the three sides in
# the round's order; appends each side's figure and the per-round ratios under
# $tmp/KEY.*.
run_round() {
	local test rw bs depth key r out side k
	read -r test rw bs depth <<< "$1"
	key=$(row_key "$1")
	r=$((${rounds_of[$key]:-0} + 1))
	rounds_of[$key]=$r
	echo "drive.sh: $test $bs QD$depth, round $r" >&2
	declare -A mb=() load=()
	for k in 0 1 2; do
		side=${sides[${orders[$(((r - 1) % 6))]:$k:1}]}
		sync
		sleep "$SETTLE"
		if [ "$side" = burnkit ]; then
			out=$(burnkit_side "$test" "$bs" "$depth")
		else
			out=$(fio_side "$side" "$rw" "$bs" "$depth")
		fi
		set -- $out
		mb[$side]=$1
		load[$side]="$3 $5 $6"	# KiB a request, ms a request, in flight
		[ "$2" -gt 0 ] && cached_of[$key]=1
		echo "$test $bs QD$depth round $r $side $1 MB/s, $2 pages in RAM after," \
			"$3 KiB per device request, device busy $4 %, $5 ms a request, $6 in flight" \
			>> "$rounds_log"
		echo "$1" >> "$tmp/$key.mb.$side"
		if [ "$3" -gt 0 ]; then
			echo "$3" >> "$tmp/$key.req.$side"
			echo "$5" >> "$tmp/$key.await.$side"
			echo "$6" >> "$tmp/$key.inflight.$side"
		fi
	done
	for peer in fio fio-verify; do
		awk -v b="${mb[burnkit]}" -v f="${mb[$peer]}" \
			'BEGIN { print (f > 0 ? b / f : 0) }' >> "$tmp/$key.r.$peer"
	done
	# The round's ratio to each peer in the device's factors: "in-flight
	# service product size".
	for peer in fio fio-verify; do
		echo "${load[burnkit]} ${load[$peer]}" | awk -v f="$tmp/$key.factors.$peer" '
			$1 > 0 && $2 > 0 && $3 > 0 && $4 > 0 && $5 > 0 && $6 > 0 {
				print $3 / $6, $5 / $2, $3 / $6 * $5 / $2 * $1 / $4, $1 / $4 >> f }'
	done
}

# row_unequal ROW: fio's 1 MB transfers on scattered 4 KB pages, burnkit's
# on huge pages: not the same work, whatever the rounds say.
row_unequal() {
	set -- $1
	[ -z "$fio_mem" ] && [ "$3" = 1M ]
}

# row_stable ROW: are both of its ratios' spreads within SPREAD_LIMIT?
row_stable() {
	local key spread_f spread_v
	key=$(row_key "$1")
	read -r _ spread_f < <(stats "$tmp/$key.r.fio")
	read -r _ spread_v < <(stats "$tmp/$key.r.fio-verify")
	awk -v a="$spread_f" -v b="$spread_v" -v l="$SPREAD_LIMIT" \
		'BEGIN { exit !(a <= l && b <= l) }'
}

# The rounds go across the rows: round 1 of every row, then round 2, and so
# on, so the rounds of one ratio are minutes apart and its spread takes in
# how the disk drifts over the run. With each row's rounds back to back, a
# row's rounds agreed within 10 % while two runs of the bench on this
# virtual disk, minutes apart, gave the 4 KB random writes at QD4 0.936 and
# 1.004 of plain fio. Then the unstable rows get more rounds, again taking
# turns, up to MAX_ROUNDS.
for ((r = 1; r <= ROUNDS; r++)); do
	for row in "${rows[@]}"; do
		run_round "$row"
	done
done
while :; do
	more=()
	for row in "${rows[@]}"; do
		[ "${rounds_of[$(row_key "$row")]}" -lt "$MAX_ROUNDS" ] && ! row_unequal "$row" &&
			! row_stable "$row" && more+=("$row")
	done
	[ "${#more[@]}" -gt 0 ] || break
	for row in "${more[@]}"; do
		run_round "$row"
	done
done

verdict() {	# ratio spread goal cached unequal
	awk -v r="$1" -v s="$2" -v g="$3" -v l="$SPREAD_LIMIT" -v c="$4" -v u="${5:-0}" 'BEGIN {
		print (c ? "cached" : u ? "unequal" : (s > l ? "unstable" : (r >= g ? "met" : "missed"))) }'
}

# factor_medians KEY PEER: the medians over the rounds of the factors against
# PEER, "in-flight service product size".
factor_medians() {
	local f=$tmp/$1.factors.$2 col
	for col in 1 2 3 4; do
		printf '%s ' "$(cut -d' ' -f$col "$f" | median)"
	done
	echo
}

# side_load KEY SIDE: the medians over the rounds of what the device saw of
# SIDE, "in-flight ms-a-request KiB-a-request".
side_load() {
	echo "$(median < "$tmp/$1.inflight.$2") $(median < "$tmp/$1.await.$2")" \
		"$(median < "$tmp/$1.req.$2")"
}

# shortfall KEY PEER RATIO: a missed ratio in the device's factors against
# PEER (medians of the rounds' in-flight, service and size factors), and
# which of them carries the loss: in flight, burnkit's own time between
# requests; service, the device's (on a virtual disk, the host's) time per
# request; size, burnkit's requests reaching the device smaller. A product
# that does not make the ratio (10 %) says the counters cannot tell; a ratio
# of 1 or more (a goal above 1), that the goal asks more than the peer.
shortfall() {
	if [ ! -s "$tmp/$1.factors.$2" ]; then
		echo "$3; the device has no counters to say where"
		return
	fi
	echo "$(side_load "$1" burnkit) $(side_load "$1" "$2") $(factor_medians "$1" "$2") $3" |
		awk '{
		fl = $7; sv = $8; pr = $9; sz = $10; r = $11
		printf "%.3f = in flight %.3f x service %.3f x size %.3f (product %.3f): ",
			r, fl, sv, sz, pr
		if (r <= 0 || pr / r < 0.9 || pr / r > 1.1)
			print "the factors do not make the ratio: the spans differ or others used the device"
		else if (r >= 1)
			print "burnkit at or above the peer: the goal asks more than the peer'"'"'s pace"
		else if (fl >= 1 && sv >= 1 && sz >= 1)
			print "no factor below 1: the counters do not show where"
		else if (fl <= sv && fl <= sz)
			printf "burnkit kept fewer requests at the device (%.3f in flight against %.3f):" \
				" its own time between requests\n", $1, $4
		else if (sv <= sz)
			printf "the device took longer a request for burnkit (%.3f ms against %.3f):" \
				" the device'"'"'s side (on a virtual disk, the host'"'"'s)\n", $2, $5
		else
			printf "burnkit'"'"'s requests reached the device smaller (%.0f KiB against" \
				" %.0f)\n", $3, $6
	}'
}

# side_spreads KEY: each side's own MB/s spread over the row's rounds, the
# reason a ratio cannot be believed: when every side's figure moved by more
# than the limit, the disk's pace changed between the jobs of a round;
# when one side's alone did, that side is the noisy one.
side_spreads() {
	local side out=""
	for side in "${sides[@]}"; do
		out="$out, $side $(round_stats < "$tmp/$1.mb.$side" | awk '{ printf "%.1f %%", $4 }')"
	done
	echo "${out#, }"
}

failed_goals="" unstable="" why=() shortfalls=()
for row in "${rows[@]}"; do
	read -r test rw bs depth <<< "$row"
	key=$(row_key "$row")
	cached=${cached_of[$key]:-0}
	unequal=0
	row_unequal "$row" && unequal=1
	read -r ratio_f spread_f < <(stats "$tmp/$key.r.fio")
	read -r ratio_v spread_v < <(stats "$tmp/$key.r.fio-verify")
	v_f=$(verdict "$ratio_f" "$spread_f" "$FIO_GOAL" "$cached" "$unequal")
	v_v=$(verdict "$ratio_v" "$spread_v" "$VERIFY_GOAL" "$cached" "$unequal")
	req=""
	for side in burnkit fio; do
		[ -s "$tmp/$key.req.$side" ] && req="$req/$(median < "$tmp/$key.req.$side")" || req="$req/-"
	done
	printf '%-13s %2s %9.1f %9.1f %6.3f %5.1f%% %-8s %9.1f %6.3f %5.1f%% %-8s %3s %s\n' \
		"$test $bs" "$depth" "$(median < "$tmp/$key.mb.burnkit")" "$(median < "$tmp/$key.mb.fio")" \
		"$ratio_f" "$spread_f" "$v_f" "$(median < "$tmp/$key.mb.fio-verify")" "$ratio_v" \
		"$spread_v" "$v_v" "${rounds_of[$key]}" "${req#/}"
	for v in "fio:$v_f" "fio+verify:$v_v"; do
		case ${v#*:} in
		unstable|cached|unequal) unstable="$unstable $test/QD$depth/${v%%:*}" ;;
		missed) failed_goals="$failed_goals $test/QD$depth/${v%%:*}" ;;
		esac
	done
	if [ "$v_f" = missed ]; then
		line="$test $bs QD$depth against fio: $(shortfall "$key" fio "$ratio_f")"
		# fio with verify's goal on the ratio alone, its spread set aside
		[ "$(verdict "$ratio_v" 0 "$VERIFY_GOAL" 0)" = met ] &&
			line="$line; $ratio_v x fio with verify ($v_v), which checks every byte as burnkit does and plain fio does not"
		shortfalls+=("$line")
	fi
	[ "$v_v" = missed ] &&
		shortfalls+=("$test $bs QD$depth against fio with verify: $(shortfall "$key" fio-verify "$ratio_v")")
	case "$v_f $v_v" in
	*unstable*) why+=("$test $bs QD$depth: $(side_spreads "$key")") ;;
	esac
done
if [ "${#why[@]}" -gt 0 ]; then
	echo
	echo "unstable rows, each side's own MB/s spread over the rounds (above $SPREAD_LIMIT % for" \
		"every side: the disk's pace moved; for one side alone: that side is the noisy one):"
	printf '  %s\n' "${why[@]}"
fi
if [ "${#shortfalls[@]}" -gt 0 ]; then
	echo
	echo "missed rows in the device's factors (medians over the rounds; the factor furthest" \
		"below 1 is where burnkit lost):"
	printf '  %s\n' "${shortfalls[@]}"
fi
# What the device saw. By Little's law a side's MB/s is its requests in
# flight (their summed time over the job) x the request size / the time per
# request, so at equal sizes the ratio to fio is the in-flight factor (how
# much more of the time burnkit had requests at the device) x the service
# factor (how much faster the device served them). The first is the
# programs', the second mostly the device's and, on a virtual disk, the
# host's.
if [ -n "$dev_stat" ]; then
	echo
	echo "what $dev saw in each side's timed jobs (its own counters, medians over the rounds):" \
		"requests in flight on average / ms per request from issue to completion; a round's" \
		"ratio to fio is its in-flight factor (burnkit's / fio's) x its service factor (fio's" \
		"ms / burnkit's) x the request sizes' ratio (product; medians of the rounds); a" \
		"product far from the ratio: the two sides did not time the same span, or others" \
		"used the device"
	printf '%-13s %2s %14s %14s %14s %9s %8s %8s %6s\n' workload QD "burnkit" "fio" "fio+v" \
		in-flight service product ratio
	for row in "${rows[@]}"; do
		read -r test rw bs depth <<< "$row"
		key=$(row_key "$row")
		line=$(printf '%-13s %2s' "$test $bs" "$depth")
		for side in "${sides[@]}"; do
			if [ -s "$tmp/$key.inflight.$side" ]; then
				read -r inflight await _ < <(side_load "$key" "$side")
				line="$line $(printf '%6.2f %7.3f' "$inflight" "$await")"
			else
				line="$line $(printf '%14s' unknown)"
			fi
		done
		if [ -s "$tmp/$key.factors.fio" ]; then
			read -r inflight service product _ < <(factor_medians "$key" fio)
			line="$line $(printf '%9.3f %8.3f %8.3f %6.3f' "$inflight" "$service" \
				"$product" "$(stats "$tmp/$key.r.fio" | cut -d' ' -f1)")"
		fi
		echo "$line"
	done
fi
echo
echo "goals: ratio >= $FIO_GOAL against fio, >= $VERIFY_GOAL against fio with verify," \
	"spread <= $SPREAD_LIMIT %"
echo "missed:${failed_goals:- none}"
echo "not to be believed (unstable, cached or unequal):${unstable:- none}"
echo "every job: $rounds_log"
