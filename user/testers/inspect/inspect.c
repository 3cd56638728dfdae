// SPDX-License-Identifier: MIT
/*
 * burnkit inspect: the loop body of every registered kernel, disassembled
 * from the runner itself by objdump and counted by instruction class, beside
 * the counts its .S file documents (the table `burnkit int` computes its
 * MIPS from), in the form of the "Assembly Code" table of Longbottom's
 * stressInt documentation. Any difference is an error naming the kernel and
 * the class, so code and documentation cannot drift apart.
 *
 * user/testers/inspect/: inspect (this file: finding the kernels, running
 * objdump through lib/child) and inspect_classify (an instruction's class,
 * per architecture).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tester.h"
#include "child.h"
#include "inspect_classify.h"
#include "loopcounts.h"

static const struct bk_param inspect_params[] = {
	{ "objdump", NULL, BK_PT_STR, 0, 0, NULL,
	  "objdump to run (default: objdump, then the cross objdump of this "
	  "architecture: the first that reads this binary)", NULL },
	{ "binary", NULL, BK_PT_STR, 0, 0, NULL,
	  "runner to inspect (default: this one; same architecture)", NULL },
	{ "listing", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "also list each loop body, every instruction with its class", NULL },
	BK_PARAMS_END
};

/* ---------------------------------------------------------------- commands */

static void say(char *buf, size_t len, const char *fmt, ...) BK_PRINTF(3, 4);

