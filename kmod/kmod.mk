# kmod.mk: burnkit.ko, its installation and its VM tests. The top-level
# Makefile includes it; it also works alone: make -f kmod/kmod.mk TARGET.
#
#   kmod            burnkit.ko for the running kernel, or for KDIR= with
#                   ARCH= (x86_64 aarch64 armv7, or x86 arm64 arm) and
#                   CROSS_COMPILE=; result in build/kmod/burnkit.ko
#   kmod-guests     burnkit.ko for the x86_64 and aarch64 test VM kernels of
#                   every series in make check (build/kmod/ARCH/SERIES/
#                   burnkit.ko; fetches the kernels once)
#   kmod-ARCH       the same for one ARCH and VM_KERNEL= (6.1, 6.12, rt)
#   kmod-install    install build/kmod/burnkit.ko where modprobe finds it
#   dkms-install    register the sources with DKMS, build and install for
#                   the running kernel (or KVER=)
#   vm-test         boot the test VMs, one after another (make -j: side by
#                   side; VM_GUESTS: GUEST or
#                   GUEST:SERIES, see scripts/vm.sh) and run tests/vm in
#                   each (TAP); by default x86_64 and aarch64 on 6.1 and
#                   6.12, ARMv7 on 6.1 and the Raspberry Pi 3 model
#   vm-test-armv7   the ARMv7 guest on 6.1 alone
#   vm-test-rt      the same on the PREEMPT_RT kernels (VM_RT_GUESTS)

KMOD_VERSION ?= $(or $(VERSION),$(shell sed -n 's/^VERSION := //p' config.mk))

KMOD_FILES := Kbuild Makefile main.c command.c command.h \
	pmu_access.c pmu_access.h counters.c counters.h \
	calibration.c calibration.h clock.c clock.h throttle.c throttle.h \
	throttle_sources.c throttle_sources.h pagecache.c pagecache.h \
	rpi_firmware.c rpi_firmware.h netlink.c netlink.h arch.h compat.h
KMOD_ARCH_FILES := x86.h arm64.h arm.h
KMOD_GUESTS := x86_64 aarch64
KMOD_ALL_GUESTS := $(KMOD_GUESTS) armv7

kmod_karch_x86_64 := x86
kmod_karch_aarch64 := arm64
kmod_karch_armv7 := arm
kmod_cross_aarch64 := aarch64-linux-gnu-
kmod_cross_armv7 := arm-linux-gnueabihf-
kmod_cross_arm64 := aarch64-linux-gnu-
kmod_cross_arm := arm-linux-gnueabihf-
kmod_karch = $(or $(kmod_karch_$(1)),$(1))

KMOD_HOST := $(shell uname -m)
KMOD_ARCH := $(or $(ARCH),$(KMOD_HOST))
KMOD_KARCH := $(call kmod_karch,$(KMOD_ARCH))
KDIR ?= /lib/modules/$(shell uname -r)/build

# kmod_tree DIR: the module sources and abi.h copied into DIR, so that
# builds for several kernels never share objects or touch kmod/.
define kmod_tree
	@mkdir -p $(1)/arch $(1)/include/burnkit
	@cp -u $(addprefix kmod/,$(KMOD_FILES)) $(1)/
	@cp -u $(addprefix kmod/arch/,$(KMOD_ARCH_FILES)) $(1)/arch/
	@cp -u include/burnkit/abi.h $(1)/include/burnkit/
endef

# Kernels from 6.12 on build BTF for modules with pahole (Debian: dwarves);
# without it, build without BTF rather than fail.
KMOD_BTF := $(if $(shell command -v pahole 2>/dev/null),,CONFIG_DEBUG_INFO_BTF_MODULES=)

# The guests' builds (what make check boots) are W=1 clean and stay so:
# any warning of the extra set fails them. A user's build (make kmod, DKMS)
# takes the kernel's own flags.
KMOD_GUEST_W ?= W=1 KCFLAGS=-Werror

# kmod_build DIR KDIR KARCH CROSS [FLAGS] (kbuild is a make of its own: "+"
# hands it the jobserver under make -j)
define kmod_build
	$(call kmod_tree,$(1))
	+$(MAKE) --no-print-directory -C $(2) M=$(abspath $(1)) ARCH=$(3) \
		$(if $(4),CROSS_COMPILE=$(4)) $(KMOD_BTF) $(5) modules
endef

