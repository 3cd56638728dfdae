# lib.sh: what every end-to-end command-line test shares (TAP output).
# Source it with the test's arguments:  . "$(dirname "$0")/lib.sh" "$@"
#   RUNNER [EMULATOR]: the runner to test, and qemu-user for a cross build.
# Gives: $runner $emu $check (the strict JSON-lines checker) $top (the
# checkout) $tmp (removed at exit), bk (run the runner), ok, skip, status,
# contains, finish.
# A test does not depend on the directory it was started from: RUNNER (and
# JSONL_CHECK) are made absolute against it, then the test runs in the
# checkout; nothing reads the previous directory of the shell.
set -u
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
top=$(cd "$(dirname "$0")/../.." && pwd)
runner=$(abs "$1")
emu=${2:-}
check=$(abs "${JSONL_CHECK:-$top/build/tests/tools/jsonl_check}")
cd "$top" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0
failed=0
echo "TAP version 13"

bk() { $emu "$runner" "$@"; }

# ok DESCRIPTION COMMAND...: one test, passing when COMMAND succeeds; on
# failure its output is shown as TAP diagnostics.
ok() {
	desc=$1
	shift
	n=$((n + 1))
	if "$@" >"$tmp/out" 2>&1; then
		echo "ok $n - $desc"
	else
		echo "not ok $n - $desc"
		sed 's/^/#   /' "$tmp/out" | head -30
		failed=$((failed + 1))
	fi
}

# skip DESCRIPTION REASON
skip() {
	n=$((n + 1))
	echo "ok $n - $1 # SKIP $2"
}

# status EXPECTED ARGS...: the runner exits EXPECTED (stdout and stderr kept
# in $tmp/stdout and $tmp/stderr); a usage error (2) is exactly one line.
status() {
	want=$1
	shift
	bk "$@" >"$tmp/stdout" 2>"$tmp/stderr"
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "exit $got, want $want; stdout and stderr:"
		cat "$tmp/stdout" "$tmp/stderr"
		return 1
	fi
	if [ "$want" -eq 2 ] && [ "$(wc -l <"$tmp/stderr")" -ne 1 ]; then
		echo "usage error is not one line:"
		cat "$tmp/stderr"
		return 1
	fi
	return 0
}

# contains FILE TEXT
contains() {
	grep -q -- "$2" "$1" || { echo "\"$2\" not in $1:"; cat "$1"; return 1; }
}

# finish: the plan line, and the exit status of the whole file.
finish() {
	echo "1..$n"
	[ "$failed" -eq 0 ]
}
