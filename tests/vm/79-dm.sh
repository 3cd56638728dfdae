# kernels: 6.1
# burnkit capacity --device on device-mapper fakes over a 16 MiB RAM disk
# (brd), made by the bkdm helper (the dm ioctls; no dmsetup, no udev):
#   64 linear ranges over the same 16 MiB: a 1 GiB fake, usable 16 MiB;
#   ranges of 10 MiB: a wrap at a non-power of two (f3#144), usable 10 MiB;
#   8 MiB of storage, then a zero target: writes dropped ("limbo"), lost;
#   16 MiB with an error target at 4-5 MiB: a bad region, unreadable,
#   damaged with the good prefix usable.
# Seconds each: the probe writes a few thousand units.

# dm_table_repeat SECTORS PERIOD: linear ranges of PERIOD sectors over the
# start of /dev/ram0, repeated to SECTORS in all.
dm_table_repeat() {
	at=0
	while [ "$at" -lt "$1" ]; do
		len=$2
		[ $((at + len)) -gt "$1" ] && len=$(($1 - at))
		echo "$at $len linear /dev/ram0 0"
		at=$((at + len))
	done
}

# dm_capacity NAME: the table in $S/NAME.table as device NAME, probed;
# sets dm_rc and dm_json; 1 when the device could not be made.
dm_capacity() {
	dm_rc=125
	dm_json=$S/dm-$1.jsonl
	dm_node=$(bkdm create "$1" < "$S/$1.table" 2> $S/bkdm.err) || return 1
	wait_until 5 test -b "$dm_node" || { echo "no $dm_node" > $S/bkdm.err; return 1; }
	burnkit capacity --device "$dm_node" --destructive --yes-destroy-data-on "$dm_node" \
		--json "$dm_json" > $S/dm.out 2>&1
	dm_rc=$?
	sed 's/^/# /' $S/dm.out | grep -v '^#  *[0-9][0-9]* ' | head -n 30
	bkdm remove "$1" 2>> $S/bkdm.err
	return 0
}

dm_summary_has() {
	tail -n 1 "$dm_json" | grep -q "$1"
}

if ! command -v burnkit > /dev/null; then
	skip "burnkit capacity on device-mapper fakes" "the runner is not built for $BURNKIT_VM_ARCH (make static / make cross)"
elif ! command -v bkdm > /dev/null; then
	not_ok "the bkdm helper is in the guest"
elif ! { modprobe dm_mod && modprobe dm_zero; } 2> $S/modprobe.err; then
	skip "burnkit capacity on device-mapper fakes" "modprobe cannot load dm_mod and dm_zero: $(head -n 1 $S/modprobe.err)"
elif ! modprobe brd rd_nr=1 rd_size=16384 2> $S/modprobe.err || ! wait_until 5 test -b /dev/ram0; then
	skip "burnkit capacity on device-mapper fakes" "no 16 MiB RAM disk (brd): $(head -n 1 $S/modprobe.err)"
else
	dm_table_repeat 2097152 32768 > $S/wrap16.table
	if dm_capacity wrap16; then
		check_eq "dm: 64 x the same 16 MiB, a 1 GiB fake: exit 1" 1 "$dm_rc"
		check "... usable_bytes 16777216 exactly, verdict fake, claimed 1 GiB" \
			dm_summary_has '"claimed_bytes":1073741824,.*"usable_bytes":16777216,"verdict":"fake"'
	else
		not_ok "dm: a table of 64 linear ranges over one 16 MiB gives a device"
		sed 's/^/# /' $S/bkdm.err
	fi
	dm_table_repeat 2097152 20480 > $S/wrap10.table
	if dm_capacity wrap10; then
		check_eq "dm: 10 MiB ranges (a non-power-of-two wrap) to 1 GiB: exit 1" 1 "$dm_rc"
		check "... usable_bytes 10485760 exactly, verdict fake" \
			dm_summary_has '"usable_bytes":10485760,"verdict":"fake"'
	else
		not_ok "dm: a table of 10 MiB linear ranges gives a device"
		sed 's/^/# /' $S/bkdm.err
	fi
	printf '0 16384 linear /dev/ram0 0\n16384 114688 zero\n' > $S/limbo.table
	if dm_capacity limbo; then
		check_eq "dm: 8 MiB stored, then a zero target to 64 MiB (limbo): exit 1" 1 "$dm_rc"
		check "... usable_bytes 8388608 exactly, verdict fake" \
			dm_summary_has '"usable_bytes":8388608,"verdict":"fake"'
		check "... the dropped writes read back as lost zeros" sh -c \
			"tail -n 1 $dm_json | grep -q '\"lost\":[1-9]' && grep -q 'lost (zeros)' $S/dm.out"
	else
		not_ok "dm: a linear and a zero target give a device"
		sed 's/^/# /' $S/bkdm.err
	fi
	printf '0 8192 linear /dev/ram0 0\n8192 2048 error\n10240 22528 linear /dev/ram0 10240\n' \
		> $S/bad.table
	if dm_capacity bad; then
		check_eq "dm: 16 MiB with an error target at 4-5 MiB: exit 1" 1 "$dm_rc"
		check "... verdict damaged, usable the 4194304 bytes before the bad region" \
			dm_summary_has '"usable_bytes":4194304,"verdict":"damaged"'
		check "... its units unreadable, the first named" sh -c \
			"tail -n 1 $dm_json | grep -q '\"unreadable\":[1-9]' && grep -q 'unit 1024 (byte 4194304): unreadable' $S/dm.out"
	else
		not_ok "dm: linear and error targets give a device"
		sed 's/^/# /' $S/bkdm.err
	fi
	modprobe -r brd 2>/dev/null
fi