.PHONY: kmod kmod-guests kmod-install dkms-install vm-test vm-test-rt vm-test-armv7 vm-paging-test \
	$(addprefix kmod-,$(KMOD_ALL_GUESTS)) $(addprefix vm-helpers-,$(KMOD_ALL_GUESTS))

kmod:
	@test -d $(KDIR) || { echo "kmod: no kernel build tree at $(KDIR):" \
		"install the headers (linux-headers-$$(uname -r)) or give KDIR=" >&2; exit 1; }
	$(call kmod_build,build/kmod/host,$(abspath $(KDIR)),$(KMOD_KARCH),$(if $(filter $(KMOD_ARCH),$(KMOD_HOST)),$(CROSS_COMPILE),$(or $(CROSS_COMPILE),$(kmod_cross_$(KMOD_ARCH)))))
	@cp build/kmod/host/burnkit.ko build/kmod/burnkit.ko
	@echo "built build/kmod/burnkit.ko for $$(modinfo -F vermagic build/kmod/burnkit.ko | cut -d" " -f1)"

# The test VM kernels: Debian's, fetched by scripts/vm/fetch-kernel.sh into
# build/vm/ARCH/SERIES.
VM_KERNEL ?= 6.1
VM_KERNELS ?= 6.1 6.12
kmod-guests:
	@for k in $(VM_KERNELS); do \
		$(MAKE) --no-print-directory -f kmod/kmod.mk VM_KERNEL=$$k \
			$(addprefix kmod-,$(KMOD_GUESTS)) || exit 1; \
	done

$(addprefix kmod-,$(KMOD_ALL_GUESTS)): kmod-%:
	@scripts/vm/fetch-kernel.sh $* $(VM_KERNEL) build/vm/$*/$(VM_KERNEL)
	$(call kmod_build,build/kmod/$*/$(VM_KERNEL),$(abspath build/vm/$*/$(VM_KERNEL)/headers),$(call kmod_karch,$*),$(if $(filter $*,$(KMOD_HOST)),,$(kmod_cross_$*)),$(KMOD_GUEST_W))

kmod-install:
	@test -f build/kmod/burnkit.ko || { echo "kmod-install: run make kmod first" >&2; exit 1; }
	$(eval kmod_kver := $(shell modinfo -F vermagic build/kmod/burnkit.ko | cut -d' ' -f1))
	install -D -m 0644 build/kmod/burnkit.ko \
		$(DESTDIR)/lib/modules/$(kmod_kver)/extra/burnkit.ko
	$(if $(DESTDIR),,depmod -a $(kmod_kver))

KMOD_DKMS_DIR := $(DESTDIR)/usr/src/burnkit-$(KMOD_VERSION)
dkms-install:
	@command -v dkms >/dev/null || { echo "dkms-install: install dkms first (apt-get install dkms)" >&2; exit 1; }
	$(call kmod_tree,$(KMOD_DKMS_DIR))
	sed 's/@VERSION@/$(KMOD_VERSION)/' kmod/dkms.conf > $(KMOD_DKMS_DIR)/dkms.conf
	dkms add -m burnkit -v $(KMOD_VERSION) || true
	dkms build -m burnkit -v $(KMOD_VERSION) $(if $(KVER),-k $(KVER))
	dkms install -m burnkit -v $(KMOD_VERSION) $(if $(KVER),-k $(KVER))

