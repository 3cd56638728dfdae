# burnkit: one top-level GNU make. Toolchains and flags are in config.mk.
#
#   make            host runner: build/burnkit
#   make cross      static runners: build/aarch64/burnkit, build/armv7/burnkit
#   make static     static host runner: build/$(HOST_ARCH)/burnkit (for the VM)
#   make check      install what is missing, build, run every test
#   make run        install what is missing, build, run the short burn-in
#   make bench      the benchmarks under scripts/bench/
#   make kmod       burnkit.ko for the running kernel (KDIR=, ARCH=, CROSS_COMPILE=)
#   make install    runner (and module, when built) under DESTDIR/PREFIX

include config.mk

# A recipe that fails leaves no half-written target that a later make would
# take as built.
.DELETE_ON_ERROR:

# ---------------------------------------------------------------- sources
# The house: user/lib (core), its wings user/lib/storage and user/lib/record,
# the testers (a folder each when they have helpers), the suites above them.
LIB_SRCS := $(addprefix user/lib/, \
	util.c unended.c params.c params_show.c json.c log.c timing.c sysinfo.c dispatch.c tuning.c \
	kmod.c child.c)

TESTER_SRCS := user/runner.c $(addprefix user/testers/, \
	info.c timer.c kmod.c fpu/fpu_common.c fpu/fpu.c)

SUITE_SRCS := user/suites/burnin.c user/suites/spawn.c user/suites/junit.c

# Floating point: MP-MFLOPS and the cache sizes it reads.
TESTER_SRCS += $(addprefix user/testers/, \
	fpu/cpucache.c fpu/mflops_plan.c fpu/mflops.c)

# Livermore Loops (liverloops): the kernels, their tables, the tester.
LFK_SRCS := $(addprefix user/testers/livermore/, kernels.c sums.c)
TESTER_SRCS += $(LFK_SRCS) user/testers/livermore/livermore.c

# OpenGL ES (OpenGL1Pi): the run and the frame check always; the context and
# the scenes when pkg-config finds egl and glesv2's headers (native dynamic
# builds only: Mesa has no static libraries, and dlopen needs the dynamic
# loader); the libraries themselves are opened at run time. GLES=no builds
# without, and the tester is then listed as unsupported with the reason.
TESTER_SRCS += $(addprefix user/testers/gpu/, gpu.c gpu_check.c)
ifndef GLES
ifeq ($(ARCH)$(LDSTATIC),$(HOST_ARCH))
GLES := $(shell pkg-config --exists egl glesv2 2>/dev/null && echo yes)
endif
endif
ifeq ($(GLES),yes)
TESTER_SRCS += $(addprefix user/testers/gpu/, gpu_gl.c gpu_egl.c gpu_scenes.c gpu_llvmpipe.c)
BK_CPPFLAGS += -DBK_HAVE_GLES $(shell pkg-config --cflags egl glesv2)
# Loaded at run time (gpu_gl.c): a runner without them starts, gpu unsupported.
BK_LDLIBS += -ldl
endif

# Recording and cooking: sensors, throttle events, timelines, charts.
LIB_SRCS += $(addprefix user/lib/record/, \
	jsonread.c sensors.c clockmeter.c kmod_events.c kmod_netlink.c recorder.c ticker.c \
	timeline.c analysis.c svg.c timeline_plot.c timeline_csv.c activity.c kerrors.c html.c prom.c)
TESTER_SRCS += $(addprefix user/testers/, \
	temp.c activity.c report/report.c report/report_html.c watch.c)
# burnkit compare: many runs side by side (tables, reasons, CSV, SVG).
TESTER_SRCS += $(addprefix user/testers/compare/, \
	runs.c figures.c group.c comparable.c table.c chart.c html.c compare.c)
SUITE_SRCS += $(addprefix user/suites/, \
	cook/cook.c cook/copies.c cook/records.c cook/console.c cook/conclude.c cook/cook_meter.c script/script.c script/script_line.c)

# burnkit watch takes the module's netlink events through libnl-genl-3.0 when
# pkg-config finds it (native builds: pkg-config describes this machine's
# libraries); LIBNL=no builds without.
ifndef LIBNL
ifeq ($(ARCH),$(HOST_ARCH))
LIBNL := $(shell pkg-config --exists libnl-genl-3.0 2>/dev/null && echo yes)
endif
endif
ifeq ($(LIBNL),yes)
BK_CPPFLAGS += -DBK_HAVE_LIBNL $(shell pkg-config --cflags libnl-genl-3.0)
# Linked in when the archives are there, so the runner needs no libnl to run.
LIBNL_A := $(wildcard $(addprefix $(shell pkg-config --variable=libdir libnl-genl-3.0)/, \
	libnl-genl-3.a libnl-3.a))
