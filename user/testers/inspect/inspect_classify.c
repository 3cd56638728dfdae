// SPDX-License-Identifier: MIT
/* inspect_classify: objdump's lines parsed, instructions classified by table. */
#include "inspect_classify.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const struct insp_arch_info arch_info[INSP_ARCHES] = {
	[INSP_X86_64] = { "x86_64", "i386:x86-64", "x86_64-linux-gnu-objdump",
			  "binutils-x86-64-linux-gnu", "#" },
	[INSP_AARCH64] = { "aarch64", "aarch64", "aarch64-linux-gnu-objdump",
			   "binutils-aarch64-linux-gnu", "//" },
	[INSP_ARMV7] = { "armv7", "arm", "arm-linux-gnueabihf-objdump",
			 "binutils-arm-linux-gnueabihf", "@" },
};

const struct insp_arch_info *insp_arch_info(enum insp_arch arch)
{
	return &arch_info[arch];
}

enum insp_arch insp_own_arch(void)
{
#if defined(__x86_64__)
	return INSP_X86_64;
#elif defined(__aarch64__)
	return INSP_AARCH64;
#elif defined(__arm__)
	return INSP_ARMV7;
#else
#error "burnkit inspect: no instruction classes for this architecture"
#endif
}

int insp_objdump_arch(const char *f_output)
{
	const char *a = strstr(f_output, "architecture: ");

	if (!a)
		return -1;
	a += strlen("architecture: ");
	for (int i = 0; i < INSP_ARCHES; i++) {
		size_t n = strlen(arch_info[i].objdump_arch);

		if (!strncmp(a, arch_info[i].objdump_arch, n))
			return i;
	}
	return -1;
}

int insp_parse_symbol(const char *line, unsigned long long *addr, char *name,
		      size_t len)
{
	char *end;
	const char *last;
	size_t n;

	*addr = strtoull(line, &end, 16);
	/* a 32- or 64-bit address, all its digits written out */
	if ((end - line != 8 && end - line != 16) || (*end != ' ' && *end != '\t'))
		return 0;
	n = strlen(line);
	while (n && isspace((unsigned char)line[n - 1]))
		n--;
	last = line + n;
	while (last > end && !isspace((unsigned char)last[-1]))
		last--;
	if (last == line + n)
		return 0;
	n = (size_t)(line + n - last);
	if (n >= len)
		return 0;
	memcpy(name, last, n);
	name[n] = '\0';
	return 1;
}

/* x86 prefixes objdump prints as words before the mnemonic. */
static const char *const x86_prefixes[] = {
	"lock", "rep", "repz", "repe", "repnz", "repne", "bnd", "notrack",
	"data16", "addr32", "cs", "ds", "es", "ss", "fs", "gs", NULL,
};

static int is_x86_prefix(const char *word)
{
	for (size_t i = 0; x86_prefixes[i]; i++)
		if (!strcmp(word, x86_prefixes[i]))
			return 1;
	return 0;
}

/* Copy one whitespace-delimited word of s into w; returns what follows it. */
static const char *take_word(const char *s, char *w, size_t len)
{
	size_t n = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	while (*s && *s != ' ' && *s != '\t' && *s != '\n') {
		if (n + 1 < len)
			w[n++] = *s;
		s++;
	}
	w[n] = '\0';
	return s;
}

int insp_parse_insn(enum insp_arch arch, const char *line, struct insp_insn *insn)
{
	const char *p = line, *cut;
	char *end;
	size_t n;

	while (*p == ' ')
		p++;
	insn->addr = strtoull(p, &end, 16);
	if (end == p || end[0] != ':' || end[1] != '\t')
		return 0;
	p = take_word(end + 2, insn->mnemonic, sizeof(insn->mnemonic));
	while (arch == INSP_X86_64 && is_x86_prefix(insn->mnemonic))
		p = take_word(p, insn->mnemonic, sizeof(insn->mnemonic));
	if (!insn->mnemonic[0])
		return 0;
	while (*p == ' ' || *p == '\t')
		p++;
	cut = strstr(p, arch_info[arch].comment);
	n = cut ? (size_t)(cut - p) : strlen(p);
	if (n >= sizeof(insn->operands))
		n = sizeof(insn->operands) - 1;
	memcpy(insn->operands, p, n);
	insn->operands[n] = '\0';
	bk_rstrip(insn->operands);
	return 1;
}

/* ---------------------------------------------------------------- rules */

enum insp_match {
	M_PREFIX,	/* the mnemonic starts with the rule's */
	M_EXACT,	/* the mnemonic is the rule's */
	M_ARM,		/* A32: the rule's, then optional S and condition, .w/.n */
};

enum insp_operands {
	OP_ANY,
	OP_MEM_DST,	/* x86 AT&T: the last operand is in memory */
	OP_MEM_SRC,	/* x86 AT&T: the first operand is in memory */
};

