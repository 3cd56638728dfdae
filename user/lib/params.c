// SPDX-License-Identifier: MIT
/* params: long options and Longbottom-style words, parsed strictly. */
#include "params.h"
#include "json.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const struct bk_param bk_common_params[] = {
	{ "log", "Log", BK_PT_INT, 0, 99, NULL,
	  "append the text log (Longbottom layout) to <prefix>N.txt, below", NULL },
	{ "no-config", "NoConfig", BK_PT_FLAG, 0, 0, NULL,
	  "leave the system configuration out of the text log", NULL },
	{ "pause-at-end", "PauseAtEnd", BK_PT_FLAG, 0, 0, NULL,
	  "at the end, read a typed comment from the terminal into the log", NULL },
	{ "json", NULL, BK_PT_STR, 0, 0, NULL,
	  "write JSON lines to FILE (- for standard output)", NULL },
	{ "activity", NULL, BK_PT_REAL, 0.1, 3600, NULL,
	  "every this many seconds, record what the whole machine does (CPU time "
	  "by kind, interrupts, disks, network, memory) into the JSON lines", NULL },
	{ "json-append", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "add the JSON lines to the end of FILE instead of replacing it (a suite's file)",
	  NULL },
	{ "prom", NULL, BK_PT_STR, 0, 0, NULL,
	  "at the end, write the headline figures as a node_exporter textfile "
	  "DIR/burnkit_<tester>.prom", NULL },
	{ "pmu-override", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "ARM: ask burnkit.ko for the PMU cycle counter even though "
	  "/proc/sys/kernel/perf_user_access is not 1 (recorded in the results)", NULL },
	{ "dry-run", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "print the resolved parameters and exit without running", NULL },
	{ "help", NULL, BK_PT_FLAG, 0, 0, NULL, "this help", NULL },
	{ NULL, NULL, 0, 0, 0, NULL, NULL, NULL }
};

static void set_err(char *err, size_t errlen, const char *fmt, ...)
	BK_PRINTF(3, 4);

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* "KWords (--kwords)", or "--json" for parameters without a legacy word. */
static void param_label(const struct bk_param *s, char *buf, size_t len)
{
	if (s->legacy)
		snprintf(buf, len, "%s (--%s)", s->legacy, s->name);
	else
		snprintf(buf, len, "--%s", s->name);
}

/*
 * One rule for every number: decimal only (no hex, no inf or nan): an
 * optional sign, digits, a fraction and an exponent where a real is taken.
 * [text, end) is what strtod or strtoll read.
 */
static int decimal_only(const char *text, const char *end)
{
	for (const char *c = text; c < end; c++)
		if (!isdigit((unsigned char)*c) && !strchr(".eE+-", *c))
			return -1;
	return 0;
}

static int parse_number(const char *text, int integer, double *out)
{
	char *end;

	if (!*text || isspace((unsigned char)*text))
		return -1;
	if (decimal_only(text, text + strlen(text)))
		return -1;
	errno = 0;
	if (integer) {
		long long v = strtoll(text, &end, 10);

		if (errno || *end)
			return -1;
		*out = (double)v;
	} else {
		double v = strtod(text, &end);

		if (errno || *end || !isfinite(v))
			return -1;
		*out = v;
	}
	return 0;
}

static int parse_size(const char *text, double *out, int *percent)
{
	char *end;
	double mult = 1;

	if (!*text || !(isdigit((unsigned char)*text) || *text == '.'))
		return -1;
	errno = 0;
	double v = strtod(text, &end);
	if (errno || !isfinite(v) || end == text || decimal_only(text, end))
		return -1;
	*percent = 0;
	switch (toupper((unsigned char)*end)) {
	case '\0':
		break;
	case 'K':
		mult = 1024.0;
		end++;
		break;
	case 'M':
		mult = 1024.0 * 1024;
		end++;
		break;
	case 'G':
		mult = 1024.0 * 1024 * 1024;
		end++;
		break;
	case 'T':
		mult = 1024.0 * 1024 * 1024 * 1024;
		end++;
		break;
	case '%':
		*percent = 1;
		end++;
		break;
	default:
		return -1;
	}
	if (!*percent && mult > 1 && (*end == 'B' || *end == 'b'))
		end++;
	if (*end)
		return -1;
	*out = v * mult;
	/* A size is a whole number of bytes: 1.5K is 1536, 1.1K is refused. */
	if (!*percent && *out != floor(*out))
		return -1;
	return 0;
}