BK_LDLIBS += $(if $(word 2,$(LIBNL_A)),$(LIBNL_A),$(shell pkg-config --libs libnl-genl-3.0))
endif

# stressInt and paging; the documented loop counts and their inspector.
LIB_SRCS += $(addprefix user/lib/, \
	loopcounts.c memstat.c)
TESTER_SRCS += $(addprefix user/testers/, \
	int/int_plan.c int/int_engine.c int/int.c \
	inspect/inspect_classify.c inspect/inspect.c \
	int/paging_plan.c int/paging.c)

# Drives: burnindrive, drivespeed/lanspeed, the SD card test, what they share.
LIB_SRCS += $(addprefix user/lib/storage/, \
	dio.c aio.c xfer.c verify.c pagecache.c workdir.c workdir_manifest.c lathist.c devid.c sdreg.c \
	devstat.c)
TESTER_SRCS += $(addprefix user/testers/drive/, \
	drive_patterns.c drive_io.c drive.c speed.c speed_small.c sdcard.c sdcard_profile.c \
	capacity.c capacity_map.c capacity_report.c capacity_device.c)

# The network: burnkit lan, client and server (user/testers/lan/).
TESTER_SRCS += $(addprefix user/testers/lan/, \
	lan.c lan_proto.c lan_session.c lan_tcp.c lan_udp.c lan_payload.c lan_report.c \
	lan_interval.c)

REF_SRCS := $(addprefix asm/ref/, \
	fpu.c int.c)

# Tuned kernels per family and architecture (asm/<arch>/).
FPU_ASM_x86_64 := $(addprefix asm/x86_64/, \
	fpu_sse2.S fpu_avx2.S fpu_avx2_xmm.S fpu_avx512.S)
FPU_ASM_aarch64 := asm/aarch64/fpu_neon.S
FPU_ASM_armv7 := asm/armv7/fpu_vfp.S asm/armv7/fpu_neon.S
INT_ASM_x86_64 := asm/x86_64/int.S
INT_ASM_aarch64 := asm/aarch64/int.S
INT_ASM_armv7 := asm/armv7/int.S
ASM_SRCS := $(FPU_ASM_$(ARCH)) $(INT_ASM_$(ARCH))