struct insp_rule {
	const char *mnemonic;
	enum insp_match match;
	enum insp_operands operands;
	enum bk_iclass iclass;
};

/*
 * x86-64, AT&T syntax. Classes as the x86 .S files define them: a mov (any
 * width or vector form) from memory is a load and to memory a store, between
 * registers other; arithmetic by mnemonic, with or without a memory operand
 * (that operand's load is not counted again). First match wins.
 */
static const struct insp_rule x86_rules[] = {
	{ "mov", M_PREFIX, OP_MEM_DST, BK_IC_STORE },
	{ "vmov", M_PREFIX, OP_MEM_DST, BK_IC_STORE },
	{ "vmaskmov", M_PREFIX, OP_MEM_DST, BK_IC_STORE },
	{ "vpmaskmov", M_PREFIX, OP_MEM_DST, BK_IC_STORE },
	{ "push", M_EXACT, OP_ANY, BK_IC_STORE },
	{ "mov", M_PREFIX, OP_MEM_SRC, BK_IC_LOAD },
	{ "vmov", M_PREFIX, OP_MEM_SRC, BK_IC_LOAD },
	{ "vmaskmov", M_PREFIX, OP_MEM_SRC, BK_IC_LOAD },
	{ "vpmaskmov", M_PREFIX, OP_MEM_SRC, BK_IC_LOAD },
	{ "vbroadcast", M_PREFIX, OP_MEM_SRC, BK_IC_LOAD },
	{ "vpbroadcast", M_PREFIX, OP_MEM_SRC, BK_IC_LOAD },
	{ "pop", M_EXACT, OP_ANY, BK_IC_LOAD },
	{ "vfmadd", M_PREFIX, OP_ANY, BK_IC_FMA },
	{ "vfmsub", M_PREFIX, OP_ANY, BK_IC_FMA },
	{ "vfnmadd", M_PREFIX, OP_ANY, BK_IC_FMA },
	{ "vfnmsub", M_PREFIX, OP_ANY, BK_IC_FMA },
	{ "add", M_PREFIX, OP_ANY, BK_IC_ADD },
	{ "vadd", M_PREFIX, OP_ANY, BK_IC_ADD },
	{ "padd", M_PREFIX, OP_ANY, BK_IC_ADD },
	{ "vpadd", M_PREFIX, OP_ANY, BK_IC_ADD },
	{ "sub", M_PREFIX, OP_ANY, BK_IC_SUB },
	{ "vsub", M_PREFIX, OP_ANY, BK_IC_SUB },
	{ "psub", M_PREFIX, OP_ANY, BK_IC_SUB },
	{ "vpsub", M_PREFIX, OP_ANY, BK_IC_SUB },
	{ "imul", M_PREFIX, OP_ANY, BK_IC_MUL },
	{ "mul", M_PREFIX, OP_ANY, BK_IC_MUL },
	{ "vmul", M_PREFIX, OP_ANY, BK_IC_MUL },
	{ "pmul", M_PREFIX, OP_ANY, BK_IC_MUL },
	{ "vpmul", M_PREFIX, OP_ANY, BK_IC_MUL },
	{ "and", M_PREFIX, OP_ANY, BK_IC_AND },
	{ "vand", M_PREFIX, OP_ANY, BK_IC_AND },
	{ "pand", M_PREFIX, OP_ANY, BK_IC_AND },
	{ "vpand", M_PREFIX, OP_ANY, BK_IC_AND },
	{ "or", M_PREFIX, OP_ANY, BK_IC_ORR },
	{ "vor", M_PREFIX, OP_ANY, BK_IC_ORR },
	{ "por", M_PREFIX, OP_ANY, BK_IC_ORR },
	{ "vpor", M_PREFIX, OP_ANY, BK_IC_ORR },
	{ "cmp", M_PREFIX, OP_ANY, BK_IC_CMP },
	{ "vcmp", M_PREFIX, OP_ANY, BK_IC_CMP },
	{ "pcmp", M_PREFIX, OP_ANY, BK_IC_CMP },
	{ "vpcmp", M_PREFIX, OP_ANY, BK_IC_CMP },
	{ "j", M_PREFIX, OP_ANY, BK_IC_BRANCH },
	{ "loop", M_PREFIX, OP_ANY, BK_IC_BRANCH },
	{ "call", M_PREFIX, OP_ANY, BK_IC_BRANCH },
	{ "ret", M_PREFIX, OP_ANY, BK_IC_BRANCH },
	{ NULL, M_EXACT, OP_ANY, BK_IC_OTHER },
};

/*
 * AArch64. Every ld* is a load and every st* a store, whatever it moves
 * (ldp and ld1 of four registers are one instruction each); fmla/fmls and
 * the scalar multiply-adds are fma; compares include the vector forms.
 */
