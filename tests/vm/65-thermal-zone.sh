# The thermal-zone source end to end, on a zone the test makes: a tmpfs with
# thermal_zone0/{temp,trip_point_*} mounted over /sys/class/thermal (the
# module reads zones there; the VM has none). Crossing a passive trip point
# is a transition with the zone's temperature; an "active" (fan) trip point
# is not throttling and does not count.

tz=/sys/class/thermal
if [ ! -d "$tz" ] || [ -n "$(ls $tz 2>/dev/null | grep thermal_zone)" ]; then
	skip "thermal zone source on a made-up zone" "this machine has real thermal zones or no $tz"
else
	mount -t tmpfs tmpfs "$tz"
	mkdir "$tz/thermal_zone0"
	z=$tz/thermal_zone0
	# A new temperature is written beside and renamed over: a sampler
	# reading between echo's truncate and its write would see an empty
	# file, "unsupported", and lose the transition.
	set_temp() {
		echo "$1" > "$z/temp.new" && mv "$z/temp.new" "$z/temp"
	}
	echo 40000 > "$z/temp"
	echo 50000 > "$z/trip_point_0_temp"
	echo active > "$z/trip_point_0_type"
	echo 60000 > "$z/trip_point_1_temp"
	echo passive > "$z/trip_point_1_type"
	echo 90000 > "$z/trip_point_2_temp"
	echo critical > "$z/trip_point_2_type"
	unload
	load inject=1 period_ms=20
	zone_row() {
		awk '$2 == "thermal_zone" && $3 == 0 { print $4, $5, $7 }' "$BK/throttle_state"
	}
	check_eq "the zone is polled: no trip crossed at 40 C" "0 40000 0" "$(zone_row)"
	set_temp 55000
	# Once the sampler has seen 55 C (a slow guest needs more than a
	# period or two), the state must still be 0.
	zone_temp_is() {
		test "$(zone_row | cut -d' ' -f2)" = "$1"
	}
	wait_until 2 zone_temp_is 55000
	check_eq "above the active (fan) trip only: still 0, no transition" "0 55000 0" "$(zone_row)"
	set_temp 65000
	zone_state_is() {
		test "$(zone_row | cut -d' ' -f1)" = "$1"
	}
	check "above the passive trip: state 1 within 2 s" wait_until 2 zone_state_is 1
	set_temp 95000
	check "above the critical trip: state 2" wait_until 2 zone_state_is 2
	set_temp 30000
	check "back below every trip: state 0" wait_until 2 zone_state_is 0
	check_eq "three transitions counted" "0 30000 3" "$(zone_row)"
	check_eq "the log has them with their temperatures" \
		"0 1 65000
1 2 95000
2 0 30000" \
		"$(awk '$5 == "thermal_zone" { print $7, $8, $9 }' $BK/throttle_log | tail -n 3)"
	unload
	umount "$tz"
	load inject=1 period_ms=20
	check_eq "with the zone gone the source reads unsupported" unsupported \
		"$(awk '$2 == "thermal_zone" { print $4 }' $BK/throttle_state)"
	check_kernel_clean "kernel clean after the thermal-zone test"
fi
