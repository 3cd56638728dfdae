#!/bin/sh
# run.sh: what `make run` does after building: load burnkit.ko where this
# kernel allows (building it first), say in one line why not otherwise, run
# the short burn-in of every tester, and unload the module if it loaded it.
set -u
cd "$(dirname "$0")/.."
loaded_here=

module_line() { echo "burnkit: module: $*"; }

try_module() {
	if [ -d /sys/kernel/debug/burnkit ]; then
		module_line "already loaded ($(cat /sys/kernel/debug/burnkit/abi_version 2>/dev/null | sed 's/^/ABI /'))"
		return
	fi
	if [ ! -e /proc/modules ]; then
		module_line "not loaded: this kernel has no loadable module support (CONFIG_MODULES=n); the testers use their user-space fallbacks"
		return
	fi
	if [ "$(id -u)" -ne 0 ]; then
		module_line "not loaded: loading a module needs root (run: sudo make run, or sudo insmod build/kmod/burnkit.ko)"
		return
	fi
	kdir=/lib/modules/$(uname -r)/build
	if [ ! -d "$kdir" ]; then
		module_line "not loaded: no headers for kernel $(uname -r) (install linux-headers-$(uname -r), then make run again)"
		return
	fi
	if ! make --no-print-directory kmod >build/kmod-build.log 2>&1; then
		module_line "not loaded: building it failed (see build/kmod-build.log)"
		return
	fi
	if ! insmod build/kmod/burnkit.ko 2>build/kmod-insmod.log; then
		module_line "not loaded: insmod failed: $(tr '\n' ' ' <build/kmod-insmod.log) (Secure Boot may require a signed module)"
		return
	fi
	if [ ! -d /sys/kernel/debug/burnkit ]; then
		mount -t debugfs none /sys/kernel/debug 2>/dev/null
	fi
	loaded_here=yes
	module_line "loaded build/kmod/burnkit.ko for this run (unloaded at the end)"
}

try_module
# The burn-in's files (timelines, charts, logs) go to build/burnin/.
mkdir -p build/burnin
(cd build/burnin && ../burnkit burnin --json burnin.jsonl "$@")
status=$?
echo "burnkit: the burn-in's timelines, charts and JSON lines are in build/burnin/"
if [ -n "$loaded_here" ]; then
	rmmod burnkit 2>/dev/null || echo "burnkit: module: could not unload (still in use?): run rmmod burnkit"
fi
exit $status