static const struct insp_rule aarch64_rules[] = {
	{ "ld", M_PREFIX, OP_ANY, BK_IC_LOAD },
	{ "st", M_PREFIX, OP_ANY, BK_IC_STORE },
	{ "fmla", M_PREFIX, OP_ANY, BK_IC_FMA },
	{ "fmls", M_PREFIX, OP_ANY, BK_IC_FMA },
	{ "fmadd", M_EXACT, OP_ANY, BK_IC_FMA },
	{ "fmsub", M_EXACT, OP_ANY, BK_IC_FMA },
	{ "fnmadd", M_EXACT, OP_ANY, BK_IC_FMA },
	{ "fnmsub", M_EXACT, OP_ANY, BK_IC_FMA },
	{ "madd", M_EXACT, OP_ANY, BK_IC_FMA },
	{ "msub", M_EXACT, OP_ANY, BK_IC_FMA },
	{ "mla", M_EXACT, OP_ANY, BK_IC_FMA },
	{ "mls", M_EXACT, OP_ANY, BK_IC_FMA },
	{ "fadd", M_PREFIX, OP_ANY, BK_IC_ADD },
	{ "add", M_PREFIX, OP_ANY, BK_IC_ADD },
	{ "fsub", M_PREFIX, OP_ANY, BK_IC_SUB },
	{ "sub", M_PREFIX, OP_ANY, BK_IC_SUB },
	{ "fmul", M_PREFIX, OP_ANY, BK_IC_MUL },
	{ "mul", M_EXACT, OP_ANY, BK_IC_MUL },
	{ "and", M_PREFIX, OP_ANY, BK_IC_AND },
	{ "orr", M_EXACT, OP_ANY, BK_IC_ORR },
	{ "cm", M_PREFIX, OP_ANY, BK_IC_CMP },
	{ "fcm", M_PREFIX, OP_ANY, BK_IC_CMP },
	{ "b.", M_PREFIX, OP_ANY, BK_IC_BRANCH },
	{ "b", M_EXACT, OP_ANY, BK_IC_BRANCH },
	{ "bl", M_EXACT, OP_ANY, BK_IC_BRANCH },
	{ "br", M_EXACT, OP_ANY, BK_IC_BRANCH },
	{ "blr", M_EXACT, OP_ANY, BK_IC_BRANCH },
	{ "ret", M_EXACT, OP_ANY, BK_IC_BRANCH },
	{ "cbz", M_EXACT, OP_ANY, BK_IC_BRANCH },
	{ "cbnz", M_EXACT, OP_ANY, BK_IC_BRANCH },
	{ "tbz", M_EXACT, OP_ANY, BK_IC_BRANCH },
	{ "tbnz", M_EXACT, OP_ANY, BK_IC_BRANCH },
	{ NULL, M_EXACT, OP_ANY, BK_IC_OTHER },
};

/*
 * ARMv7 A32 (UAL; objdump prints stm with writeback as stmia). ldm/stm,
 * push/pop and the VFP/NEON loads and stores are one instruction however
 * many registers they move; rsb counts as sub (the seed's listing does);
 * vmla/vmls/vfma/vfms and mla/mls are fma. Core instructions may carry S
 * and a condition: addne, subs, bne.
 */
