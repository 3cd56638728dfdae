/* SPDX-License-Identifier: MIT */
/*
 * inspect_classify: reading objdump's output for `burnkit inspect`. Parses
 * the lines of `objdump -t` (symbols), `objdump -f` (architecture) and
 * `objdump -d --no-show-raw-insn` (instructions), and puts every instruction
 * in the class the kernels' "Loop body" lines count it in, by a table of
 * rules per architecture. Any architecture can be read on any host, so the
 * tests feed it canned lines of all three.
 */
#ifndef BK_INSPECT_CLASSIFY_H
#define BK_INSPECT_CLASSIFY_H

#include <stddef.h>

#include "loopcounts.h"

enum insp_arch { INSP_X86_64, INSP_AARCH64, INSP_ARMV7, INSP_ARCHES };

struct insp_arch_info {
	const char *name;		/* as burnkit names it: "aarch64" */
	const char *objdump_arch;	/* how `objdump -f` starts its architecture */
	const char *cross_objdump;	/* Debian's objdump for it on another host */
	const char *cross_package;	/* the package of that objdump */
	const char *comment;		/* objdump's comments in operands start here */
};

const struct insp_arch_info *insp_arch_info(enum insp_arch arch);
/* The architecture this runner was built for. */
enum insp_arch insp_own_arch(void);

/*
 * From the output of `objdump -f FILE`: the architecture it names, or -1
 * when it names none burnkit knows (objdump did not understand the file).
 */
int insp_objdump_arch(const char *f_output);

/* One line of `objdump -t`: the symbol's address and name. 1, or 0 if none. */
int insp_parse_symbol(const char *line, unsigned long long *addr, char *name,
		      size_t len);

struct insp_insn {
	unsigned long long addr;
	char mnemonic[32];
	char operands[160];	/* objdump's comment removed */
};

/* One line of `objdump -d --no-show-raw-insn`. 1 for an instruction, else 0. */
int insp_parse_insn(enum insp_arch arch, const char *line, struct insp_insn *insn);

/* The class of an instruction, by the rules of its architecture. */
enum bk_iclass insp_classify(enum insp_arch arch, const struct insp_insn *insn);

#endif
