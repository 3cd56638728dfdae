# The calibration's statistics survive a far sample: with one sample of
# 5000000 ticks in each of 10 ensembles of 1000 (module parameter
# calib_inject_ticks), the variance is about 10 * 5e6^2 / 1e4 = 2.5e10
# ticks^2 (2.5e13 thousandths), a number, not the saturation value.

if [ -n "$(no_user_counter)" ]; then
	skip "calibration with a far sample" "no counter for user space: $(no_user_counter)"
else
	unload
	load calib_inject_ticks=5000000
	cal=$BK/calibration
	# (A host that stalls the guest can add a far sample of its own: bounds,
	# not equality.)
	bad=$(awk 'NR > 1 && !($7 >= 5000000) { print "cpu " $1 ": max " $7 }' $cal)
	check_eq "every CPU's max is at least the far sample" "" "$bad"
	bad=$(awk 'NR > 1 && !($9 > 2e13 && $9 < 1e14) { print "cpu " $1 ": variance_milli " $9 }' $cal)
	check_eq "variance_milli about 2.5e13, not saturated" "" "$bad"
	bad=$(awk 'NR > 1 && !($10 < 1e12) { print "cpu " $1 ": " $10 }' $cal)
	check_eq "the ensembles' minima do not see it" "" "$bad"
	unload
	load inject=1 period_ms=20
	check_kernel_clean "kernel clean after the far-sample calibration"
fi
