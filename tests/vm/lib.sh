# lib.sh: TAP helpers for the VM tests; sourced by run.sh, which runs every
# NN-*.sh in order in one shell, inside the guest (busybox sh), as root.
BK=/sys/kernel/debug/burnkit
S=$(mktemp -d)		# scratch files of the tests
tap_n=0
tap_failed=0

ok() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $*"
}

not_ok() {
	tap_n=$((tap_n + 1))
	tap_failed=$((tap_failed + 1))
	echo "not ok $tap_n - $*"
}

skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

diag() {
	echo "# $*"
}

# read_uptime_cs: /proc/uptime in centiseconds, into uptime_cs_now, without
# a fork (stall_probe reads it every 50 ms); uptime_cs prints it.
read_uptime_cs() {
	read -r up_ _ < /proc/uptime
	uptime_cs_now=${up_%.*}${up_#*.}
}

uptime_cs() {
	read_uptime_cs
	echo "$uptime_cs_now"
}

# check DESCRIPTION COMMAND...: ok when COMMAND succeeds.
check() {
	desc=$1
	shift
	if "$@"; then ok "$desc"; else not_ok "$desc"; fi
}

# check_eq DESCRIPTION EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		not_ok "$1"
		diag "expected '$2', got '$3'"
	fi
}

# Kernel log lines that mean the kernel went wrong.
kernel_trouble() {
	dmesg | grep -E 'WARNING:|BUG:|Oops|Call trace|Call Trace|general protection|kernel BUG|UBSAN|KASAN|refcount_t|list_add corruption|list_del corruption|soft lockup|hung_task|RCU stall|rcu_sched self-detected'
}

# check_kernel_clean DESCRIPTION
check_kernel_clean() {
	trouble=$(kernel_trouble)
	if [ -z "$trouble" ]; then
		ok "$1"
	else
		not_ok "$1"
		echo "$trouble" | head -n 20 | sed 's/^/#   /'
	fi
}

# The value of KEY in the key-value file FILE.
kv() {
	sed -n "s/^$2 //p" "$1"
}

# Column NAME of table FILE (header "# a b c"), one value per row.
column() {
	awk -v want="$2" '
		NR == 1 { for (i = 2; i <= NF; i++) if ($i == want) col = i - 1; next }
		col { print $col }' "$1"
}

# Whether the module is loaded.
loaded() {
	grep -q '^burnkit ' /proc/modules
}

# load [ARGS...]: insmod with the module file and the parameters the VM
# was booted with (scripts/vm.sh --kmod-args), then ARGS.
load() {
	# shellcheck disable=SC2086 # the parameters are words
	loaded || insmod "$BURNKIT_KO" $BURNKIT_KMOD_ARGS "$@"
}

unload() {
	! loaded || rmmod burnkit
}

# no_user_counter: why no task can be given a counter here (ARMv7 without
# armv7_user_access=1, or a kernel without preempt notifiers: features
# counter unsupported), or nothing when one can.
no_user_counter() {
	[ "$(kv $BK/features counter)" = unsupported ] || return 0
	sed 's/^unsupported: //' $BK/user_access
}

# Lines of the kernel log that name FILE in a rejected write.
rejections() {
	dmesg | grep -c "burnkit: $1: rejected write" || true
}

online_cpus() {
	grep -c '^processor' /proc/cpuinfo
}

# wait_until SECONDS COMMAND...: poll COMMAND every 50 ms.
wait_until() {
	limit=$(($1 * 20))
	shift
	i=0
	while [ $i -lt $limit ]; do
		if "$@"; then return 0; fi
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}
