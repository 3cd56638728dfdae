// SPDX-License-Identifier: MIT
/*
 * burnkit inspect's reading of objdump: symbol lines, architecture lines,
 * instruction lines, and the class of instructions of all three
 * architectures, from canned objdump output (GNU objdump 2.40 layout).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "testers/inspect/inspect_classify.h"

Test(inspect, symbol_lines_give_address_and_name)
{
	unsigned long long a;
	char name[64];

	cr_assert(insp_parse_symbol("000000000000c1a0 l       .text\t0000000000000000"
				    "              bk_loop_fpu32_ops2_x86_64_sse2\n",
				    &a, name, sizeof(name)));
	cr_assert_eq(a, 0xc1a0);
	cr_assert_str_eq(name, "bk_loop_fpu32_ops2_x86_64_sse2");
	cr_assert(insp_parse_symbol("00018de0 l       .text\t00000000 bk_loop_int_check_armv7",
				    &a, name, sizeof(name)));
	cr_assert_eq(a, 0x18de0);
	cr_assert_str_eq(name, "bk_loop_int_check_armv7");
	cr_assert(insp_parse_symbol("000000000002b769 l       *ABS*\t0000000000000000"
				    "              bk_loop_end_int_read_x86_64",
				    &a, name, sizeof(name)));
	cr_assert_eq(a, 0x2b769);
	/* not symbols */
	cr_assert_not(insp_parse_symbol("SYMBOL TABLE:", &a, name, sizeof(name)));
	cr_assert_not(insp_parse_symbol("build/burnkit:     file format elf64-x86-64",
					&a, name, sizeof(name)));
	cr_assert_not(insp_parse_symbol("add 1 2", &a, name, sizeof(name)));
	cr_assert_not(insp_parse_symbol("", &a, name, sizeof(name)));
	/* a name longer than the buffer is refused, not cut */
	cr_assert_not(insp_parse_symbol("00018de0 l .text 00000000 bk_loop_a_very_long_name",
					&a, name, 8));
}

Test(inspect, objdump_f_names_the_architecture)
{
	cr_assert_eq(insp_objdump_arch("\nbuild/burnkit:     file format elf64-x86-64\n"
				       "architecture: i386:x86-64, flags 0x00000150:\n"),
		     INSP_X86_64);
	cr_assert_eq(insp_objdump_arch("architecture: aarch64, flags 0x00000112:"),
		     INSP_AARCH64);
	cr_assert_eq(insp_objdump_arch("architecture: armv7, flags 0x00000112:"),
		     INSP_ARMV7);
	cr_assert_eq(insp_objdump_arch("file format elf64-little\n"
				       "architecture: UNKNOWN!, flags 0x00000112:"), -1);
	cr_assert_eq(insp_objdump_arch("objdump: x: file format not recognized"), -1);
}

Test(inspect, instruction_lines_parsed_comments_dropped)
{
	struct insp_insn i;

	cr_assert(insp_parse_insn(INSP_X86_64, "    fa60:\tadd    (%rdi),%r8d", &i));
	cr_assert_eq(i.addr, 0xfa60);
	cr_assert_str_eq(i.mnemonic, "add");
	cr_assert_str_eq(i.operands, "(%rdi),%r8d");
	cr_assert(insp_parse_insn(INSP_X86_64, "  401000:\tmov    0x2f(%rip),%eax"
				  "        # 401035 <x>", &i));
	cr_assert_str_eq(i.operands, "0x2f(%rip),%eax");
	cr_assert(insp_parse_insn(INSP_X86_64, "  401010:\tcs nopw 0x0(%rax,%rax,1)", &i));
	cr_assert_str_eq(i.mnemonic, "nopw", "prefix words skipped: %s", i.mnemonic);
	cr_assert(insp_parse_insn(INSP_X86_64, "  401020:\tret", &i));
	cr_assert_str_eq(i.mnemonic, "ret");
	cr_assert_str_eq(i.operands, "");

	cr_assert(insp_parse_insn(INSP_AARCH64, "  4089e8:\tb.ne\t4088a0 "
				  "<bk_loop_int_check_aarch64>  // b.any", &i));
	cr_assert_eq(i.addr, 0x4089e8);
	cr_assert_str_eq(i.mnemonic, "b.ne");
	cr_assert_str_eq(i.operands, "4088a0 <bk_loop_int_check_aarch64>");

	cr_assert(insp_parse_insn(INSP_ARMV7, "   18de0:\tldm\tr0!, {r4, r5, r6, r7}", &i));
	cr_assert_str_eq(i.mnemonic, "ldm");
	cr_assert_str_eq(i.operands, "r0!, {r4, r5, r6, r7}");
	cr_assert(insp_parse_insn(INSP_ARMV7, "   10a40:\tldr\tr3, [pc, #12]\t"
				  "@ 10a54 <x+0x14>", &i));
	cr_assert_str_eq(i.operands, "r3, [pc, #12]", "ARM keeps # immediates: %s",
			 i.operands);

	/* not instructions */
	cr_assert_not(insp_parse_insn(INSP_X86_64, "000000000000fa60 "
				      "<bk_loop_int_read_x86_64>:", &i));
	cr_assert_not(insp_parse_insn(INSP_X86_64, "Disassembly of section .text:", &i));
	cr_assert_not(insp_parse_insn(INSP_AARCH64, "", &i));
	cr_assert_not(insp_parse_insn(INSP_ARMV7, "\t...", &i));
}

