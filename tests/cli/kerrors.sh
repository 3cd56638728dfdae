#!/bin/sh
# The kernel's error reports during a run land in the tester's log and
# summary (TAP). As root, the test writes a kernel log message of the kind
# a failing SD card gives into /dev/kmsg while fpu runs; the run must name
# it with its time, as a kernel_error record and in the summary's count.
# Without root, the run must say why it could not read the messages.
#   tests/cli/kerrors.sh RUNNER [EMULATOR]
. "$(dirname "$0")/lib.sh" "$@"

msg="mmc0: error -110 whilst initialising SD card (a burnkit test message)"
if [ "$(id -u)" -ne 0 ] || ! [ -w /dev/kmsg ]; then
	ok "without /dev/kmsg the run says why" sh -c \
		"$emu $runner timer --ms 5 --json $tmp/t.jsonl >/dev/null && tail -1 $tmp/t.jsonl | grep -q '\"kernel_messages\":\"kernel messages not readable'"
	skip "a kernel message during the run is reported" "needs root to write /dev/kmsg"
	finish
	exit
fi

bk fpu KWds 1 --seconds 3 --json "$tmp/fpu.jsonl" >"$tmp/fpu.out" 2>&1 &
pid=$!
sleep 1.5
echo "<3>$msg" > /dev/kmsg
wait $pid
ok "fpu still passes (the message is reported, the CPU test is not failed)" test $? -eq 0
ok "the text names the message and its class" grep -q "Kernel at [0-9.]* s: mmc: $msg" "$tmp/fpu.out"
ok "a kernel_error record with the class and the run's time" sh -c \
	"grep '\"type\":\"kernel_error\"' $tmp/fpu.jsonl | grep '\"class\":\"mmc\"' | grep -q '\"at\":[0-9]'"
ok "the summary counts it" sh -c "tail -1 $tmp/fpu.jsonl | grep -q '\"kernel_errors\":[1-9]'"
ok "... and says the messages were read" sh -c "tail -1 $tmp/fpu.jsonl | grep -q '\"kernel_messages\":\"read\"'"
ok "a message before the run is not this run's" sh -c \
	"$emu $runner timer --ms 5 --json $tmp/t.jsonl >/dev/null && ! grep -q '\"type\":\"kernel_error\"' $tmp/t.jsonl"

finish