/* Check and store one value. Returns 0, or -1 with err set. */
static int store_value(struct bk_params *p, size_t idx, const char *text,
		       char *err, size_t errlen)
{
	const struct bk_param *s = p->spec[idx];
	struct bk_value *v = &p->val[idx];
	char label[96], allowed[256];
	double num = 0;

	param_label(s, label, sizeof(label));
	bk_param_allowed(s, allowed, sizeof(allowed));

	switch (s->type) {
	case BK_PT_FLAG:
		v->i = 1;
		break;
	case BK_PT_INT:
	case BK_PT_REAL:
		if (parse_number(text, s->type == BK_PT_INT, &num)) {
			set_err(err, errlen,
				"bad value \"%s\" for %s: not %s; allowed: %s",
				text, label,
				s->type == BK_PT_INT ? "a whole number" : "a number",
				allowed);
			return -1;
		}
		if (num < s->min || num > s->max) {
			set_err(err, errlen,
				"bad value \"%s\" for %s: out of range; allowed: %s",
				text, label, allowed);
			return -1;
		}
		v->r = num;
		v->i = (long long)num;
		break;
	case BK_PT_SIZE: {
		int pct = 0;

		if (parse_size(text, &num, &pct)) {
			set_err(err, errlen,
				"bad value \"%s\" for %s: not a size; allowed: %s",
				text, label, allowed);
			return -1;
		}
		if (pct ? (num < 1 || num > 1000) : (num < s->min || num > s->max)) {
			set_err(err, errlen,
				"bad value \"%s\" for %s: out of range; allowed: %s",
				text, label, pct ? "1% to 1000% of RAM" : allowed);
			return -1;
		}
		v->percent = pct;
		v->r = num;
		v->i = (long long)num;
		break;
	}
	case BK_PT_CHOICE: {
		int found = 0;

		for (size_t i = 0; s->choices[i]; i++)
			if (!strcasecmp(text, s->choices[i])) {
				text = s->choices[i];
				found = 1;
			}
		if (!found) {
			set_err(err, errlen, "bad value \"%s\" for %s; allowed: %s",
				text, label, allowed);
			return -1;
		}
		break;
	}
	case BK_PT_STR:
	case BK_PT_LIST:
		if (!*text) {
			set_err(err, errlen, "empty value for %s; allowed: %s",
				label, allowed);
			return -1;
		}
		if (!strncmp(text, "--", 2)) {
			set_err(err, errlen, "bad value \"%s\" for %s: it is an option, not "
				"a value (a value may not begin with --); give %s its value",
				text, label, label);
			return -1;
		}
		if (s->type == BK_PT_LIST) {
			if (v->nlist >= BK_LIST_MAX) {
				set_err(err, errlen, "%s given more than %d times",
					label, BK_LIST_MAX);
				return -1;
			}
			v->list[v->nlist++] = text;
		}
		break;
	}
	v->s = text;
	v->set = 1;
	return 0;
}

static int mark_given(struct bk_params *p, size_t idx, const char *text,
		      char *err, size_t errlen)
{
	const struct bk_param *s = p->spec[idx];
	struct bk_value *v = &p->val[idx];
	char label[96];

	if (v->given && s->type != BK_PT_LIST) {
		param_label(s, label, sizeof(label));
		set_err(err, errlen, "%s given twice (\"%s\", then \"%s\"); give it once",
			label, v->s ? v->s : "set", text ? text : "set");
		return -1;
	}
	if (store_value(p, idx, text ? text : "", err, errlen))
		return -1;
	v->given = 1;
	return 0;
}

static long find_long(const struct bk_params *p, const char *name, size_t len)
{
	for (size_t i = 0; i < p->n; i++)
		if (strlen(p->spec[i]->name) == len &&
		    !strncmp(p->spec[i]->name, name, len))
			return (long)i;
	return -1;
}

