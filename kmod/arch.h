/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* The register accessors of the architecture being built. */
#ifndef BURNKIT_ARCH_H
#define BURNKIT_ARCH_H

#if defined(CONFIG_X86_64)
#include "arch/x86.h"
#elif defined(CONFIG_ARM64)
#include "arch/arm64.h"
#elif defined(CONFIG_ARM)
#include "arch/arm.h"
#else
#error "burnkit.ko supports x86-64, arm64 and arm"
#endif

#endif
