// SPDX-License-Identifier: MIT
/* timing: counter sources, their measurement, and the choice of the best. */
#include "timing.h"
#include "arch/arch.h"
#include "dispatch.h"
#include "kmod.h"
#include "util.h"

#include <burnkit/abi.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

/* ---------------------------------------------------------------- probing */

/*
 * Reading a counter the kernel has not opened to user space raises SIGILL
 * (AArch64/ARMv7 PMCCNTR before burnkit.ko). Try one read with SIGILL
 * caught; report instead of dying.
 */
static sigjmp_buf probe_jmp;

static void probe_sigill(int sig)
{
	siglongjmp(probe_jmp, sig);
}

BK_UNUSED static int probe_read(uint64_t (*read)(void), char *why, size_t len,
				const char *hint)
{
	struct sigaction sa, old_ill, old_segv;
	volatile int ok = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = probe_sigill;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGILL, &sa, &old_ill);
	sigaction(SIGSEGV, &sa, &old_segv);
	if (!sigsetjmp(probe_jmp, 1)) {
		(void)read();
		(void)read();
		ok = 1;
	}
	sigaction(SIGILL, &old_ill, NULL);
	sigaction(SIGSEGV, &old_segv, NULL);
	if (!ok)
		snprintf(why, len, "reading it raises SIGILL: %s", hint);
	return ok ? 0 : -1;
}

static uint64_t read_monotonic_raw(void)
{
	return bk_now_ns();
}

static int probe_always(char *why, size_t len)
{
	(void)why;
	(void)len;
	return 0;
}

static double nominal_ns(void)
{
	return 1e9;
}

/* perf_event_open self-monitoring of this thread's CPU cycles. */
static int perf_fd = -1;

