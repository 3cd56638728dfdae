# Calibration: a row per CPU, ordered statistics, and a recalibration with
# other ensemble sizes replaces it.

ncpu=$(online_cpus)
cal=$BK/calibration
check_eq "one calibration row per online CPU" "$ncpu" "$(column $cal cpu | wc -l)"

# sane_rows ENSEMBLES SAMPLES
sane_rows() {
	awk -v e="$1" -v s="$2" 'NR == 1 { next }
		{ src = $2; ens = $3; smp = $4; mn = $5; med = $6; mx = $7; mean = $8 / 1000 }
		src == "unsupported" { print "cpu " $1 " unsupported"; bad = 1; next }
		e && (ens != e || smp != s) { print "cpu " $1 ": " ens "x" smp; bad = 1 }
		!(mn > 0 && mn <= med && med <= mx) { print "cpu " $1 ": min " mn " median " med " max " mx; bad = 1 }
		!(mean >= mn && mean <= mx) { print "cpu " $1 ": mean " mean " outside [" mn ", " mx "]"; bad = 1 }
		med > 100000 { print "cpu " $1 ": median " med " ticks"; bad = 1 }
		$9 !~ /^[0-9]+$/ || $10 !~ /^[0-9]+$/ { print "cpu " $1 ": variances " $9 " " $10; bad = 1 }
		END { exit bad }' "$cal"
}
none_why=$(no_user_counter)
if [ -n "$none_why" ]; then
	# The calibration times the counter user space would use: none here.
	skip "calibration statistics" "no counter for user space: $none_why"
	check_eq "without one every calibration row says unsupported" "$ncpu" \
		"$(column $cal source | grep -c '^unsupported$')"
	check "calibrate 5 200 is still taken" sh -c "echo '5 200' > $BK/calibrate"
else
	check "calibration rows: 0 < min <= median <= max, mean inside, median < 1e5 ticks" sane_rows 0 0
	check_eq "calibration uses the counter user space uses" \
		"$(kv $BK/features counter)" "$(column $cal source | sort -u)"
	diag "$(sed -n 2p $cal)"

	t0=$(column $cal time_ns | head -n 1)
	check "calibrate 5 200 runs" sh -c "echo '5 200' > $BK/calibrate"
	check "after recalibration: 5 ensembles of 200 samples, sane" sane_rows 5 200
	t1=$(column $cal time_ns | head -n 1)
	check "recalibration is newer" test "$t1" -gt "$t0"
fi