/* snprintf that may cut a long path short, on purpose. */
static void say(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

struct text {
	char *s;
	size_t len, cap;
};

static int text_add(struct text *t, const char *data, size_t n)
{
	if (t->len + n + 1 > t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 65536;
		char *s;

		while (cap < t->len + n + 1)
			cap *= 2;
		s = realloc(t->s, cap);
		if (!s)
			return -1;
		t->s = s;
		t->cap = cap;
	}
	memcpy(t->s + t->len, data, n);
	t->len += n;
	t->s[t->len] = '\0';
	return 0;
}

/*
 * Run argv with stdout and stderr into `out`. Returns the exit status, or
 * -errno when the program could not be started.
 */
static int run_capture(char *const argv[], struct text *out)
{
	struct bk_child_spec spec = { .argv = argv, .capture = BK_CHILD_MERGE, .cpu = -1 };
	struct bk_child c;
	char buf[65536];
	ssize_t n;
	int e;

	out->len = 0;
	if (text_add(out, "", 0))
		return -ENOMEM;
	e = bk_child_start(&c, &spec);
	if (e)
		return e;
	while ((n = read(c.out_fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (text_add(out, buf, (size_t)n))
			break;
	}
	bk_child_close(&c);
	bk_child_wait(&c);
	if (c.exec_errno)
		return -c.exec_errno;
	return bk_child_code(c.status);
}

/* Is `name` an executable, by its path or on PATH? */
static int on_path(const char *name)
{
	const char *path = getenv("PATH");
	char dir[PATH_MAX], file[PATH_MAX];

	if (strchr(name, '/'))
		return access(name, X_OK) == 0;
	while (path && *path) {
		size_t n = strcspn(path, ":");

		say(dir, sizeof(dir), "%.*s", (int)n, path);
		if (snprintf(file, sizeof(file), "%s/%s", n ? dir : ".", name) <
		    (int)sizeof(file) && access(file, X_OK) == 0)
			return 1;
		path += n + (path[n] == ':');
	}
	return 0;
}

/* ---------------------------------------------------------------- objdump */

/*
 * Pick the objdump that reads `binary` as this runner's architecture: the
 * one given, or objdump, then the cross objdump. Returns 0, or an exit
 * status with the reason in why.
 */
static int pick_objdump(const char *given, const char *binary, char *chosen,
			size_t len, char *why, size_t whylen)
{
	enum insp_arch own = insp_own_arch();
	const struct insp_arch_info *info = insp_arch_info(own);
	const char *candidates[2] = { given ? given : "objdump",
				      given ? NULL : info->cross_objdump };
	struct text out = { 0 };
	int found = 0, rc = BK_EXIT_ENV;

	for (size_t i = 0; i < 2 && candidates[i]; i++) {
		char *argv[] = { (char *)candidates[i], "-f", (char *)binary, NULL };
		int st = run_capture(argv, &out), arch;

		if (st < 0)
			continue;
		found = 1;
		arch = insp_objdump_arch(out.s);
		if (arch == (int)own) {
			bk_strlcpy(chosen, candidates[i], len);
			free(out.s);
			return 0;
		}
		if (arch >= 0) {
			say(why, whylen, "%s is an %s binary and this runner is "
				 "%s: inspect it with its own runner (under qemu-user "
				 "for another architecture)", binary,
				 insp_arch_info(arch)->name, info->name);
			free(out.s);
			return BK_EXIT_USAGE;
		}
		if (st && strstr(out.s, "No such file")) {
			say(why, whylen, "cannot read %s: %s", binary, bk_rstrip(out.s));
			free(out.s);
			return BK_EXIT_USAGE;
		}
	}
	/* Nobody here reads it as ours: is it another architecture's runner? */
	for (int a = 0; a < INSP_ARCHES && found; a++) {
		char *argv[] = { (char *)insp_arch_info(a)->cross_objdump, "-f",
				 (char *)binary, NULL };

		if (a == (int)own || run_capture(argv, &out) < 0 ||
		    insp_objdump_arch(out.s) != a)
			continue;
		say(why, whylen, "%s is an %s binary and this runner is %s: inspect "
		    "it with its own runner (under qemu-user for another "
		    "architecture)", binary, insp_arch_info(a)->name, info->name);
		free(out.s);
		return BK_EXIT_USAGE;
	}
	free(out.s);
	if (given && !found)
		say(why, whylen, "cannot run --objdump %s: %s", given,
			 on_path(given) ? "it does not start" : "not found");
	else if (given)
		say(why, whylen, "%s does not read %s binaries; give the "
			 "objdump of binutils for %s", given, info->name, info->name);
	else if (!found)
		say(why, whylen, "objdump not found: install binutils "
			 "(Debian: apt-get install binutils; for a runner under "
			 "qemu-user on another architecture, %s), or give --objdump PATH",
			 info->cross_package);
	else
		say(why, whylen, "the objdump here does not read %s binaries: "
			 "install %s (it provides %s), or give --objdump PATH",
			 info->name, info->cross_package, info->cross_objdump);
	return rc;
}

/* ---------------------------------------------------------------- kernels */

struct loop_symbol {
	char name[128];
	unsigned long long addr;
};

/* One loop: a kernel's main loop, or a further one (LOOP_BEGIN_NAMED). */
struct kernel_row {
	const struct bk_variant *v;
	char name[160];		/* the kernel's symbol, or SYMBOL.LOOP */
	const char *loop;	/* LOOP of a further loop; NULL: the main one */
	const struct bk_loop_count *doc;
	int has_start, has_end;
	unsigned long long start, end;
	unsigned counted[BK_IC_COUNT];
	unsigned total;
	unsigned differs;	/* bit per class */
};

static int find_symbol(const struct loop_symbol *syms, size_t n,
		       const char *name, unsigned long long *addr)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(syms[i].name, name)) {
			*addr = syms[i].addr;
			return 1;
		}
	return 0;
}

/* The bk_loop_ symbols of the binary. Returns how many, or -1. */
static long loop_symbols(const char *objdump, const char *binary,
			 struct loop_symbol **out, char *why, size_t whylen)
{
	char *argv[] = { (char *)objdump, "-t", (char *)binary, NULL };
	struct text t = { 0 };
	struct loop_symbol *syms = NULL;
	size_t n = 0, cap = 0;
	int st = run_capture(argv, &t);

	if (st) {
		say(why, whylen, "%s -t %s failed (status %d)", objdump, binary, st);
		free(t.s);
		return -1;
	}
	for (char *line = strtok(t.s, "\n"); line; line = strtok(NULL, "\n")) {
		struct loop_symbol s;

		if (!insp_parse_symbol(line, &s.addr, s.name, sizeof(s.name)) ||
		    strncmp(s.name, "bk_loop_", 8))
			continue;
		if (n == cap) {
			struct loop_symbol *more;

			cap = cap ? cap * 2 : 64;
			more = realloc(syms, cap * sizeof(*syms));
			if (!more)
				break;
			syms = more;
		}
		syms[n++] = s;
	}
	free(t.s);
	*out = syms;
	return (long)n;
}

static void count_instructions(struct kernel_row *rows, size_t nrows,
			       const char *disasm)
{
	enum insp_arch arch = insp_own_arch();
	const char *line = disasm;

	while (line && *line) {
		const char *nl = strchr(line, '\n');
		char one[512];
		struct insp_insn insn;
		size_t n = nl ? (size_t)(nl - line) : strlen(line);

		snprintf(one, sizeof(one), "%.*s", (int)n, line);
		line = nl ? nl + 1 : NULL;
		if (!insp_parse_insn(arch, one, &insn))
			continue;
		for (size_t k = 0; k < nrows; k++) {
			struct kernel_row *r = &rows[k];

			if (!r->has_start || !r->has_end || insn.addr < r->start ||
			    insn.addr >= r->end)
				continue;
			r->counted[insp_classify(arch, &insn)]++;
			r->total++;
		}
	}
}

static void listing(struct bk_ctx *ctx, const struct kernel_row *r,
		    const char *disasm)
{
	enum insp_arch arch = insp_own_arch();
	const char *line = disasm;

	bk_out(&ctx->log, "\n %s:\n", r->name);
	while (line && *line) {
		const char *nl = strchr(line, '\n');
		char one[512];
		struct insp_insn insn;
		size_t n = nl ? (size_t)(nl - line) : strlen(line);

		snprintf(one, sizeof(one), "%.*s", (int)n, line);
		line = nl ? nl + 1 : NULL;
		if (insp_parse_insn(arch, one, &insn) && insn.addr >= r->start &&
		    insn.addr < r->end)
			bk_out(&ctx->log, "  %-7s %-12s %s\n",
			       bk_iclass_name(insp_classify(arch, &insn)),
			       insn.mnemonic, insn.operands);
	}
}

/* ---------------------------------------------------------------- output */

static void table_head(struct bk_ctx *ctx)
{
	bk_out(&ctx->log, " %-38s %5s %-8s", "kernel", "words", "");
	for (unsigned c = 0; c < BK_IC_COUNT; c++)
		bk_out(&ctx->log, "%*s", c == BK_IC_BRANCH ? 7 : 6, bk_iclass_name(c));
	bk_out(&ctx->log, " %5s\n", "total");
}

static void table_counts(struct bk_ctx *ctx, const unsigned *counts, unsigned total)
{
	for (unsigned c = 0; c < BK_IC_COUNT; c++)
		bk_out(&ctx->log, "%*u", c == BK_IC_BRANCH ? 7 : 6, counts[c]);
	bk_out(&ctx->log, " %5u", total);
}

/* Returns the number of problems this kernel has (0 or 1). */
static int table_row(struct bk_ctx *ctx, struct kernel_row *r)
{
	char status[256] = "ok";
	int bad = 0;

	if (r->doc) {
		bk_out(&ctx->log, " %-38s %5u %-8s", r->name, r->doc->words, "doc");
		table_counts(ctx, r->doc->by_class, r->doc->total);
		bk_out(&ctx->log, "\n");
	} else {
		bk_out(&ctx->log, " %-38s %5s %-8s  no \"Loop body\" line in its .S "
		       "file\n", r->name, "-", "doc");
		bad = 1;
	}
	if (!r->has_start || !r->has_end) {
		bk_out(&ctx->log, " %-38s %5s %-8s  no LOOP_BEGIN/LOOP_END markers "
		       "(bk_loop_%s) in the binary\n", "", "", "objdump", r->name);
		return 1;
	}
	bk_out(&ctx->log, " %-38s %5s %-8s", "", "", "objdump");
	table_counts(ctx, r->counted, r->total);
	if (r->doc) {
		size_t off = 0;

		for (unsigned c = 0; c < BK_IC_COUNT; c++) {
			if (r->counted[c] == r->doc->by_class[c])
				continue;
			r->differs |= 1u << c;
			off += (size_t)snprintf(status + off, sizeof(status) - off, "%s%s",
						off ? ", " : "DIFFERS: ", bk_iclass_name(c));
			if (off >= sizeof(status))
				break;
		}
		if (r->differs)
			bad = 1;
	} else {
		bk_strlcpy(status, "undocumented", sizeof(status));
	}
	bk_out(&ctx->log, "  %s\n", status);
	return bad;
}

static void class_object(struct bk_json *j, const char *key, const unsigned *counts,
			 unsigned total)
{
	bk_json_object_begin(j, key);
	for (unsigned c = 0; c < BK_IC_COUNT; c++)
		bk_json_uint(j, bk_iclass_name(c), counts[c]);
	bk_json_uint(j, "total", total);
	bk_json_object_end(j);
}

static void kernel_record(struct bk_ctx *ctx, const struct kernel_row *r)
{
	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(&ctx->log, &j, "kernel");
	bk_json_str(&j, "kernel", r->v->symbol);
	bk_json_str(&j, "loop", r->loop);
	bk_json_str(&j, "slot", r->v->slot);
	bk_json_str(&j, "isa", r->v->isa);
	if (r->doc) {
		bk_json_str(&j, "source", r->doc->source);
		bk_json_uint(&j, "line", r->doc->line);
		bk_json_uint(&j, "words", r->doc->words);
		class_object(&j, "documented", r->doc->by_class, r->doc->total);
	} else {
		bk_json_null(&j, "documented");
	}
	if (r->has_start && r->has_end)
		class_object(&j, "counted", r->counted, r->total);
	else
		bk_json_null(&j, "counted");
	bk_json_array_begin(&j, "differs");
	for (unsigned c = 0; c < BK_IC_COUNT; c++)
		if (r->differs & (1u << c))
			bk_json_str(&j, NULL, bk_iclass_name(c));
	bk_json_array_end(&j);
	bk_json_bool(&j, "match", r->doc && r->has_start && r->has_end && !r->differs);
	bk_rec_end(&ctx->log, &j);
	bk_json_free(&j);
}

/* Name every difference on stderr: kernel, class, both counts, where documented. */
static void report_problem(const struct kernel_row *r)
{
	if (!r->doc) {
		pr_fail("%s: no \"// Loop body %s: ...\" line in its .S file",
			r->name, r->name);
		return;
	}
	if (!r->has_start || !r->has_end) {
		pr_fail("%s: no bk_loop_%s/bk_loop_end_%s symbols in the binary "
			"(LOOP_BEGIN/LOOP_END in %s)", r->name, r->name,
			r->name, r->doc->source);
		return;
	}
	for (unsigned c = 0; c < BK_IC_COUNT; c++)
		if (r->differs & (1u << c))
			pr_fail("%s: %s: documented %u, counted %u in the binary (%s:%u)",
				r->name, bk_iclass_name(c), r->doc->by_class[c],
				r->counted[c], r->doc->source, r->doc->line);
}

/*
 * The registered kernel a documented loop belongs to (its name up to a
 * '.'), or NULL.
 */
static const struct bk_variant *loop_kernel(const struct bk_loop_count *d,
					    const struct bk_variant *v, size_t nv)
{
	size_t len = strcspn(d->symbol, ".");

	for (size_t k = 0; k < nv; k++)
		if (strlen(v[k].symbol) == len && !strncmp(v[k].symbol, d->symbol, len))
			return &v[k];
	return NULL;
}

/*
 * A row per loop: each registered kernel's main loop, then each further
 * loop documented for a registered kernel. Returns the count; NULL rows
 * when out of memory.
 */
static size_t loop_rows(const struct bk_variant *v, size_t nv, struct kernel_row **out)
{
	size_t nd, n = 0;
	const struct bk_loop_count *d = bk_loop_counts(&nd);
	struct kernel_row *rows = calloc(nv + nd + 1, sizeof(*rows));

	*out = rows;
	if (!rows)
		return 0;
	for (size_t i = 0; i < nv; i++) {
		rows[n].v = &v[i];
		bk_strlcpy(rows[n].name, v[i].symbol, sizeof(rows[n].name));
		n++;
	}
	for (size_t i = 0; i < nd; i++) {
		const struct bk_variant *k = strchr(d[i].symbol, '.') ?
					     loop_kernel(&d[i], v, nv) : NULL;

		if (!k)
			continue;
		rows[n].v = k;
		bk_strlcpy(rows[n].name, d[i].symbol, sizeof(rows[n].name));
		rows[n].loop = strchr(rows[n].name, '.') + 1;
		n++;
	}
	return n;
}

/*
 * Further loops marked in the binary (bk_loop_KERNEL.LOOP) without a
 * "Loop body" line, which no row counts: each is a problem, named.
 */
static int undocumented_loops(struct bk_ctx *ctx, const struct loop_symbol *syms,
			      size_t nsyms, const struct kernel_row *rows, size_t nrows)
{
	int found = 0;

	for (size_t i = 0; i < nsyms; i++) {
		const char *name = syms[i].name + strlen("bk_loop_");
		int known = 0;

		if (!strncmp(syms[i].name, "bk_loop_end_", strlen("bk_loop_end_")) ||
		    !strchr(name, '.'))
			continue;
		for (size_t k = 0; k < nrows && !known; k++)
			known = !strcmp(rows[k].name, name);
		if (known)
			continue;
		bk_out(&ctx->log, "%s %s", found ? "," : "\n Marked but not documented:", name);
		pr_fail("%s: a further loop marked in the binary (LOOP_BEGIN_NAMED) "
			"without a \"// Loop body %s: ...\" line in its .S file", name, name);
		found++;
	}
	if (found)
		bk_out(&ctx->log, "\n");
	return found;
}

/* ---------------------------------------------------------------- run */

static int inspect_supported(char *why, size_t len)
{
	const struct insp_arch_info *info = insp_arch_info(insp_own_arch());

	if (on_path("objdump") || on_path(info->cross_objdump))
		return 0;
	snprintf(why, len, "objdump not found: install binutils");
	return -1;
}

static int inspect_run(struct bk_ctx *ctx)
{
	const struct insp_arch_info *info = insp_arch_info(insp_own_arch());
	const char *binary = bk_param_str(&ctx->params, "binary");
	char self[PATH_MAX], objdump[PATH_MAX], why[1024], lo[48], hi[48];
	size_t nv, nrows;
	const struct bk_variant *v = bk_variants(&nv);
	struct kernel_row *rows;
	struct loop_symbol *syms = NULL;
	struct text disasm = { 0 }, version = { 0 };
	unsigned long long first = ~0ull, last = 0;
	long nsyms;
	int rc, problems = 0;

	nrows = loop_rows(v, nv, &rows);
	if (!rows) {
		pr_fail("out of memory");
		return BK_EXIT_ENV;
	}
	if (!binary) {
		ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

		if (n <= 0) {
			pr_fail("cannot find this runner (/proc/self/exe): %s; give "
				"--binary FILE", strerror(errno));
			free(rows);
			return BK_EXIT_ENV;
		}
		self[n] = '\0';
		binary = self;
	}
	rc = pick_objdump(bk_param_str(&ctx->params, "objdump"), binary, objdump,
			  sizeof(objdump), why, sizeof(why));
	if (rc) {
		pr_fail("%s", why);
		free(rows);
		return rc;
	}
	nsyms = loop_symbols(objdump, binary, &syms, why, sizeof(why));
	if (nsyms < 0) {
		pr_fail("%s", why);
		free(rows);
		return BK_EXIT_ENV;
	}

	for (size_t i = 0; i < nrows; i++) {
		struct kernel_row *r = &rows[i];
		char name[192];

		r->doc = bk_loop_count_find(r->name);
		snprintf(name, sizeof(name), "bk_loop_%s", r->name);
		r->has_start = find_symbol(syms, (size_t)nsyms, name, &r->start);
		snprintf(name, sizeof(name), "bk_loop_end_%s", r->name);
		r->has_end = find_symbol(syms, (size_t)nsyms, name, &r->end);
		if (r->has_start && r->has_end && r->start <= r->end) {
			if (r->start < first)
				first = r->start;
			if (r->end > last)
				last = r->end;
		} else {
			r->has_start = r->has_end = 0;
		}
	}

	if (first < last) {
		char *argv[] = { objdump, "-d", "--no-show-raw-insn", lo, hi,
				 (char *)binary, NULL };

		snprintf(lo, sizeof(lo), "--start-address=0x%llx", first);
		snprintf(hi, sizeof(hi), "--stop-address=0x%llx", last);
		if (run_capture(argv, &disasm)) {
			pr_fail("%s -d %s failed: %s", objdump, binary,
				disasm.s ? bk_rstrip(disasm.s) : "");
			free(disasm.s);
			free(syms);
			free(rows);
			return BK_EXIT_ENV;
		}
		count_instructions(rows, nrows, disasm.s);
	}
	{
		char *argv[] = { objdump, "--version", NULL };

		if (run_capture(argv, &version) == 0 && version.s)
			version.s[strcspn(version.s, "\n")] = '\0';
	}

	bk_out(&ctx->log, "\n Assembly Code - loop bodies of the %zu kernels registered "
	       "in burnkit %s (%s), %zu loops\n", nv, BK_VERSION, info->name, nrows);
	bk_out(&ctx->log, " %s, disassembled by %s (%s)\n", binary, objdump,
	       version.s && *version.s ? version.s : "version unknown");
	bk_out(&ctx->log, " Instructions per loop iteration: doc as the .S file's "
	       "\"Loop body\" line states them,\n objdump as counted in the binary "
	       "between bk_loop_KERNEL and bk_loop_end_KERNEL\n (KERNEL.LOOP: a further "
	       "loop of the kernel, taken at some sizes or on some cores)\n\n");
	table_head(ctx);
	for (size_t i = 0; i < nrows; i++) {
		problems += table_row(ctx, &rows[i]);
		kernel_record(ctx, &rows[i]);
	}
	{
		size_t nd;
		const struct bk_loop_count *d = bk_loop_counts(&nd);
		int head = 0;

		for (size_t i = 0; i < nd; i++) {
			if (loop_kernel(&d[i], v, nv))
				continue;
			bk_out(&ctx->log, "%s %s", head ? "," : "\n Documented but not "
			       "registered (not checked):", d[i].symbol);
			head = 1;
		}
		if (head)
			bk_out(&ctx->log, "\n");
	}
	problems += undocumented_loops(ctx, syms, (size_t)nsyms, rows, nrows);
	free(syms);
	if (bk_param_flag(&ctx->params, "listing"))
		for (size_t i = 0; i < nrows; i++)
			if (rows[i].has_start && rows[i].has_end)
				listing(ctx, &rows[i], disasm.s);
	if (problems)
		bk_out(&ctx->log, "\n %d of %zu loops of the %zu kernels differ from their "
		       "documented counts\n", problems, nrows, nv);
	else
		bk_out(&ctx->log, "\n All %zu loops of the %zu kernels match their documented "
		       "counts\n", nrows, nv);

	bk_json_str(&ctx->log.summary, "arch", info->name);
	bk_json_str(&ctx->log.summary, "binary", binary);
	bk_json_str(&ctx->log.summary, "objdump", objdump);
	bk_json_uint(&ctx->log.summary, "kernels", nv);
	bk_json_uint(&ctx->log.summary, "loops", nrows);
	bk_json_uint(&ctx->log.summary, "differing", (unsigned long long)problems);
	for (size_t i = 0; i < nrows; i++)
		if (!rows[i].doc || !rows[i].has_start || !rows[i].has_end ||
		    rows[i].differs)
			report_problem(&rows[i]);
	free(disasm.s);
	free(version.s);
	free(rows);
	return problems ? BK_EXIT_FAULT : BK_EXIT_OK;
}

const struct bk_tester bk_tester_inspect = {
	.name = "inspect",
	.summary = "Count each kernel's loop instructions in the binary against its .S file",
	.help = "Disassembles the runner itself (or --binary FILE of the same\n"
		"architecture) with objdump, finds the loop body of every registered\n"
		"kernel between the symbols bk_loop_KERNEL and bk_loop_end_KERNEL,\n"
		"sorts each instruction into a class (load, store, add, sub, mul, fma,\n"
		"and, orr, cmp, branch, other; rules per architecture) and prints the\n"
		"counts beside those the kernel's .S file documents, in the form of\n"
		"the \"Assembly Code\" table of the stressInt documentation. Those\n"
		"documented counts are what burnkit int computes its MIPS from.\n"
		"Exit 1 naming the kernel and class when any count differs; exit 3\n"
		"when there is no objdump for this architecture (it names the package).\n"
		"A runner of another architecture inspects itself under qemu-user,\n"
		"e.g. qemu-aarch64-static build/aarch64/burnkit inspect, finding the\n"
		"cross objdump (aarch64-linux-gnu-objdump) on PATH.",
	.params = inspect_params,
	.log_prefix = "logInspect",
	.quick = "",
	.flags = BK_TF_TOOL | BK_TF_NO_TIMER,
	.supported = inspect_supported,
	.run = inspect_run,
};