UNIT_SRCS := $(wildcard tests/unit/*.c tests/unit/helpers/*.c) tests/tools/jsoncheck.c
ASM_TEST_SRCS := $(wildcard tests/asm/*.c)

# ---------------------------------------------------------------- objects
LOOP_COUNTS_C := $(BUILD)/gen/loopcounts_table.c
LOOP_COUNTS_OBJ := $(BUILD)/gen/loopcounts_table.o
obj = $(patsubst %,$(BUILD)/%.o,$(basename $(1)))
CORE_OBJS := $(call obj,$(LIB_SRCS) $(TESTER_SRCS) $(SUITE_SRCS) $(REF_SRCS) $(ASM_SRCS)) \
	$(LOOP_COUNTS_OBJ)
RUNNER := $(BUILD)/burnkit

.PHONY: all cross static check test run bench install clean kmod dkms-install \
	unit-test asm-test cli-test ansible-test fuzz-test cross-test inspect-test checkpatch deps deps-build \
	lfk-test lfk-wrong
.DEFAULT_GOAL := all

all: $(RUNNER)

$(RUNNER): $(call obj,user/main.c) $(CORE_OBJS)
	$(CC) $(CFLAGS) $(ARCH_CFLAGS) $(LDSTATIC) -o $@ $^ $(BK_LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(BK_CPPFLAGS) $(BK_CFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/%.o: %.S
	@mkdir -p $(@D)
	$(CC) $(BK_CPPFLAGS) $(BK_ASFLAGS) -c $< -o $@

# The loop counts the .S files document, as a C table: one source for the
# MIPS of `burnkit int` and the checks of `burnkit inspect`.
$(LOOP_COUNTS_C): scripts/loop_counts.sh $(ASM_SRCS)
	@mkdir -p $(@D)
	scripts/loop_counts.sh $(ASM_SRCS) > $@.tmp && mv $@.tmp $@

$(LOOP_COUNTS_OBJ): $(LOOP_COUNTS_C)
	$(CC) $(BK_CPPFLAGS) $(BK_CFLAGS) $(CFLAGS) -c $< -o $@

# The references are the oracle: IEEE operations in source order, no contraction.
$(BUILD)/asm/ref/%.o: BK_CFLAGS += -ffp-contract=off
# So are the Livermore kernels and checksums: the reference table is exact.
$(call obj,$(LFK_SRCS)): BK_CFLAGS += -ffp-contract=off
$(call obj,user/testers/livermore/livermore.c): BK_CPPFLAGS += -DLFK_OPT='"$(patsubst -O%,%,$(OPT))"'

-include $(patsubst %.o,%.d,$(CORE_OBJS) $(call obj,user/main.c $(UNIT_SRCS) $(ASM_TEST_SRCS)))

# ---------------------------------------------------------------- other arches
CROSS_ARCHES := $(filter-out $(HOST_ARCH),x86_64 aarch64 armv7)
ifeq ($(HOST_ARCH),x86_64)
CROSS_ARCHES := aarch64 armv7
endif

# One static runner per architecture (build/ARCH/burnkit), each built by one
# target: make -j runs the cross tests and the VM guests that use it side by side.
RUNNER_TARGETS := $(addprefix runner-,$(HOST_ARCH) $(CROSS_ARCHES))
.PHONY: $(RUNNER_TARGETS)
runner-$(HOST_ARCH):
	$(MAKE) --no-print-directory BUILD=build/$(HOST_ARCH) LDSTATIC=-static all

$(addprefix runner-,$(CROSS_ARCHES)): runner-%:
	$(MAKE) --no-print-directory ARCH=$* BUILD=build/$* all

cross: $(addprefix runner-,$(CROSS_ARCHES))

static: runner-$(HOST_ARCH)

# ---------------------------------------------------------------- tests
UNIT := $(BUILD)/tests/unit/unit
# The bench's Arm core model and goal verdicts are unit-tested too
# (tests/unit/test_arm_model.c, test_fpu_report.c).
$(UNIT): $(call obj,$(UNIT_SRCS) scripts/bench/arm_model_calc.c scripts/bench/fpu_report.c) $(CORE_OBJS)
	$(CC) $(CFLAGS) -o $@ $^ $(BK_LDLIBS) $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)

ASM_TEST := $(BUILD)/tests/asm/asm_test
$(ASM_TEST): $(call obj,$(ASM_TEST_SRCS)) $(call obj,$(REF_SRCS) $(ASM_SRCS) user/lib/dispatch.c user/lib/util.c)
	$(CC) $(CFLAGS) $(ARCH_CFLAGS) $(LDSTATIC) -o $@ $^ $(BK_LDLIBS)

unit-test: $(UNIT)
	BURNKIT_FIXTURES=tests/unit/fixtures $(UNIT) --jobs 2

# Under qemu, ARMv7 runs a second time on a VFPv3-D16 CPU without NEON
# (Cortex-R5F): the VFP kernels must keep to d0-d15 and the NEON ones skip.
ASM_TEST_CPU_armv7 := cortex-r5f
asm-test: $(ASM_TEST)
	$(EMULATOR) $(ASM_TEST)
	$(if $(and $(EMULATOR),$(ASM_TEST_CPU_$(ARCH))),$(EMULATOR) -cpu $(ASM_TEST_CPU_$(ARCH)) $(ASM_TEST))

# Livermore checksums across optimisation levels and ISAs: kernels.c and
# sums.c built four ways, each against the reference table (tests/livermore/
# lfk_check.c); the cross builds under qemu-user. Without fused multiply-adds
# every checksum must be bit-exact; with them (-ffp-contract=fast: FMA3 on
# x86-64, fmadd on AArch64, VFPv4 on ARMv7), within LFK_REL_TOL.
LFK_DIR := $(BUILD)/tests/livermore
LFK_NATIVE := $(if $(EMULATOR),,-march=native)
LFK_FMA_armv7 := -mfpu=neon-vfpv4
LFK_FLAGS_O0 := -O0 -ffp-contract=off
LFK_FLAGS_O2 := -O2 -ffp-contract=off
LFK_FLAGS_O3 := -O3 $(LFK_NATIVE) -ffp-contract=off
LFK_FLAGS_fused := -O3 $(LFK_NATIVE) -ffp-contract=fast $(LFK_FMA_$(ARCH))
LFK_VARIANTS := O0 O2 O3 fused

$(LFK_DIR)/lfk_check_%: tests/livermore/lfk_check.c $(LFK_SRCS) user/testers/livermore/lfk.h
	@mkdir -p $(@D)
	$(CC) -std=c11 -Wall -Wextra -Werror $(ARCH_CFLAGS) $(LFK_FLAGS_$*) $(LDSTATIC) \
		-Iuser/testers/livermore -o $@ tests/livermore/lfk_check.c $(LFK_SRCS) -lm

lfk-test: $(addprefix $(LFK_DIR)/lfk_check_,$(LFK_VARIANTS))
	@$(foreach v,$(LFK_VARIANTS),$(EMULATOR) $(LFK_DIR)/lfk_check_$(v) $(if $(filter fused,$(v)),,--exact) \
		"$(ARCH) $(v): $(strip $(LFK_FLAGS_$(v)))" &&) true

# A runner whose kernel 7 has a coefficient off by 1e-9 (LFK_WRONG_COEFFICIENT):
# tests/cli/livermore.sh sees it reported with loop, part and pass.
LFK_WRONG_OBJ := $(LFK_DIR)/kernels_wrong.o
LFK_WRONG_RUNNER := $(LFK_DIR)/burnkit-wrong
$(LFK_WRONG_OBJ): user/testers/livermore/kernels.c
	@mkdir -p $(@D)
	$(CC) $(BK_CPPFLAGS) -DLFK_WRONG_COEFFICIENT $(BK_CFLAGS) -ffp-contract=off $(CFLAGS) -c $< -o $@

$(LFK_WRONG_RUNNER): $(call obj,user/main.c) $(LFK_WRONG_OBJ) \
		$(filter-out $(call obj,user/testers/livermore/kernels.c),$(CORE_OBJS))
	$(CC) $(CFLAGS) $(ARCH_CFLAGS) $(LDSTATIC) -o $@ $^ $(BK_LDLIBS)

lfk-wrong: $(LFK_WRONG_RUNNER)

FUZZ := build/fuzz/params_fuzz
$(FUZZ): tests/fuzz/params_fuzz.c user/lib/params.c user/lib/unended.c user/lib/params_show.c user/lib/util.c user/lib/json.c user/lib/log.c
	@mkdir -p $(@D)
	clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -D_GNU_SOURCE \
		-DBK_VERSION='"$(VERSION)"' -Iinclude -Iuser/lib -o $@ $^

FUZZ_SECONDS ?= 30
# libFuzzer's progress goes to build/fuzz/fuzz.log; the end of it is shown.
fuzz-test: $(FUZZ)
	@mkdir -p build/fuzz/corpus
	@echo "fuzzing the parameter parser for $(FUZZ_SECONDS) s"
	@$(FUZZ) -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
		build/fuzz/corpus tests/fuzz/seeds > build/fuzz/fuzz.log 2>&1 || \
		{ tail -n 60 build/fuzz/fuzz.log; exit 1; }
	@grep -E '^Done|number_of_executed_units|new_units_added' build/fuzz/fuzz.log

JSONL_CHECK := build/tests/tools/jsonl_check
$(JSONL_CHECK): tests/tools/jsonl_check.c tests/tools/jsoncheck.c
	@mkdir -p $(@D)
	$(HOSTCC_) -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -O2 -o $@ $^

# End-to-end command-line tests (TAP), each taking RUNNER [EMULATOR].
CLI_TESTS := cli supported activity kerrors capacity fpu int inspect paging drive cook livermore lan rss gpu compare html prom junit
# Nothing lost, nothing misleading: start anywhere, strict input, own files only, endings.
CLI_TESTS += newcomer strict workdir endings unended voice
# A bench that says when it cannot be believed.
CLI_TESTS += bench_drive bench_fpu_loops bench_fpu_verdicts

FS_SHUTDOWN := build/tests/tools/fs_shutdown
$(FS_SHUTDOWN): tests/tools/fs_shutdown.c
	@mkdir -p $(@D)
	$(HOSTCC_) -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -O2 -o $@ $^

# burnkit lan's tests: a relay that flips one byte, a server that is not burnkit.
LAN_RELAY := build/tests/tools/lan_relay
$(LAN_RELAY): tests/tools/lan_relay.c
	@mkdir -p $(@D)
	$(HOSTCC_) -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -O2 -o $@ $^

# run_cli_tests RUNNER [EMULATOR]: each of CLI_TESTS, and the seconds it took.
run_cli_tests = for t in $(CLI_TESTS); do start=$$(date +%s); \
		tests/cli/$$t.sh $(1) $(2) || exit 1; \
		echo "\# tests/cli/$$t.sh ($(1)): $$(($$(date +%s) - start)) s"; done

cli-test: all $(JSONL_CHECK) $(FS_SHUTDOWN) $(LFK_WRONG_RUNNER) $(LAN_RELAY)
	@$(call run_cli_tests,$(RUNNER))

# Cross runners under qemu-user: the kernels against their references, and
# the command-line tests end to end.
cross-test: $(addprefix cross-test-,$(CROSS_ARCHES))

cross-test-%: runner-% $(JSONL_CHECK) $(FS_SHUTDOWN) $(LAN_RELAY)
	$(MAKE) --no-print-directory ARCH=$* BUILD=build/$* BK_CHECK= all asm-test lfk-test lfk-wrong
	@$(call run_cli_tests,build/$*/burnkit,$(QEMU_$*))

