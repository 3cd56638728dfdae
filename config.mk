# config.mk: which toolchain, which flags, where the objects go.
#
# ARCH is one of x86_64, aarch64, armv7. It defaults to what the native compiler
# targets; any other ARCH is a cross build: static, into build/ARCH/, with the
# Debian cross compiler, and run under qemu-user (EMULATOR) by the tests.

VERSION := 0.1.0

native_triplet := $(shell $(or $(HOSTCC),gcc) -dumpmachine 2>/dev/null)
ifneq ($(filter x86_64-%,$(native_triplet)),)
  HOST_ARCH := x86_64
else ifneq ($(filter aarch64-%,$(native_triplet)),)
  HOST_ARCH := aarch64
else ifneq ($(filter arm-%,$(native_triplet)),)
  HOST_ARCH := armv7
else
  HOST_ARCH := unknown
endif

ARCH ?= $(HOST_ARCH)
CROSS_x86_64 := x86_64-linux-gnu-
CROSS_aarch64 := aarch64-linux-gnu-
CROSS_armv7 := arm-linux-gnueabihf-
QEMU_x86_64 := qemu-x86_64-static
QEMU_aarch64 := qemu-aarch64-static
QEMU_armv7 := qemu-arm-static

ifeq ($(ARCH),$(HOST_ARCH))
  CROSS_COMPILE ?=
  EMULATOR ?=
  BUILD ?= build
  LDSTATIC ?=
else
  CROSS_COMPILE ?= $(CROSS_$(ARCH))
  EMULATOR ?= $(QEMU_$(ARCH))
  BUILD ?= build/$(ARCH)
  LDSTATIC ?= -static
endif

# Kernel architecture name, for the module build.
KARCH_x86_64 := x86
KARCH_aarch64 := arm64
KARCH_armv7 := arm
KARCH := $(KARCH_$(ARCH))

# ARMv7: the C code targets VFPv3-D16 so it runs on every ARMv7 core; NEON
# kernels declare `.fpu neon` themselves and are chosen at run time (HWCAP_NEON).
ARCH_CFLAGS_x86_64 :=
ARCH_CFLAGS_aarch64 :=
ARCH_CFLAGS_armv7 := -march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard -marm
ARCH_CFLAGS := $(ARCH_CFLAGS_$(ARCH))

CC := $(CROSS_COMPILE)gcc
HOSTCC_ := $(or $(HOSTCC),gcc)
OBJDUMP := $(CROSS_COMPILE)objdump

OPT ?= -O2
CFLAGS ?= $(OPT) -g
BK_CFLAGS := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wformat=2 -fno-strict-aliasing $(ARCH_CFLAGS)
# 64-bit file offsets on 32-bit ARM too: drive test files pass 2 GB, and readdir
# must not fail with EOVERFLOW on 64-bit directory cookies (qemu-arm, NFS).
BK_CPPFLAGS := -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -DBK_VERSION='"$(VERSION)"' -Iinclude -Iuser -Iuser/lib -Iuser/testers -Iasm -MMD -MP
BK_ASFLAGS := $(ARCH_CFLAGS)
BK_LDLIBS := -lpthread -lm

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DESTDIR ?=