# Small static programs the VM tests run in the guest.
VM_HELPERS := $(wildcard tests/vm/helpers/*.c)
kmod_cc_x86_64 := $(if $(filter x86_64,$(KMOD_HOST)),gcc,x86_64-linux-gnu-gcc)
kmod_cc_aarch64 := $(if $(filter aarch64,$(KMOD_HOST)),gcc,aarch64-linux-gnu-gcc)
kmod_cc_armv7 := $(if $(filter armv7l,$(KMOD_HOST)),gcc,arm-linux-gnueabihf-gcc) -march=armv7-a -mfpu=vfpv3-d16

$(addprefix vm-helpers-,$(KMOD_ALL_GUESTS)): vm-helpers-%:
	@mkdir -p build/vm/$*/helpers
	@for src in $(VM_HELPERS); do \
		out=build/vm/$*/helpers/$$(basename $$src .c); \
		if [ ! -e $$out ] || [ $$src -nt $$out ] || [ include/burnkit/abi.h -nt $$out ] || \
		   [ tests/vm/helpers/pmu_read.h -nt $$out ]; then \
			$(kmod_cc_$*) -std=c11 -O2 -Wall -Wextra -Werror -static \
				-D_GNU_SOURCE -Iinclude -o $$out $$src || exit 1; \
		fi; \
	done

# Longest first, so that guests booted side by side (make -j) end together.
VM_GUESTS ?= x86_64:6.1 armv7:6.1 aarch64:6.1 aarch64:6.12 x86_64:6.12 raspi3b:6.1
VM_RT_GUESTS ?= $(addsuffix :rt,$(KMOD_GUESTS))

# The matrix as make targets, so that make -j boots guests side by side, and
# beside the host suites in make check: vm-arch-ARCH builds what the kernels
# of ARCH share (the test helpers; the top-level Makefile adds the runner),
# vm-prep-ARCH-SERIES what the guests of one kernel share (the kernel, the
# module, the base initramfs), vm-guest-GUEST-SERIES boots one guest with
# them, and vm-test prints the totals. aarch64 on 6.1 brings the boot whose
# CPU has no PMU (aarch64-nopmu).
vm_spec = $(if $(findstring :,$(1)),$(1),$(1):6.1)
VM_MATRIX := $(foreach g,$(VM_GUESTS),$(call vm_spec,$(g)))
VM_MATRIX += $(if $(filter aarch64:6.1,$(VM_MATRIX)),aarch64-nopmu:6.1)
vm_guest = $(firstword $(subst :, ,$(1)))
vm_series = $(lastword $(subst :, ,$(1)))
vm_arch = $(if $(filter x86_64 armv7,$(call vm_guest,$(1))),$(call vm_guest,$(1)),aarch64)
vm_kernel = $(call vm_arch,$(1)):$(call vm_series,$(1))
vm_prep = vm-prep-$(subst :,-,$(call vm_kernel,$(1)))
VM_GUEST_TARGETS := $(addprefix vm-guest-,$(subst :,-,$(VM_MATRIX)))
# What the guests boot: make check has deps.sh prepare their dpkg architectures.
VM_ARCHES := $(sort $(foreach g,$(VM_MATRIX),$(call vm_arch,$(g))))
VM_KERNEL_SPECS := $(sort $(foreach g,$(VM_MATRIX),$(call vm_kernel,$(g))))

.PHONY: $(VM_GUEST_TARGETS) $(foreach k,$(VM_KERNEL_SPECS),$(call vm_prep,$(k))) \
	$(addprefix vm-arch-,$(KMOD_ALL_GUESTS))
$(addprefix vm-arch-,$(KMOD_ALL_GUESTS)): vm-arch-%: vm-helpers-% runner-%

ifndef RUNNER
# Alone (make -f kmod/kmod.mk), the runners come from the top-level Makefile.
runner-%:
	@$(MAKE) --no-print-directory runner-$*
endif

# vm_guest_rule SPEC, vm_prep_rule ARCH:SERIES (a make of its own inside, so
# given the jobserver: "+")
define vm_guest_rule
vm-guest-$(subst :,-,$(1)): $(call vm_prep,$(1))
	@VM_RUN="$$(VM_RUN)" tests/vm/vm-test.sh --one $(1)
endef
define vm_prep_rule
$(call vm_prep,$(1)): vm-arch-$(call vm_guest,$(1))
	+@scripts/vm.sh $(call vm_guest,$(1)) --kernel $(call vm_series,$(1)) --prepare
endef
$(foreach g,$(VM_MATRIX),$(eval $(call vm_guest_rule,$(g))))
$(foreach k,$(VM_KERNEL_SPECS),$(eval $(call vm_prep_rule,$(k))))

vm-test: $(VM_GUEST_TARGETS)
	@tests/vm/vm-test.sh --totals $(VM_MATRIX)

vm-test-rt:
	@$(MAKE) --no-print-directory -f $(firstword $(MAKEFILE_LIST)) vm-test VM_GUESTS="$(VM_RT_GUESTS)"

vm-test-armv7:
	@$(MAKE) --no-print-directory -f $(firstword $(MAKEFILE_LIST)) vm-test VM_GUESTS=armv7:6.1

# burnkit paging for real: a guest made small (huge pages reserved), a swap
# file on its virtio disk, swap traffic shown and the OOM path checked.
# PAGING_AVAILABLE_MB and PAGING_OVER_MB size it (tests/vm/paging.sh).
vm-paging-test:
	scripts/vm.sh x86_64 --runner -- env PAGING_AVAILABLE_MB=$(or $(PAGING_AVAILABLE_MB),64) \
		PAGING_OVER_MB=$(or $(PAGING_OVER_MB),12) paging.sh