/*
 * A legacy word spelt out in full picks its own parameter, even when its
 * first letter picks another (PauseAtEnd beside Patterns or Passes).
 */
static long find_legacy_word(const struct bk_params *p, const char *word)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->spec[i]->legacy && !strcasecmp(p->spec[i]->legacy, word))
			return (long)i;
	return -1;
}

/* The tester's own table wins a legacy letter over the common table. */
static long find_legacy(const struct bk_params *p, char c)
{
	for (size_t i = 0; i < p->n; i++) {
		const char *lw = p->spec[i]->legacy;

		if (lw && toupper((unsigned char)lw[0]) == toupper((unsigned char)c))
			return (long)i;
	}
	return -1;
}

static void legacy_list(const struct bk_params *p, char *buf, size_t len)
{
	size_t off = 0;
	char seen[128] = { 0 };

	buf[0] = '\0';
	for (size_t i = 0; i < p->n && off < len; i++) {
		const char *lw = p->spec[i]->legacy;
		unsigned char c;

		if (!lw)
			continue;
		c = (unsigned char)toupper((unsigned char)lw[0]);
		if (c < sizeof(seen) && seen[c])
			continue;
		if (c < sizeof(seen))
			seen[c] = 1;
		off += (size_t)snprintf(buf + off, len - off, "%s%c %s",
					off ? ", " : "", c, lw);
	}
}

static int add_table(struct bk_params *p, const struct bk_param *table,
		     char *err, size_t errlen)
{
	for (size_t i = 0; table && table[i].name; i++) {
		if (find_long(p, table[i].name, strlen(table[i].name)) >= 0)
			continue;	/* the tester overrides a common one */
		if (p->n >= BK_PARAMS_MAX) {
			set_err(err, errlen, "too many parameters (internal)");
			return -1;
		}
		p->spec[p->n++] = &table[i];
	}
	return 0;
}

static int apply_defaults(struct bk_params *p, char *err, size_t errlen)
{
	for (size_t i = 0; i < p->n; i++) {
		struct bk_value *v = &p->val[i];

		if (v->given || !p->spec[i]->def)
			continue;
		if (store_value(p, i, p->spec[i]->def, err, errlen))
			return -1;
		v->nlist = 0;	/* a LIST default is not an entry */
		if (p->spec[i]->type == BK_PT_LIST)
			v->list[v->nlist++] = p->spec[i]->def;
	}
	return 0;
}

/* Take the Longbottom-style words, in order. */
static int parse_legacy(struct bk_params *p, char **words, size_t nwords,
			char *err, size_t errlen)
{
	for (size_t w = 0; w < nwords; w++) {
		const char *word = words[w];
		char known[512];
		long idx;

		if (!isalpha((unsigned char)word[0])) {
			set_err(err, errlen,
				"value \"%s\" has no parameter name before it "
				"(write e.g. \"KWords 10\" or --kwords 10)", word);
			return -1;
		}
		idx = find_legacy_word(p, word);
		if (idx < 0)
			idx = find_legacy(p, word[0]);
		if (idx < 0) {
			legacy_list(p, known, sizeof(known));
			set_err(err, errlen,
				"unknown parameter \"%s\"; the first letter picks one of: %s "
				"(see burnkit %s --help)", word, known, p->tester);
			return -1;
		}
		if (p->spec[idx]->type == BK_PT_FLAG) {
			if (mark_given(p, (size_t)idx, NULL, err, errlen))
				return -1;
			continue;
		}
		if (w + 1 >= nwords) {
			char label[96];

			param_label(p->spec[idx], label, sizeof(label));
			set_err(err, errlen, "%s needs a value after \"%s\"", label, word);
			return -1;
		}
		if (mark_given(p, (size_t)idx, words[++w], err, errlen))
			return -1;
	}
	return 0;
}