static uint64_t read_perf_cycles(void)
{
	uint64_t v = 0;

	if (read(perf_fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		return 0;
	return v;
}

static int probe_perf_cycles(char *why, size_t len)
{
	struct perf_event_attr attr;

	if (perf_fd >= 0)
		return 0;
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_HARDWARE;
	attr.size = sizeof(attr);
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	perf_fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1,
			       PERF_FLAG_FD_CLOEXEC);
	if (perf_fd < 0) {
		int e = errno;

		snprintf(why, len, "perf_event_open(cycles): %s%s", strerror(e),
			 e == ENOENT || e == EOPNOTSUPP ?
			 " (no hardware PMU visible to this kernel)" :
			 e == EACCES || e == EPERM ?
			 " (see /proc/sys/kernel/perf_event_paranoid)" : "");
		return -1;
	}
	return 0;
}

#if defined(BK_HAVE_TSC)
static uint64_t read_tsc(void)
{
	return bk_rdtsc_ordered();
}

static uint64_t read_rdtscp(void)
{
	return bk_rdtscp();
}

static int probe_tsc(char *why, size_t len)
{
	(void)why;
	(void)len;
	return 0;
}

static int probe_rdtscp(char *why, size_t len)
{
	if (!(bk_cpu_features() & BK_FEAT_RDTSCP)) {
		snprintf(why, len, "the CPU lacks RDTSCP");
		return -1;
	}
	return 0;
}
#endif

#if defined(BK_HAVE_CNTVCT)
static uint64_t read_cntvct(void)
{
	return bk_cntvct();
}

static double cntfrq_hz(void)
{
	return (double)bk_cntfrq();
}

static int probe_cntvct(char *why, size_t len)
{
	return probe_read(read_cntvct, why, len,
			  "the kernel has not enabled EL0/PL0 access to the virtual counter");
}
#endif

#if defined(BK_HAVE_PMCCNTR)
/*
 * The PMU cycle counter is per task (burnkit.ko): asked for once, by the
 * thread that reads it, only when the admin allows EL0 PMU access
 * (/proc/sys/kernel/perf_user_access 1) or --pmu-override says so; the
 * file stays open for the run. perf may take the counter away mid-run:
 * the read then traps, and a SIGILL handler that knows the one
 * instruction turns that into "no cycle counter from now on" and a
 * warning, instead of killing the run.
 */
static int pmu_override;
static int pmu_fd = -1;
static volatile sig_atomic_t pmu_lost;
static char pmu_note[200];

void bk_timing_pmu_override(int on)
{
	pmu_override = on;
}

const char *bk_timing_pmu_note(void)
{
	return pmu_note;
}

const char *bk_timing_warning(void)
{
	return pmu_lost ? "the PMU cycle counter was taken away during the run "
			  "(perf?): cycles and MHz after that are unknown" : NULL;
}

/* The one instruction the handler may skip; noinline: one copy, one label. */
extern const char bk_pmccntr_insn[];

#if defined(__aarch64__)
typedef uint64_t pmccntr_word;
#define PMCCNTR_REG	"x0"
#define PMCCNTR_READ	"mrs %0, pmccntr_el0"
#define UC_PC(uc)	((uc)->uc_mcontext.pc)
#define UC_RESULT(uc)	((uc)->uc_mcontext.regs[0])
#else
typedef uint32_t pmccntr_word;
#define PMCCNTR_REG	"r0"
#define PMCCNTR_READ	"mrc p15, 0, %0, c9, c13, 0"
#define UC_PC(uc)	((uc)->uc_mcontext.arm_pc)
#define UC_RESULT(uc)	((uc)->uc_mcontext.arm_r0)
#endif

/* The result in the first argument register, which the handler zeroes. */
__attribute__((noinline)) static uint64_t read_pmccntr_insn(void)
{
	register pmccntr_word v __asm__(PMCCNTR_REG);

	__asm__ volatile("isb\n"
			 ".globl bk_pmccntr_insn\n"
			 "bk_pmccntr_insn:\n\t"
			 PMCCNTR_READ : "=r"(v) : : "memory");
	return v;
}

static struct sigaction pmu_old_sigill;

static void pmu_sigill(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;

	if (UC_PC(uc) == (uintptr_t)bk_pmccntr_insn) {
		pmu_lost = 1;
		UC_RESULT(uc) = 0;
		UC_PC(uc) += 4;
		return;
	}
	/* Not our read: what would have happened without us. */
	sigaction(SIGILL, &pmu_old_sigill, NULL);
	(void)sig;
	(void)si;
}

static uint64_t read_pmccntr(void)
{
	return pmu_lost ? 0 : read_pmccntr_insn();
}

/* perf_user_access is 1: the admin lets EL0 use the PMU. */
static int perf_user_access_allowed(void)
{
	return bk_read_file_has("/proc/sys/kernel/perf_user_access", "1");
}

static int ask_pmu(char *why, size_t len)
{
	struct bk_kmod k;
	char path[300];
	int allowed = perf_user_access_allowed();

	if (pmu_fd >= 0)
		return 0;
	if (!allowed && !pmu_override) {
		snprintf(why, len, "/proc/sys/kernel/perf_user_access is not 1: "
			 "burnkit.ko not asked (--pmu-override asks anyway)");
		snprintf(pmu_note, sizeof(pmu_note), "not asked: perf_user_access is not 1");
		return -1;
	}
	if (bk_kmod_open(&k, NULL)) {
		snprintf(why, len, "load burnkit.ko (sudo insmod build/kmod/burnkit.ko)");
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s", k.dir, BURNKIT_FILE_USER_ACCESS);
	int fd = open(path, O_RDWR | O_CLOEXEC);

	if (fd < 0 || write(fd, "1", 1) != 1) {
		snprintf(why, len, "burnkit.ko refused the counter: %s: %s", path,
			 strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	pmu_fd = fd;
	snprintf(pmu_note, sizeof(pmu_note), "asked burnkit.ko (%s)",
		 allowed ? "perf_user_access 1" : "--pmu-override");
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = pmu_sigill;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGILL, &sa, &pmu_old_sigill);
	return 0;
}

static int probe_pmccntr(char *why, size_t len)
{
	if (ask_pmu(why, len))
		return -1;
	pmu_lost = 0;
	(void)read_pmccntr();
	if (pmu_lost) {
		pmu_lost = 0;
		snprintf(why, len, "reading it raises SIGILL after asking burnkit.ko "
			 "(perf may be using the PMU)");
		return -1;
	}
	return 0;
}
#else
void bk_timing_pmu_override(int on)
{
	(void)on;
}

const char *bk_timing_pmu_note(void)
{
	return "";
}

const char *bk_timing_warning(void)
{
	return NULL;
}
#endif

static const struct bk_clk_source sources[] = {
#if defined(BK_HAVE_TSC)
	{ "tsc", "time-stamp counter, lfence;rdtsc", BK_CLK_TIME, 64,
	  probe_tsc, read_tsc, NULL, NULL },
	{ "rdtscp", "time-stamp counter, rdtscp (waits for earlier work)",
	  BK_CLK_TIME, 64, probe_rdtscp, read_rdtscp, NULL, NULL },
#endif
#if defined(BK_HAVE_CNTVCT)
	{ "cntvct", "generic timer virtual count", BK_CLK_TIME, 64,
	  probe_cntvct, read_cntvct, cntfrq_hz, NULL },
#endif
	{ "monotonic_raw", "clock_gettime(CLOCK_MONOTONIC_RAW), nanoseconds",
	  BK_CLK_TIME, 64, probe_always, read_monotonic_raw, nominal_ns, NULL },
#if defined(BK_HAVE_PMCCNTR)
	{ "pmccntr", "PMU cycle counter", BK_CLK_CYCLES, BK_PMCCNTR_BITS,
	  probe_pmccntr, read_pmccntr, NULL, NULL },
#endif
	{ "perf-cycles", "perf_event_open CPU cycles of this thread",
	  BK_CLK_CYCLES, 64, probe_perf_cycles, read_perf_cycles, NULL, "pmccntr" },
};

int bk_clk_disturbs(const struct bk_clk_source *s, const struct bk_clk_source *other)
{
	return s->disturbs && other && !strcmp(s->disturbs, other->name);
}

const struct bk_clk_source *bk_clk_sources(size_t *count)
{
	*count = BK_ARRAY_SIZE(sources);
	return sources;
}

/* ---------------------------------------------------------------- measuring */

static uint64_t wrap_delta(uint64_t a, uint64_t b, unsigned bits)
{
	uint64_t d = b - a;

	return bits >= 64 ? d : d & ((1ull << bits) - 1);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

#define OVERHEAD_SAMPLES 2001

void bk_clk_measure(const struct bk_clk_source *s, struct bk_clk_info *info,
		    unsigned ms)
{
	uint64_t deltas[OVERHEAD_SAMPLES];
	uint64_t min_step = UINT64_MAX;

	memset(info, 0, sizeof(*info));
	info->src = s;
	info->overhead_origin = "user";
	if (s->probe(info->why, sizeof(info->why)))
		return;
	info->usable = 1;
	info->nominal_hz = s->nominal_hz ? s->nominal_hz() : 0;

	/* Rate: ticks over a busy interval of the monotonic clock. */
	uint64_t t0 = bk_now_ns(), c0 = s->read(), t1, c1;
	uint64_t span = (uint64_t)(ms ? ms : 50) * 1000000ull;
	do {
		t1 = bk_now_ns();
		c1 = s->read();
	} while (t1 - t0 < span);
	info->hz = (double)wrap_delta(c0, c1, s->bits) * 1e9 / (double)(t1 - t0);
	if (info->hz <= 0) {
		info->usable = 0;
		snprintf(info->why, sizeof(info->why),
			 "it does not advance (reads %llu)", (unsigned long long)c1);
		return;
	}

	/* Overhead and resolution: back-to-back reads. */
	for (size_t i = 0; i < OVERHEAD_SAMPLES; i++) {
		uint64_t a = s->read(), b = s->read();

		deltas[i] = wrap_delta(a, b, s->bits);
		if (deltas[i] && deltas[i] < min_step)
			min_step = deltas[i];
	}
	qsort(deltas, OVERHEAD_SAMPLES, sizeof(deltas[0]), cmp_u64);
	info->overhead_min = deltas[0];
	info->overhead_median = deltas[OVERHEAD_SAMPLES / 2];
	info->overhead_min_ns = (double)info->overhead_min * 1e9 / info->hz;
	info->overhead_median_ns = (double)info->overhead_median * 1e9 / info->hz;
	if (min_step == UINT64_MAX) {
		/* Never stepped between two reads: the step is coarser. */
		uint64_t a = s->read(), b;

		do
			b = s->read();
		while (b == a);
		min_step = wrap_delta(a, b, s->bits);
	}
	info->resolution_ns = (double)min_step * 1e9 / info->hz;
}

static int better_time(const struct bk_clk_info *a, const struct bk_clk_info *b)
{
	/* Prefer the finer, cheaper source: resolution plus overhead. */
	return a->resolution_ns + a->overhead_median_ns <
	       b->resolution_ns + b->overhead_median_ns;
}

/* The module's calibration names the counter, not our way of reading it. */
static int calib_matches(const char *module_source, const struct bk_clk_source *s)
{
	if (!strcmp(module_source, "tsc"))
		return !strcmp(s->name, "tsc") || !strcmp(s->name, "rdtscp");
	return !strcmp(module_source, s->name);
}

/*
 * burnkit.ko measures a counter's read overhead with preemption and
 * interrupts off, Paoloni's way: a better figure than ours, taken in user
 * space between interrupts. Use it for whichever chosen source it names.
 */
static void apply_module_calibration(struct bk_timer *t)
{
	struct bk_kmod k;
	struct bk_kmod_calib c[256];
	int n, cpu = sched_getcpu();
	struct bk_clk_info *infos[] = { &t->time, &t->cycles };

	if (bk_kmod_open(&k, NULL))
		return;
	n = bk_kmod_calibration(&k, c, BK_ARRAY_SIZE(c));
	for (size_t w = 0; w < BK_ARRAY_SIZE(infos); w++) {
		struct bk_clk_info *info = infos[w];
		const struct bk_kmod_calib *best = NULL;

		if (!info->usable)
			continue;
		for (int i = 0; i < n; i++) {
			if (!c[i].ok || !calib_matches(c[i].source, info->src))
				continue;
			if (!best || c[i].cpu == cpu)
				best = &c[i];
		}
		if (!best)
			continue;
		info->overhead_min = best->min;
		info->overhead_median = best->median;
		info->overhead_min_ns = (double)best->min * 1e9 / info->hz;
		info->overhead_median_ns = (double)best->median * 1e9 / info->hz;
		info->overhead_origin = "burnkit.ko";
	}
}

void bk_timer_init(struct bk_timer *t, unsigned ms)
{
	size_t n;
	const struct bk_clk_source *s = bk_clk_sources(&n);
	int have_time = 0, have_cycles = 0;

	memset(t, 0, sizeof(*t));
	for (size_t i = 0; i < n; i++) {
		struct bk_clk_info info;

		/* The first usable cycle counter wins; probing more can only hurt. */
		if (s[i].kind == BK_CLK_CYCLES && have_cycles)
			continue;
		bk_clk_measure(&s[i], &info, ms ? ms : 20);
		if (!info.usable)
			continue;
		if (s[i].kind == BK_CLK_TIME) {
			/* The TSC is a timebase only when it ticks at a constant rate. */
#if defined(BK_HAVE_TSC)
			if (!strcmp(s[i].name, "tsc") || !strcmp(s[i].name, "rdtscp")) {
				if (!(bk_cpu_features() & BK_FEAT_INVTSC) &&
				    !bk_read_file_has("/proc/cpuinfo", " constant_tsc"))
					continue;
			}
#endif
			if (!have_time || better_time(&info, &t->time)) {
				t->time = info;
				have_time = 1;
			}
		} else if (!have_cycles) {
			t->cycles = info;
			have_cycles = 1;
		}
	}
	if (!have_time) {
		static const struct bk_clk_source *mono;

		for (size_t i = 0; i < n; i++)
			if (!strcmp(s[i].name, "monotonic_raw"))
				mono = &s[i];
		bk_clk_measure(mono, &t->time, 10);
	}
	apply_module_calibration(t);
}

double bk_timer_seconds(const struct bk_timer *t, uint64_t start, uint64_t end)
{
	uint64_t d = wrap_delta(start, end, t->time.src->bits);

	/* The second reading's own cost is not part of the interval. */
	if (d > t->time.overhead_min)
		d -= t->time.overhead_min;
	return (double)d / t->time.hz;
}

uint64_t bk_timer_cycles(const struct bk_timer *t)
{
	return t->cycles.usable ? t->cycles.src->read() : 0;
}

double bk_timer_mhz(const struct bk_timer *t, uint64_t c0, uint64_t c1,
		    double seconds)
{
	if (!t->cycles.usable || seconds <= 0 || bk_timing_warning() ||
	    !c0 || !c1)
		return 0;
	return (double)wrap_delta(c0, c1, t->cycles.src->bits) / seconds / 1e6;
}

double bk_timer_precision(const struct bk_timer *t)
{
	return (t->time.resolution_ns + t->time.overhead_median_ns) / 1e9;
}