static const struct insp_rule armv7_rules[] = {
	{ "vld", M_PREFIX, OP_ANY, BK_IC_LOAD },
	{ "vpop", M_PREFIX, OP_ANY, BK_IC_LOAD },
	{ "ld", M_PREFIX, OP_ANY, BK_IC_LOAD },
	{ "pop", M_ARM, OP_ANY, BK_IC_LOAD },
	{ "vst", M_PREFIX, OP_ANY, BK_IC_STORE },
	{ "vpush", M_PREFIX, OP_ANY, BK_IC_STORE },
	{ "st", M_PREFIX, OP_ANY, BK_IC_STORE },
	{ "push", M_ARM, OP_ANY, BK_IC_STORE },
	{ "vmla", M_PREFIX, OP_ANY, BK_IC_FMA },
	{ "vmls", M_PREFIX, OP_ANY, BK_IC_FMA },
	{ "vfma", M_PREFIX, OP_ANY, BK_IC_FMA },
	{ "vfms", M_PREFIX, OP_ANY, BK_IC_FMA },
	{ "mla", M_ARM, OP_ANY, BK_IC_FMA },
	{ "mls", M_ARM, OP_ANY, BK_IC_FMA },
	{ "vadd", M_PREFIX, OP_ANY, BK_IC_ADD },
	{ "add", M_ARM, OP_ANY, BK_IC_ADD },
	{ "adc", M_ARM, OP_ANY, BK_IC_ADD },
	{ "vsub", M_PREFIX, OP_ANY, BK_IC_SUB },
	{ "sub", M_ARM, OP_ANY, BK_IC_SUB },
	{ "sbc", M_ARM, OP_ANY, BK_IC_SUB },
	{ "rsb", M_ARM, OP_ANY, BK_IC_SUB },
	{ "rsc", M_ARM, OP_ANY, BK_IC_SUB },
	{ "vmul", M_PREFIX, OP_ANY, BK_IC_MUL },
	{ "mul", M_ARM, OP_ANY, BK_IC_MUL },
	{ "vand", M_PREFIX, OP_ANY, BK_IC_AND },
	{ "and", M_ARM, OP_ANY, BK_IC_AND },
	{ "vorr", M_PREFIX, OP_ANY, BK_IC_ORR },
	{ "orr", M_ARM, OP_ANY, BK_IC_ORR },
	{ "vcmp", M_PREFIX, OP_ANY, BK_IC_CMP },
	{ "cmp", M_ARM, OP_ANY, BK_IC_CMP },
	{ "cmn", M_ARM, OP_ANY, BK_IC_CMP },
	{ "b", M_ARM, OP_ANY, BK_IC_BRANCH },
	{ "bl", M_ARM, OP_ANY, BK_IC_BRANCH },
	{ "bx", M_ARM, OP_ANY, BK_IC_BRANCH },
	{ "blx", M_ARM, OP_ANY, BK_IC_BRANCH },
	{ "cbz", M_EXACT, OP_ANY, BK_IC_BRANCH },
	{ "cbnz", M_EXACT, OP_ANY, BK_IC_BRANCH },
	{ NULL, M_EXACT, OP_ANY, BK_IC_OTHER },
};

static const struct insp_rule *const rules[INSP_ARCHES] = {
	[INSP_X86_64] = x86_rules,
	[INSP_AARCH64] = aarch64_rules,
	[INSP_ARMV7] = armv7_rules,
};

static const char *const arm_conditions[] = {
	"eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs", "vc", "hi", "ls",
	"ge", "lt", "gt", "le", "al", NULL,
};

static int is_arm_condition(const char *s, size_t n)
{
	for (size_t i = 0; arm_conditions[i]; i++)
		if (n == 2 && !strncmp(s, arm_conditions[i], 2))
			return 1;
	return 0;
}

/* base, then optionally S and a condition in either order, then .w or .n */
static int arm_match(const char *base, const char *m)
{
	size_t b = strlen(base), n = strlen(m);

	if (n >= 2 && (!strcmp(m + n - 2, ".w") || !strcmp(m + n - 2, ".n")))
		n -= 2;
	if (n < b || strncmp(m, base, b))
		return 0;
	m += b;
	n -= b;
	if (n && m[0] == 's') {		/* S, then an optional condition */
		if (n == 1 || is_arm_condition(m + 1, n - 1))
			return 1;
	}
	if (n == 0 || is_arm_condition(m, n))
		return 1;
	return n == 3 && is_arm_condition(m, 2) && m[2] == 's';
}

/* The first and last operands of an AT&T operand list (commas inside ( ) don't split). */
static void x86_ends(const char *ops, const char **first_end, const char **last)
{
	int depth = 0;

	*first_end = NULL;
	*last = ops;
	for (const char *p = ops; *p; p++) {
		if (*p == '(' || *p == '{')
			depth++;
		else if ((*p == ')' || *p == '}') && depth)
			depth--;
		else if (*p == ',' && !depth) {
			if (!*first_end)
				*first_end = p;
			*last = p + 1;
		}
	}
	if (!*first_end)
		*first_end = ops + strlen(ops);
}

static int operands_match(enum insp_operands want, const char *ops)
{
	const char *first_end, *last, *paren;

	if (want == OP_ANY)
		return 1;
	x86_ends(ops, &first_end, &last);
	if (first_end == ops + strlen(ops))
		return 0;	/* one operand: neither a load nor a store by mov */
	if (want == OP_MEM_DST)
		return strchr(last, '(') != NULL;
	paren = strchr(ops, '(');
	return paren && paren < first_end;
}

enum bk_iclass insp_classify(enum insp_arch arch, const struct insp_insn *insn)
{
	const char *m = insn->mnemonic;

	for (const struct insp_rule *r = rules[arch]; r->mnemonic; r++) {
		int hit;

		switch (r->match) {
		case M_PREFIX:
			hit = !strncmp(m, r->mnemonic, strlen(r->mnemonic));
			break;
		case M_ARM:
			hit = arm_match(r->mnemonic, m);
			break;
		default:
			hit = !strcmp(m, r->mnemonic);
			break;
		}
		if (hit && operands_match(r->operands, insn->operands))
			return r->iclass;
	}
	return BK_IC_OTHER;
}