struct classify_case {
	enum insp_arch arch;
	const char *line;
	enum bk_iclass want;
};

/* Instructions as objdump prints them in burnkit's kernels, and near misses. */
static const struct classify_case cases[] = {
	/* x86-64, AT&T: mov by direction, ALU by mnemonic with memory operands */
	{ INSP_X86_64, " 1:\tmov    %rdx,0x8(%rdi)", BK_IC_STORE },
	{ INSP_X86_64, " 1:\tmovl   $0x0,(%rdi)", BK_IC_STORE },
	{ INSP_X86_64, " 1:\tmov    0x4(%rdi,%rax,4),%eax", BK_IC_LOAD },
	{ INSP_X86_64, " 1:\tmov    %edx,%eax", BK_IC_OTHER },
	{ INSP_X86_64, " 1:\tmovaps %xmm0,%xmm4", BK_IC_OTHER },
	{ INSP_X86_64, " 1:\tmovaps (%rax),%xmm0", BK_IC_LOAD },
	{ INSP_X86_64, " 1:\tmovaps %xmm0,0x10(%rax)", BK_IC_STORE },
	{ INSP_X86_64, " 1:\tvmovups (%rax),%zmm0", BK_IC_LOAD },
	{ INSP_X86_64, " 1:\tvmovups %zmm0,0x40(%rax)", BK_IC_STORE },
	{ INSP_X86_64, " 1:\tvmovups %ymm0,(%rax){%k1}", BK_IC_STORE },
	{ INSP_X86_64, " 1:\tvmaskmovps %ymm0,%ymm15,(%rax)", BK_IC_STORE },
	{ INSP_X86_64, " 1:\tadd    (%rdi),%r8d", BK_IC_ADD },
	{ INSP_X86_64, " 1:\tadd    $0x80,%rdi", BK_IC_ADD },
	{ INSP_X86_64, " 1:\tsub    0x10(%rdi),%r8d", BK_IC_SUB },
	{ INSP_X86_64, " 1:\tand    %eax,%r8d", BK_IC_AND },
	{ INSP_X86_64, " 1:\tor     %eax,%r10d", BK_IC_ORR },
	{ INSP_X86_64, " 1:\tcmp    %rsi,%rdi", BK_IC_CMP },
	{ INSP_X86_64, " 1:\tjne    fa60 <bk_loop_int_read_x86_64>", BK_IC_BRANCH },
	{ INSP_X86_64, " 1:\taddps  %xmm8,%xmm0", BK_IC_ADD },
	{ INSP_X86_64, " 1:\tsubpd  %xmm1,%xmm2", BK_IC_SUB },
	{ INSP_X86_64, " 1:\tmulps  0x20(%rsp),%xmm1", BK_IC_MUL },
	{ INSP_X86_64, " 1:\tvaddps %zmm8,%zmm0,%zmm1", BK_IC_ADD },
	{ INSP_X86_64, " 1:\tvmulpd %ymm9,%ymm1,%ymm1", BK_IC_MUL },
	{ INSP_X86_64, " 1:\tvfmadd231ps %zmm10,%zmm2,%zmm1", BK_IC_FMA },
	{ INSP_X86_64, " 1:\tvfnmadd231pd 0x40(%rsp),%ymm2,%ymm1", BK_IC_FMA },
	{ INSP_X86_64, " 1:\tpush   %rbx", BK_IC_STORE },
	{ INSP_X86_64, " 1:\tpopcnt %eax,%eax", BK_IC_OTHER },
	{ INSP_X86_64, " 1:\txor    %eax,%eax", BK_IC_OTHER },
	{ INSP_X86_64, " 1:\tcs nopw 0x0(%rax,%rax,1)", BK_IC_OTHER },
	/* AArch64: ld*, st*, FP and integer arithmetic, compares, branches */
	{ INSP_AARCH64, " 1:\tldp\tw4, w5, [x0]", BK_IC_LOAD },
	{ INSP_AARCH64, " 1:\tld1\t{v16.4s-v19.4s}, [x9]", BK_IC_LOAD },
	{ INSP_AARCH64, " 1:\tstp\tw2, w2, [x0, #8]", BK_IC_STORE },
	{ INSP_AARCH64, " 1:\tst1\t{v16.4s-v19.4s}, [x9], #64", BK_IC_STORE },
	{ INSP_AARCH64, " 1:\tadd\tx0, x0, #0x80", BK_IC_ADD },
	{ INSP_AARCH64, " 1:\tfadd\tv20.4s, v16.4s, v0.4s", BK_IC_ADD },
	{ INSP_AARCH64, " 1:\tsub\tw13, w13, w8", BK_IC_SUB },
	{ INSP_AARCH64, " 1:\tsubs\tx2, x2, #0x1", BK_IC_SUB },
	{ INSP_AARCH64, " 1:\tfmul\tv16.4s, v20.4s, v1.s[0]", BK_IC_MUL },
	{ INSP_AARCH64, " 1:\tfmla\tv16.4s, v20.4s, v1.s[1]", BK_IC_FMA },
	{ INSP_AARCH64, " 1:\tfmls\tv16.4s, v20.4s, v1.s[1]", BK_IC_FMA },
	{ INSP_AARCH64, " 1:\tand\tw12, w12, w4", BK_IC_AND },
	{ INSP_AARCH64, " 1:\torr\tw13, w13, w4", BK_IC_ORR },
	{ INSP_AARCH64, " 1:\tcmp\tx0, x1", BK_IC_CMP },
	{ INSP_AARCH64, " 1:\tb.ne\t4088a0 <x>", BK_IC_BRANCH },
	{ INSP_AARCH64, " 1:\tcbz\tx1, 4088a0 <x>", BK_IC_BRANCH },
	{ INSP_AARCH64, " 1:\tmov\tw12, #0xffffffff", BK_IC_OTHER },
	{ INSP_AARCH64, " 1:\tmovi\tv0.4s, #0x0", BK_IC_OTHER },
	{ INSP_AARCH64, " 1:\tprfm\tpldl1keep, [x0, #256]", BK_IC_OTHER },
	/* ARMv7 A32: ldm/stm, S and condition suffixes, rsb, VFP/NEON */
	{ INSP_ARMV7, " 1:\tldm\tr0!, {r4, r5, r6, r7}", BK_IC_LOAD },
	{ INSP_ARMV7, " 1:\tstmia\tr0!, {r4, r5, r6, r7, r8, r9, sl, fp}", BK_IC_STORE },
	{ INSP_ARMV7, " 1:\tpop\t{r4, r5, r6, r7, r8, r9, sl, fp, pc}", BK_IC_LOAD },
	{ INSP_ARMV7, " 1:\tvldmia\tr0, {d0-d3}", BK_IC_LOAD },
	{ INSP_ARMV7, " 1:\tvld1.32\t{d16-d19}, [r0]", BK_IC_LOAD },
	{ INSP_ARMV7, " 1:\tvst1.32\t{d16-d19}, [r0]!", BK_IC_STORE },
	{ INSP_ARMV7, " 1:\tadd\tr2, r2, r4", BK_IC_ADD },
	{ INSP_ARMV7, " 1:\taddne\tr2, r2, #1", BK_IC_ADD },
	{ INSP_ARMV7, " 1:\tadds\tr2, r2, #1", BK_IC_ADD },
	{ INSP_ARMV7, " 1:\tsub\tip, ip, r8", BK_IC_SUB },
	{ INSP_ARMV7, " 1:\tsubs\tr2, r2, #1", BK_IC_SUB },
	{ INSP_ARMV7, " 1:\trsb\tr1, r8, r1", BK_IC_SUB },
	{ INSP_ARMV7, " 1:\tand\tr2, r2, r4", BK_IC_AND },
	{ INSP_ARMV7, " 1:\torr\tr3, r3, r4", BK_IC_ORR },
	{ INSP_ARMV7, " 1:\torrs\tr0, r2, ip", BK_IC_ORR },
	{ INSP_ARMV7, " 1:\tcmp\tr0, r1", BK_IC_CMP },
	{ INSP_ARMV7, " 1:\tbne\t18de0 <x>", BK_IC_BRANCH },
	{ INSP_ARMV7, " 1:\tbls\t18de0 <x>", BK_IC_BRANCH },
	{ INSP_ARMV7, " 1:\tbcc\t18de0 <x>", BK_IC_BRANCH },
	{ INSP_ARMV7, " 1:\tbx\tlr", BK_IC_BRANCH },
	{ INSP_ARMV7, " 1:\tbic\tr0, r0, #1", BK_IC_OTHER },
	{ INSP_ARMV7, " 1:\tbics\tr0, r0, #1", BK_IC_OTHER },
	{ INSP_ARMV7, " 1:\tvadd.f32\tq8, q8, q0", BK_IC_ADD },
	{ INSP_ARMV7, " 1:\tvsub.f64\td16, d16, d0", BK_IC_SUB },
	{ INSP_ARMV7, " 1:\tvmul.f32\tq8, q10, d2[0]", BK_IC_MUL },
	{ INSP_ARMV7, " 1:\tvmla.f32\tq8, q10, d2[1]", BK_IC_FMA },
	{ INSP_ARMV7, " 1:\tvfma.f64\td16, d20, d1", BK_IC_FMA },
	{ INSP_ARMV7, " 1:\tmov\tr4, r2", BK_IC_OTHER },
	{ INSP_ARMV7, " 1:\tmovne\tr0, #1", BK_IC_OTHER },
	{ INSP_ARMV7, " 1:\tmvn\tr2, #0", BK_IC_OTHER },
	{ INSP_ARMV7, " 1:\tlsrs\tr1, r1, #5", BK_IC_OTHER },
};

