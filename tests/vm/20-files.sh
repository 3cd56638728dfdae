# Every file is there with a root-only mode, every readable file reads, and
# every table's rows have the header's number of fields.

expect_files="abi_version:400 features:400 counters:400 calibration:400
calibrate:200 clock:400 throttle_state:400 throttle_events:400
throttle_log:400 throttle_period_ms:600 throttle_inject:200 pagecache:600"
case $BURNKIT_VM_ARCH in
aarch64 | armv7) expect_files="$expect_files user_access:600" ;;
esac

for fm in $expect_files; do
	f=${fm%%:*}
	mode=${fm#*:}
	check_eq "$f mode $mode" "$mode" "$(stat -c %a "$BK/$f" 2>/dev/null)"
done

nfiles=$(ls "$BK" | wc -l)
check_eq "no other files" "$(echo $expect_files | wc -w)" "$nfiles"

for f in "$BK"/*; do
	case $(stat -c %a "$f") in
	200) continue ;;
	esac
	name=$(basename "$f")
	if cat "$f" > $S/read.out 2>$S/read.err; then
		ok "$name reads"
	else
		not_ok "$name reads"
		diag "$(cat $S/read.err)"
	fi
done

for t in counters calibration clock throttle_state throttle_log; do
	bad=$(awk 'NR == 1 { if ($1 != "#") { print "no header"; exit }
			     n = NF - 1; next }
		   NF != n { print "row " NR " has " NF " fields, header " n }' "$BK/$t")
	if [ -z "$bad" ]; then ok "$t rows match its header"; else not_ok "$t rows match its header"; diag "$bad"; fi
done

check "features: every line is one key and one value" \
	awk 'NF != 2 { exit 1 }' "$BK/features"