# Every registered kernel's loop body, counted in the disassembly, against
# the counts its .S file documents: the host runner, then each cross runner
# inspecting itself under qemu-user with its cross objdump; then the Arm
# model bench over those counts (after the cross runners it reads are built).
inspect-test: all cross
	$(RUNNER) inspect
	$(foreach a,$(CROSS_ARCHES),$(QEMU_$(a)) build/$(a)/burnkit inspect &&) true
	tests/cli/bench_arm_model.sh $(RUNNER)

# The Ansible playbook against this machine (-c local), after its syntax check.
ansible-test: all
	tests/ansible/burnin.sh $(RUNNER)

# The kernel's own style checker over kmod/ (fetched once into build/).
checkpatch:
	scripts/checkpatch.sh

HOST_SUITES := unit-test asm-test lfk-test cli-test ansible-test \
	$(addprefix cross-test-,$(CROSS_ARCHES)) inspect-test fuzz-test checkpatch
test: all $(HOST_SUITES) vm-test

deps:
	@scripts/deps.sh check $(VM_ARCHES)

deps-build:
	@scripts/deps.sh build

# make check runs CHECK_JOBS targets at once (default: the CPUs, at most one
# per 1.5 GiB of MemAvailable: a guest takes up to 1 GiB), each target's
# output printed whole when it ends.
CHECK_JOBS ?= $(shell scripts/check_jobs.sh)
check: deps
	@echo "make check: $(CHECK_JOBS) jobs side by side (CHECK_JOBS=N to change);" \
		"the output of each suite and VM guest appears when it ends"
	$(MAKE) --no-print-directory -j$(CHECK_JOBS) --output-sync=target BK_CHECK=1 test

