/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/*
 * abi.h: the interface between burnkit.ko and user space.
 *
 * The module exposes one debugfs directory, BURNKIT_DEBUGFS_DIR, normally
 * /sys/kernel/debug/burnkit/. Its files are listed below with their modes.
 * Read-only files (0400) keep working under kernel lockdown, where debugfs
 * refuses every file that can be written; controls (0200, 0600) are then
 * lost, and the state they change stays visible in the read-only files.
 *
 * Text files
 *   Tables start with one header line, "# " and the field names, then one
 *   row per line, fields separated by single spaces, in the order of the
 *   header. Numbers are decimal. A value that this machine cannot provide
 *   reads as BURNKIT_UNSUPPORTED, never as 0. Key-value files have one
 *   "key value" pair per line. Times are nanoseconds of CLOCK_MONOTONIC
 *   (ktime_get_ns). New fields are only ever appended to a row, new keys
 *   and new rows may appear: parse by header name, ignore the unknown.
 *
 * Writes
 *   A write is one command of at most BURNKIT_WRITE_MAX bytes (pagecache:
 *   PATH_MAX), an optional single trailing newline allowed. Anything else
 *   fails with EINVAL and the module logs a warning naming the file.
 *
 * The ABI version changes when a file or field changes meaning or goes
 * away; user space refuses a module whose version it does not know.
 */
#ifndef BURNKIT_ABI_H
#define BURNKIT_ABI_H

#include <linux/types.h>

#define BURNKIT_ABI_VERSION		2
#define BURNKIT_DEBUGFS_DIR		"burnkit"
#define BURNKIT_UNSUPPORTED		"unsupported"
#define BURNKIT_WRITE_MAX		64

/*
 * abi_version (0400): BURNKIT_ABI_VERSION, "%u\n".
 */
#define BURNKIT_FILE_ABI_VERSION	"abi_version"

/*
 * features (0400), key-value:
 *   arch          x86_64 | arm64 | arm
 *   counter       the cycle counter the calibration and user space use:
 *                 tsc | pmccntr | cntvct (AArch64 without PMU access) |
 *                 unsupported (ARMv7 without PMU access)
 *   user_access   on (a thread holds it, see user_access) | off |
 *                 unsupported (x86: rdtsc needs none; no PMU; ARMv7
 *                 without armv7_user_access=1)
 *   perf_pmu      idle | in-use (perf has counters or overflow interrupts
 *                 on, on some CPU: the module leaves the PMU alone there)
 *                 | unsupported
 *   pmu           present | absent (ID_AA64DFR0_EL1.PMUVer, ID_DFR0.PerfMon;
 *                 user_access says why) | unsupported (x86)
 *   pmu_filter    el0 (a holder's count leaves out the kernel's cycles:
 *                 PMCCFILTR.P, probed on every CPU) | none (ARMv7 PMUv2
 *                 without the filter) | unsupported (no PMU, x86)
 *   aperf_mperf   supported | unsupported
 *   invariant_tsc yes | no | unsupported
 *   rpi_firmware  present | absent
 *   inject        on | off (module parameter inject)
 *   throttle_period_ms  the sampler period
 *   netlink       on (the generic netlink family below is registered) | off
 */
#define BURNKIT_FILE_FEATURES		"features"

/*
 * counters (0400), table, one row per online CPU, read on that CPU:
 *   cpu source value rate_hz user_read
 * source: tsc | pmccntr | cntvct; value: the counter now; rate_hz: ticks per
 * second (TSC: the kernel's calibration; PMCCNTR: measured against ktime at
 * load or at the last read of "clock"); user_read: yes (every task may read
 * it) | ask (a task that asks through user_access) | no.
 */
#define BURNKIT_FILE_COUNTERS		"counters"

/*
 * calibration (0400), table, one row per CPU calibrated:
 *   cpu source ensembles samples min median max mean_milli variance_milli
 *   ensemble_min_variance_milli time_ns
 * Overhead of reading `source` in ticks, measured Paoloni's way (on a
 * thread bound to the CPU, interrupts off per sample): serialised reads
 * back to back, `ensembles` ensembles of `samples` samples. The reads are the ones user space should
 * use to time code: on x86 "cpuid; rdtsc" before and "rdtscp; cpuid" after,
 * on ARM "isb; read" at both ends. min, median, max in ticks; mean and the
 * variance over all samples and the variance of the ensembles' minima in
 * thousandths of a tick (of a tick squared); time_ns when it ran. Runs at
 * load and on every write to calibrate. Interrupts are off for each
 * sample (its two reads), not for the whole run. A sample longer than
 * 2^32 - 1 ticks counts as 2^32 - 1; a variance whose sum of squared
 * deviations exceeds 2^64 - 1 thousandths reads BURNKIT_VARIANCE_SATURATED.
 */