Test(inspect, every_class_by_the_rules_of_each_architecture)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct insp_insn insn;
		enum bk_iclass got;

		cr_assert(insp_parse_insn(cases[i].arch, cases[i].line, &insn),
			  "not parsed: %s", cases[i].line);
		got = insp_classify(cases[i].arch, &insn);
		cr_assert_eq(got, cases[i].want, "%s: %s: got %s, want %s",
			     insp_arch_info(cases[i].arch)->name, cases[i].line,
			     bk_iclass_name(got), bk_iclass_name(cases[i].want));
	}
}

/* The loop body of int_read_armv7 as objdump prints it: 42 instructions. */
Test(inspect, a_whole_armv7_loop_body_counts_as_documented)
{
	static const char *const body[] = {
		"ldm\tr0!, {r4, r5, r6, r7}", "ldm\tr0!, {r8, r9, sl, fp}",
	};
	unsigned counts[BK_IC_COUNT] = { 0 };
	char line[128];
	struct insp_insn insn;

	/* 8 ldm, 16 add, 16 sub, cmp, bne: as the .S documents it */
	for (int g = 0; g < 4; g++) {
		for (int k = 0; k < 2; k++) {
			snprintf(line, sizeof(line), " 1:\t%s", body[k]);
			cr_assert(insp_parse_insn(INSP_ARMV7, line, &insn));
			counts[insp_classify(INSP_ARMV7, &insn)]++;
		}
		for (int w = 0; w < 4; w++) {
			snprintf(line, sizeof(line), " 1:\tadd\tr2, r2, r%d", 4 + w);
			cr_assert(insp_parse_insn(INSP_ARMV7, line, &insn));
			counts[insp_classify(INSP_ARMV7, &insn)]++;
			snprintf(line, sizeof(line), " 1:\tsub\tr3, r3, r%d", 8 + w);
			cr_assert(insp_parse_insn(INSP_ARMV7, line, &insn));
			counts[insp_classify(INSP_ARMV7, &insn)]++;
		}
	}
	cr_assert(insp_parse_insn(INSP_ARMV7, " 1:\tcmp\tr0, r1", &insn));
	counts[insp_classify(INSP_ARMV7, &insn)]++;
	cr_assert(insp_parse_insn(INSP_ARMV7, " 1:\tbne\t18de0 <bk_loop_int_read_armv7>",
				  &insn));
	counts[insp_classify(INSP_ARMV7, &insn)]++;
	cr_assert_eq(counts[BK_IC_LOAD], 8);
	cr_assert_eq(counts[BK_IC_ADD], 16);
	cr_assert_eq(counts[BK_IC_SUB], 16);
	cr_assert_eq(counts[BK_IC_CMP], 1);
	cr_assert_eq(counts[BK_IC_BRANCH], 1);
	cr_assert_eq(counts[BK_IC_OTHER], 0);
}

Test(inspect, own_architecture_is_the_build_target)
{
	const struct insp_arch_info *a = insp_arch_info(insp_own_arch());

#if defined(__x86_64__)
	cr_assert_str_eq(a->name, "x86_64");
#elif defined(__aarch64__)
	cr_assert_str_eq(a->name, "aarch64");
#else
	cr_assert_str_eq(a->name, "armv7");
#endif
	cr_assert(strstr(a->cross_objdump, "objdump"));
}
