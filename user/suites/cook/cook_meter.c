// SPDX-License-Identifier: MIT
#include "cook_meter.h"

#include "record/timeline.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const struct bk_throughput *cook_meter_find(const char *tester)
{
	const struct bk_tester *t = bk_tester_find(tester);

	return t && t->throughput.record ? &t->throughput : NULL;
}

int cook_meter_read(const struct bk_throughput *m, const struct bk_jv *rec,
		    struct cook_pass *p)
{
	double v;

	if (!m || !bk_tl_pass_group(rec, m->record, m->group, p->group, sizeof(p->group)))
		return 0;
	v = bk_jv_getnum(rec, m->value, NAN);
	if (isnan(v))
		return 0;
	p->value = v;
	p->seconds = m->seconds ? bk_jv_getnum(rec, m->seconds, NAN) : NAN;
	return 1;
}

static int word_is(const char *w, const char *opt)
{
	size_t n = strlen(opt);

	return !strncmp(w, "--", 2) && !strncmp(w + 2, opt, n) &&
	       (w[2 + n] == '\0' || w[2 + n] == '=');
}

int cook_run_parse(struct cook_run *r, const char *text, char *err, size_t errlen)
{
	struct bk_params p;
	char name[64], perr[512];
	char *save = NULL;
	size_t n;

	memset(r, 0, sizeof(*r));
	if (bk_strlcpy(r->text, text, sizeof(r->text)) >= sizeof(r->text)) {
		snprintf(err, errlen, "--run \"%.40s...\": longer than %zu characters",
			 text, sizeof(r->text) - 1);
		return -1;
	}
	bk_strlcpy(r->storage, text, sizeof(r->storage));
	n = strcspn(r->storage, " ,\t");
	snprintf(name, sizeof(name), "%.*s", (int)(n < 63 ? n : 63), r->storage);
	r->tester = bk_tester_find(name);
	if (!name[0] || !r->tester) {
		snprintf(err, errlen, "--run \"%s\": no tester \"%s\"; see burnkit list",
			 text, name);
		return -1;
	}
	if (r->tester->flags & BK_TF_TOOL) {
		snprintf(err, errlen, "--run \"%s\": %s is a tool, not a test; cook runs "
			 "tests (see burnkit list)", text, name);
		return -1;
	}
	for (char *w = strtok_r(r->storage + n, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save)) {
		if (r->nwords == COOK_RUN_WORDS) {
			snprintf(err, errlen, "--run \"%s\": more than %d words", text,
				 COOK_RUN_WORDS);
			return -1;
		}
		if (word_is(w, "json") || word_is(w, "cpu") || word_is(w, "log")) {
			snprintf(err, errlen, "--run \"%s\": cook sets %s itself (each copy's "
				 "JSON goes to the timeline, each copy gets its own CPU)", text, w);
			return -1;
		}
		r->words[r->nwords++] = w;
	}
	r->meter = cook_meter_find(name);
	if (bk_params_parse(&p, r->tester->name, r->tester->params, r->nwords, r->words,
			    perr, sizeof(perr))) {
		snprintf(err, errlen, "--run \"%s\": %s", text, perr);
		return -1;
	}
	/* Legacy Log words set "log" too: the copies' text logs would interleave. */
	if (bk_param_given(&p, "log")) {
		snprintf(err, errlen, "--run \"%s\": Log is not for cook's copies (their "
			 "records go to cook's timeline; cook takes Log itself)", text);
		bk_params_free(&p);
		return -1;
	}
	r->gives_duration = r->meter && ((r->meter->duration_opt &&
			    bk_param_exists(&p, r->meter->duration_opt) &&
			    bk_param_given(&p, r->meter->duration_opt)) ||
			    (r->meter->duration_alt &&
			     bk_param_exists(&p, r->meter->duration_alt) &&
			     bk_param_given(&p, r->meter->duration_alt)));
	bk_params_free(&p);
	return 0;
}