#define BURNKIT_VARIANCE_SATURATED	0xffffffffffffffffULL
#define BURNKIT_FILE_CALIBRATION	"calibration"

/*
 * calibrate (0200): write "ENSEMBLES SAMPLES" to run the calibration again
 * on every online CPU; the write returns when it is done.
 */
#define BURNKIT_FILE_CALIBRATE		"calibrate"
#define BURNKIT_CALIB_ENSEMBLES_MAX	1000
#define BURNKIT_CALIB_SAMPLES_MAX	100000
#define BURNKIT_CALIB_TOTAL_MAX		1000000

/*
 * clock (0400), table, one row per online CPU, measured while reading:
 *   cpu effective_khz method window_us cpufreq_cur_khz cpufreq_min_khz
 *   cpufreq_max_khz firmware_khz firmware_clock
 * effective_khz: the clock the CPU really ran at over a busy window of
 * window_us; method: aperf_mperf (TSC kHz x dAPERF/dMPERF) | pmccntr (cycle
 * counter against ktime) | unsupported. cpufreq_*: the cpufreq policy;
 * firmware_khz: the Raspberry Pi firmware's ARM clock, and firmware_clock
 * what it is: measured (GET_CLOCK_MEASURED) | set (GET_CLOCK_RATE, the
 * rate the firmware set, where it does not answer the measured one) |
 * unsupported (no firmware, or it answered neither).
 */
#define BURNKIT_FILE_CLOCK		"clock"

/*
 * user_access (0600, ARM only; x86 has no such file): per-task access to
 * the PMU cycle counter, off until a task asks. A thread with CAP_PERFMON
 * or CAP_SYS_ADMIN writes "1" and keeps the file open: while that thread
 * runs, its CPU lets EL0 read the cycle counter (AArch64 PMUSERENR.CR;
 * ARMv7 PMUSERENR.EN, which also lets it program the PMU, only with module
 * parameter armv7_user_access=1), counting EL0 only where the CPU can
 * filter (PMCCFILTR.P; features pmu_filter); every other task traps
 * (SIGILL). Each thread that reads
 * the counter asks for itself, on its own open file (EBUSY for a file
 * another thread holds). "0", closing the file or the thread's exit end
 * it. Where perf uses the PMU the module leaves it alone: asking fails
 * with EBUSY, and a thread whose counter perf took keeps trapping until it
 * asks again. Without the capability EPERM; without a usable PMU
 * EOPNOTSUPP. A read gives "off\n", "on TID TID ...\n" (the threads
 * holding it), or "unsupported: REASON\n".
 */
#define BURNKIT_FILE_USER_ACCESS	"user_access"

/*
 * throttle_state (0400), table, one row per source instance (supported or
 * not):
 *   source name instance state temp_mc mhz transitions
 * source: BURNKIT_SRC_*; name: its short name; instance: CPU, thermal zone
 * or cpufreq policy number, 0 otherwise; state: the last value polled
 * (meaning per source, below) or "unsupported"; temp_mc: millidegrees C;
 * transitions: state changes seen since the module was loaded.
 */
#define BURNKIT_FILE_THROTTLE_STATE	"throttle_state"

/*
 * throttle_events (0400, binary): the ring of transitions, as struct
 * burnkit_event records. The file position is seq * sizeof(struct
 * burnkit_event): a read returns whole records from there on; a reader
 * left behind by the ring jumps to the oldest record kept (the gap in seq
 * shows the loss); at the newest record a read returns 0, and a later read
 * on the same open file returns what arrived since.
 */
#define BURNKIT_FILE_THROTTLE_EVENTS	"throttle_events"
#define BURNKIT_EVENT_RING_SIZE		1024

/*
 * throttle_log (0400), table, the same ring as text, oldest first:
 *   seq time_ns cpu source name instance old_state new_state temp_mc mhz
 */
#define BURNKIT_FILE_THROTTLE_LOG	"throttle_log"

/*
 * throttle_period_ms (0600): the sampler period, 1-10000 ms (module
 * parameter period_ms, default 100).
 */
#define BURNKIT_FILE_THROTTLE_PERIOD	"throttle_period_ms"
#define BURNKIT_PERIOD_MS_MIN		1
#define BURNKIT_PERIOD_MS_MAX		10000
#define BURNKIT_PERIOD_MS_DEFAULT	100

