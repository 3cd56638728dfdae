#!/bin/bash
# SPDX-License-Identifier: MIT
#
# drive.sh: burnkit's transfers against fio's, in one run on one directory.
# Sequential 1 MB writes and reads, 4 KB random reads and writes, each at
# queue depth 1 and 4, direct I/O, the same file size and time, fio with
# its io_uring engine and burnkit sdcard with its default engine (io_uring
# where the kernel has it); writes end with an fsync in both (fio's
# end_fsync, as Raspberry Pi's sd_bench.fio). burnkit checks every byte it reads (and fills
# every block it writes with its layout); fio checks nothing. The two run
# alternately, ROUNDS times, and the median of each is compared: a ratio
# is burnkit / fio, measured side by side, so the load others put on the
# machine hits both alike.
#
# Usage: scripts/bench/drive.sh        (from the top of the tree, after make)
# Environment: DIR (build/bench/drive: a directory on the disk to test),
# SIZE (1G), SECONDS_PER_JOB (5; not SECONDS, which bash keeps), ROUNDS (3),
# RUNNER (build/burnkit),
# ONLY (e.g. "seq-read rand-read": just those workloads).
# Exits non-zero when fio or burnkit fails.

set -eu
cd "$(dirname "$0")/../.."

DIR=${DIR:-build/bench/drive}
SIZE=${SIZE:-1G}
SECONDS_PER_JOB=${SECONDS_PER_JOB:-5}
ROUNDS=${ROUNDS:-3}
RUNNER=${RUNNER:-build/burnkit}
OUT=build/bench
mkdir -p "$OUT" "$DIR"

command -v fio >/dev/null || { echo "drive.sh: fio is not installed (apt-get install fio)" >&2; exit 1; }
[ -x "$RUNNER" ] || { echo "drive.sh: no runner at $RUNNER: run make first" >&2; exit 1; }

# A copy of the runner: a rebuild of build/burnkit during the run cannot break it.
bench_runner=$OUT/burnkit-drive-bench
cp "$RUNNER" "$bench_runner"
fio_file=$DIR/fio-bench.dat
trap 'rm -f "$fio_file" "$bench_runner"' EXIT

# fio_job RW BS DEPTH: prints "MB/s IOPS" (MB = 10^6 bytes).
fio_job() {
	local line
	line=$(fio --name=bench --filename="$fio_file" --size="$SIZE" --rw="$1" --bs="$2" \
		--iodepth="$3" --direct=1 --ioengine=io_uring --time_based \
		--runtime="$SECONDS_PER_JOB" --randrepeat=0 --end_fsync=1 --output-format=terse \
		--terse-version=3)
	# terse v3: field 7/8 read KiB/s and IOPS, 48/49 write KiB/s and IOPS.
	echo "$line" | awk -F';' '{ if ($48 > 0) print $48 * 1.024 / 1000, $49;
				    else print $7 * 1.024 / 1000, $8 }'
}

# burnkit_job TEST BS DEPTH: prints "MB/s IOPS".
burnkit_job() {
	local json=$OUT/drive-bench.jsonl
	"$bench_runner" sdcard --filepath "$DIR" --size "$SIZE" --only "$1" --block "$2" \
		--depth "$3" --seconds "$SECONDS_PER_JOB" --time-based --no-targets \
		--json "$json" >/dev/null 2>"$OUT/drive-bench.err" || { cat "$OUT/drive-bench.err" >&2; return 1; }
	grep '"type":"sdcard_test"' "$json" |
		sed 's/.*"mb_per_s":\([0-9.e+-]*\).*"iops":\([0-9.e+-]*\).*/\1 \2/'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "drive.sh: $(fio --version), burnkit $("$RUNNER" --version | cut -d' ' -f2)," \
	"$(uname -srm), $(nproc) CPUs"
echo "directory $DIR ($(df -PT "$DIR" | awk 'NR == 2 { print $2 }')), file $SIZE," \
	"${SECONDS_PER_JOB} s per job, median of $ROUNDS alternating rounds; MB = 10^6 bytes"
echo
printf '%-14s %5s %10s %12s %7s %10s %12s %7s\n' workload depth "fio MB/s" "burnkit MB/s" \
	ratio "fio IOPS" "burnkit IOPS" ratio

worst=""
for job in "seq-write write 1M" "seq-read read 1M" "rand-read randread 4k" \
	   "rand-write randwrite 4k"; do
	set -- $job
	test=$1 rw=$2 bs=$3
	case " ${ONLY:-$test} " in *" $test "*) ;; *) continue ;; esac
	for depth in 1 4; do
		: > "$OUT/fio.$$"
		: > "$OUT/bk.$$"
		for r in $(seq "$ROUNDS"); do
			if [ $((r % 2)) = 1 ]; then
				fio_job "$rw" "$bs" "$depth" >> "$OUT/fio.$$"
				burnkit_job "$test" "$bs" "$depth" >> "$OUT/bk.$$"
			else
				burnkit_job "$test" "$bs" "$depth" >> "$OUT/bk.$$"
				fio_job "$rw" "$bs" "$depth" >> "$OUT/fio.$$"
			fi
		done
		f_mb=$(awk '{ print $1 }' "$OUT/fio.$$" | median)
		f_io=$(awk '{ print $2 }' "$OUT/fio.$$" | median)
		b_mb=$(awk '{ print $1 }' "$OUT/bk.$$" | median)
		b_io=$(awk '{ print $2 }' "$OUT/bk.$$" | median)
		ratio=$(awk -v b="$b_mb" -v f="$f_mb" 'BEGIN { printf "%.3f", (f > 0 ? b / f : 0) }')
		ratio_io=$(awk -v b="$b_io" -v f="$f_io" 'BEGIN { printf "%.3f", (f > 0 ? b / f : 0) }')
		printf '%-14s %5s %10.1f %12.1f %7s %10.0f %12.0f %7s\n' "$test $bs" "$depth" \
			"$f_mb" "$b_mb" "$ratio" "$f_io" "$b_io" "$ratio_io"
		worst=$(printf '%s\n%s\n' "$worst" "$ratio" | grep . | sort -g | head -1)
	done
done
rm -f "$OUT/fio.$$" "$OUT/bk.$$"
echo
echo "lowest ratio burnkit / fio: $worst (goal: 0.95 or more, with every byte read checked)"