run: deps-build
	$(MAKE) --no-print-directory all
	scripts/run.sh

bench: all
	@scripts/deps.sh bench
	@for b in scripts/bench/*.sh; do echo "== $$b"; $$b || exit 1; done

# ---------------------------------------------------------------- install
install: all
	install -d $(DESTDIR)$(BINDIR)
	install -m 0755 $(RUNNER) $(DESTDIR)$(BINDIR)/burnkit
	$(if $(wildcard build/kmod/burnkit.ko),$(MAKE) --no-print-directory kmod-install)

# The module: kmod, kmod-guests, kmod-install, dkms-install, vm-test.
include kmod/kmod.mk

# make check in two lanes, each one target after another: the host suites
# (they share the machine's loopback ports, network namespaces and CPU time),
# then the last guests of the VM matrix; beside them its first
# CHECK_VM_BESIDE guests (the longest: the two lanes take about as long on
# two CPUs). Without the lanes make would start guests before the suites.
# On a 2-vCPU Zen 1 host, with 4 beside, a fresh clone's lanes ended 1646 s
# (the guests) and about 1716 s (the suites) in, then the suites' lane ran
# x86_64 6.12's 95 s and the last two guests' 25 s: 5 beside evens them.
CHECK_VM_BESIDE ?= 5
# one_after_another TARGET...: each TARGET after the one before it.
one_after_another = $(if $(word 2,$(1)),$(eval $(word 2,$(1)): | $(word 1,$(1)))$(call \
	one_after_another,$(wordlist 2,$(words $(1)),$(1))))
ifeq ($(BK_CHECK),1)
$(call one_after_another,$(HOST_SUITES) \
	$(wordlist $(shell expr $(CHECK_VM_BESIDE) + 1),$(words $(VM_GUEST_TARGETS)),$(VM_GUEST_TARGETS)))
$(call one_after_another,$(wordlist 1,$(CHECK_VM_BESIDE),$(VM_GUEST_TARGETS)))
endif

clean:
	rm -rf build