/*
 * throttle_inject (0200, only with module parameter inject=1): write
 * "STATE [TEMP_MC [MHZ]]" to queue a state of source BURNKIT_SRC_INJECT;
 * the sampler takes one queued state per period, in order, and records a
 * transition when it differs from the last. At most BURNKIT_INJECT_QUEUE
 * states wait; a write beyond that fails with ENOSPC.
 */
#define BURNKIT_FILE_THROTTLE_INJECT	"throttle_inject"
#define BURNKIT_INJECT_QUEUE		64

/*
 * pagecache (0600): write "drop PATH" (write the file's or block device's
 * dirty pages back, wait, then drop its clean unmapped cached pages) or
 * "count PATH" (only count). PATH is absolute. A read on the same open file
 * returns the result of its last command:
 *   "<pages_before> <pages_after> <page_size> <drop|count> <PATH>\n"
 * pages_* are mapping->nrpages. Each open file has its own result.
 */
#define BURNKIT_FILE_PAGECACHE		"pagecache"

/* Throttle sources (struct burnkit_event.source, throttle_state). */
#define BURNKIT_SRC_X86_CORE_THERM	1	/* per CPU; state: 1 = throttling now (IA32_THERM_STATUS bit 0) */
#define BURNKIT_SRC_X86_PKG_THERM	2	/* per CPU; state: 1 = package throttling now (IA32_PACKAGE_THERM_STATUS bit 0) */
#define BURNKIT_SRC_X86_THROTTLE_COUNT	3	/* per CPU; state: core_throttle_count (low 32 bits) */
#define BURNKIT_SRC_RPI_THROTTLED	4	/* state: GET_THROTTLED bits, BURNKIT_RPI_* */
#define BURNKIT_SRC_THERMAL_ZONE	5	/* per zone; state: trip points at or below the temperature */
#define BURNKIT_SRC_CPUFREQ_CAP		6	/* per policy; state: 1 = policy max below the hardware max */
#define BURNKIT_SRC_INJECT		7	/* test source, module parameter inject=1 */
#define BURNKIT_SRC_COUNT		8

/* Raspberry Pi GET_THROTTLED bits. */
#define BURNKIT_RPI_UNDER_VOLTAGE	0x00000001
#define BURNKIT_RPI_FREQ_CAPPED		0x00000002
#define BURNKIT_RPI_THROTTLED		0x00000004
#define BURNKIT_RPI_SOFT_TEMP_LIMIT	0x00000008
#define BURNKIT_RPI_OCCURRED_SHIFT	16	/* the same bits, "has occurred" */

#define BURNKIT_TEMP_UNKNOWN		((__s32)0x80000000)	/* temp_mc not available */
#define BURNKIT_MHZ_UNKNOWN		0xffffffffu		/* mhz not available */

/* One throttle transition; 64 bytes, naturally aligned. */
struct burnkit_event {
	__u64 seq;		/* 0, 1, 2, ... since load */
	__u64 time_ns;		/* CLOCK_MONOTONIC when the sampler saw it */
	__u32 cpu;		/* CPU the sampler ran on, or the source's CPU */
	__u32 source;		/* BURNKIT_SRC_* */
	__u32 instance;		/* as in throttle_state */
	__u32 old_state;
	__u32 new_state;
	__s32 temp_mc;		/* millidegrees C, or BURNKIT_TEMP_UNKNOWN */
	__u32 mhz;		/* CPU clock then, or BURNKIT_MHZ_UNKNOWN */
	__u32 flags;		/* 0 for now */
	__u32 reserved[4];	/* 0 */
};

/*
 * Generic netlink: family BURNKIT_GENL_NAME, version BURNKIT_GENL_VERSION,
 * multicast group BURNKIT_GENL_MCGRP; joining it needs CAP_NET_ADMIN (a
 * kernel that cannot restrict a group gets no family: features netlink
 * off). Every transition the sampler writes into the ring is also sent to
 * the group, as it happens, in one
 * BURNKIT_CMD_EVENT message whose attribute BURNKIT_ATTR_EVENT holds the
 * struct burnkit_event (the same record, same seq). A listener that falls
 * behind (ENOBUFS) finds what it missed in throttle_events by seq. The
 * family has no commands to send to it.
 */
#define BURNKIT_GENL_NAME		"burnkit"
#define BURNKIT_GENL_VERSION		1
#define BURNKIT_GENL_MCGRP		"throttle"

#define BURNKIT_CMD_UNSPEC		0
#define BURNKIT_CMD_EVENT		1

#define BURNKIT_ATTR_UNSPEC		0
#define BURNKIT_ATTR_EVENT		1	/* binary: struct burnkit_event */
#define BURNKIT_ATTR_MAX		1

#endif /* BURNKIT_ABI_H */