int bk_params_parse(struct bk_params *p, const char *tester,
		    const struct bk_param *table, int argc, char **argv,
		    char *err, size_t errlen)
{
	char **words = NULL;
	size_t nwords = 0, total = 0;
	int rc = -1;

	memset(p, 0, sizeof(*p));
	p->tester = tester;
	if (add_table(p, table, err, errlen) ||
	    add_table(p, bk_common_params, err, errlen))
		return -1;

	for (int i = 0; i < argc; i++)
		total += strlen(argv[i]) + 1;
	p->words = malloc(total + 1);
	words = calloc(total + 1, sizeof(*words));
	if (!p->words || !words) {
		set_err(err, errlen, "out of memory");
		goto out;
	}

	char *store = p->words;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-h") || !strcmp(a, "-?")) {
			a = "--help";
		}
		if (a[0] == '-' && a[1] == '-' && a[2]) {
			const char *name = a + 2, *eq = strchr(name, '=');
			size_t len = eq ? (size_t)(eq - name) : strlen(name);
			long idx = find_long(p, name, len);
			const char *value = eq ? eq + 1 : NULL;

			if (idx < 0) {
				set_err(err, errlen,
					"unknown option \"--%.*s\" (see burnkit %s --help)",
					(int)len, name, tester);
				goto out;
			}
			if (p->spec[idx]->type == BK_PT_FLAG) {
				if (value) {
					set_err(err, errlen,
						"option --%s takes no value (got \"%s\")",
						p->spec[idx]->name, value);
					goto out;
				}
			} else if (!value) {
				if (i + 1 >= argc) {
					set_err(err, errlen, "option --%s needs a value",
						p->spec[idx]->name);
					goto out;
				}
				value = argv[++i];
			}
			if (mark_given(p, (size_t)idx, value, err, errlen))
				goto out;
			continue;
		}
		if (a[0] == '-' && !(isdigit((unsigned char)a[1]) || a[1] == '.')) {
			set_err(err, errlen,
				"unknown option \"%s\" (long options start with --; "
				"see burnkit %s --help)", a, tester);
			goto out;
		}
		/* Longbottom words: split on spaces and commas. */
		const char *c = a;

		while (*c) {
			while (*c == ' ' || *c == ',' || *c == '\t' || *c == '\n')
				c++;
			if (!*c)
				break;
			words[nwords++] = store;
			while (*c && *c != ' ' && *c != ',' && *c != '\t' && *c != '\n')
				*store++ = *c++;
			*store++ = '\0';
		}
	}
	if (parse_legacy(p, words, nwords, err, errlen))
		goto out;
	if (apply_defaults(p, err, errlen))
		goto out;
	rc = 0;
out:
	free(words);
	if (rc)
		bk_params_free(p);
	return rc;
}

void bk_params_free(struct bk_params *p)
{
	free(p->words);
	p->words = NULL;
}

static long lookup(const struct bk_params *p, const char *name)
{
	long idx = find_long(p, name, strlen(name));

	if (idx < 0) {
		fprintf(stderr, "burnkit: internal error: tester %s has no parameter %s\n",
			p->tester, name);
		abort();
	}
	return idx;
}

const struct bk_value *bk_param(const struct bk_params *p, const char *name)
{
	return &p->val[lookup(p, name)];
}

long long bk_param_int(const struct bk_params *p, const char *name)
{
	return bk_param(p, name)->i;
}

double bk_param_real(const struct bk_params *p, const char *name)
{
	return bk_param(p, name)->r;
}

const char *bk_param_str(const struct bk_params *p, const char *name)
{
	const struct bk_value *v = bk_param(p, name);

	return v->set ? v->s : NULL;
}

int bk_param_flag(const struct bk_params *p, const char *name)
{
	return bk_param(p, name)->set;
}

int bk_param_given(const struct bk_params *p, const char *name)
{
	return bk_param(p, name)->given;
}

int bk_param_exists(const struct bk_params *p, const char *name)
{
	return find_long(p, name, strlen(name)) >= 0;
}

unsigned long long bk_param_bytes(const struct bk_params *p, const char *name,
				  unsigned long long whole)
{
	const struct bk_value *v = bk_param(p, name);

	if (v->percent)
		return (unsigned long long)((double)whole * v->r / 100.0);
	return (unsigned long long)v->r;
}
