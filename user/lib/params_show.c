// SPDX-License-Identifier: MIT
/* params_show: parameters as people and programs read them: --help rows,
 * --dry-run's listing, the JSON "params" object, what a value may be. */
#include "json.h"
#include "params.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void fmt_num(char *buf, size_t len, double v)
{
	if (fabs(v) >= 1e15)
		snprintf(buf, len, "%g", v);
	else
		snprintf(buf, len, "%.15g", v);
}

void bk_param_allowed(const struct bk_param *s, char *buf, size_t len)
{
	char lo[32], hi[32];

	fmt_num(lo, sizeof(lo), s->min);
	fmt_num(hi, sizeof(hi), s->max);
	switch (s->type) {
	case BK_PT_INT:
		snprintf(buf, len, "a whole number from %s to %s", lo, hi);
		break;
	case BK_PT_REAL:
		snprintf(buf, len, "a number from %s to %s", lo, hi);
		break;
	case BK_PT_SIZE:
		snprintf(buf, len,
			 "a decimal size from %s to %s bytes (suffix K, M, G, T: "
			 "binary; no hex) or N%% of RAM",
			 lo, hi);
		break;
	case BK_PT_CHOICE: {
		size_t off = (size_t)snprintf(buf, len, "one of");

		for (size_t i = 0; s->choices[i] && off < len; i++)
			off += (size_t)snprintf(buf + off, len - off, "%s %s",
						i ? "," : "", s->choices[i]);
		break;
	}
	default:
		snprintf(buf, len, "a non-empty text");
		break;
	}
}

static const char *type_hint(const struct bk_param *s)
{
	switch (s->type) {
	case BK_PT_FLAG:
		return "";
	case BK_PT_INT:
		return " N";
	case BK_PT_REAL:
		return " X";
	case BK_PT_SIZE:
		return " SIZE";
	case BK_PT_CHOICE:
		return " WHICH";
	default:
		return " TEXT";
	}
}

/* Is name in table? */
static int in_table(const struct bk_param *table, const char *name)
{
	for (size_t i = 0; table && table[i].name; i++)
		if (!strcmp(table[i].name, name))
			return 1;
	return 0;
}

/* The rows of table, but those the tester's own table overrides. */
static void help_rows(FILE *out, const struct bk_param *table, const struct bk_param *own)
{
	for (size_t i = 0; table[i].name; i++) {
		const struct bk_param *s = &table[i];
		char opt[64], allowed[256] = "";

		if (own && in_table(own, s->name))
			continue;
		snprintf(opt, sizeof(opt), "--%s%s", s->name, type_hint(s));
		if (s->type == BK_PT_INT || s->type == BK_PT_REAL ||
		    s->type == BK_PT_SIZE || s->type == BK_PT_CHOICE)
			bk_param_allowed(s, allowed, sizeof(allowed));
		fprintf(out, "  %-22s %-12s %s\n", opt, s->legacy ? s->legacy : "",
			s->help);
		if (*allowed || s->def)
			fprintf(out, "  %-22s %-12s   (%s%s%s%s)\n", "", "", allowed,
				*allowed && s->def ? "; " : "",
				s->def ? "default " : "", s->def ? s->def : "");
	}
}

void bk_params_help(FILE *out, const struct bk_param *table)
{
	fprintf(out, "  %-22s %-12s\n", "long option", "legacy word");
	if (table)
		help_rows(out, table, NULL);
	help_rows(out, bk_common_params, table);
}

void bk_params_json(const struct bk_params *p, struct bk_json *j)
{
	for (size_t i = 0; i < p->n; i++) {
		const struct bk_param *s = p->spec[i];
		const struct bk_value *v = &p->val[i];

		if (!strcmp(s->name, "help") || !strcmp(s->name, "dry-run"))
			continue;
		switch (s->type) {
		case BK_PT_FLAG:
			bk_json_bool(j, s->name, v->set);
			break;
		case BK_PT_INT:
			if (v->set)
				bk_json_int(j, s->name, v->i);
			else
				bk_json_null(j, s->name);
			break;
		case BK_PT_REAL:
			if (v->set)
				bk_json_real(j, s->name, v->r);
			else
				bk_json_null(j, s->name);
			break;
		case BK_PT_SIZE:
			if (v->set && !v->percent)
				bk_json_int(j, s->name, v->i);
			else if (v->set)
				bk_json_str(j, s->name, v->s);
			else
				bk_json_null(j, s->name);
			break;
		case BK_PT_LIST:
			bk_json_array_begin(j, s->name);
			for (size_t k = 0; k < v->nlist; k++)
				bk_json_str(j, NULL, v->list[k]);
			bk_json_array_end(j);
			break;
		default:
			if (v->set)
				bk_json_str(j, s->name, v->s);
			else
				bk_json_null(j, s->name);
			break;
		}
	}
}

void bk_params_print(FILE *out, const struct bk_params *p)
{
	fprintf(out, "burnkit %s, resolved parameters:\n", p->tester);
	for (size_t i = 0; i < p->n; i++) {
		const struct bk_param *s = p->spec[i];
		const struct bk_value *v = &p->val[i];
		const char *origin = v->given ? "given" : v->set ? "default" : "unset";

		if (!strcmp(s->name, "help") || !strcmp(s->name, "dry-run"))
			continue;
		fprintf(out, "  %-16s %-12s ", s->name, s->legacy ? s->legacy : "-");
		if (s->type == BK_PT_FLAG)
			fprintf(out, "%s", v->set ? "yes" : "no");
		else if (s->type == BK_PT_LIST) {
			for (size_t k = 0; k < v->nlist; k++)
				fprintf(out, "%s\"%s\"", k ? ", " : "", v->list[k]);
			if (!v->nlist)
				fprintf(out, "-");
		} else if (v->set)
			fprintf(out, "%s", v->s);
		else
			fprintf(out, "-");
		fprintf(out, "  (%s)\n", origin);
	}
}
