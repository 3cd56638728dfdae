// SPDX-License-Identifier: MIT
/* records: what the copies' JSON records mean: a pass with its
 * throughput, or an error the tester found. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cook.h"
#include "record/jsonread.h"

void cook_error_record(struct cook *ck, const struct cook_copy *c, double at,
			 const char *what)
{
	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(&ck->ctx->log, &j, "error");
	bk_json_int(&j, "copy", c ? c->index : -1);
	bk_json_str(&j, "test", c ? c->run->tester->name : NULL);
	if (c)
		bk_json_int(&j, "cpu", c->cpu);
	bk_json_realp(&j, "at", at, 9);
	bk_json_str(&j, "what", what);
	bk_rec_end(&ck->ctx->log, &j);
	bk_json_free(&j);
	bk_out(&ck->ctx->log, " %7.1f s  ERROR copy %d %s: %s\n", at, c ? c->index : -1,
	       c ? c->run->tester->name : "", what);
}

static void perf_record(struct cook *ck, struct cook_copy *c, const struct bk_jv *rec,
			const struct cook_pass *ps)
{
	double at = bk_jv_getnum(rec, "t", NAN) + c->offset;
	double from = isnan(ps->seconds) ? c->last_end : at - ps->seconds;
	double mhz = bk_jv_getnum(rec, "mhz", NAN);
	struct bk_json j;

	if (isnan(at))
		at = cook_t(ck);
	if (from < c->started)
		from = c->started;
	c->last_end = at;
	c->passes++;
	if (ps->value > c->best)
		c->best = ps->value;
	bk_json_init(&j);
	bk_rec_begin(&ck->ctx->log, &j, "perf");
	bk_json_int(&j, "copy", c->index);
	bk_json_str(&j, "test", c->run->tester->name);
	bk_json_int(&j, "cpu", c->cpu);
	bk_json_str(&j, "group", ps->group[0] ? ps->group : NULL);
	bk_json_uint(&j, "pass", c->passes);
	bk_json_realp(&j, "value", ps->value, 8);
	bk_json_str(&j, "unit", c->run->meter->unit);
	bk_json_realp(&j, "from", from, 9);
	bk_json_realp(&j, "at", at, 9);
	if (isnan(mhz))
		bk_json_null(&j, "mhz");
	else
		bk_json_realp(&j, "mhz", mhz, 6);
	bk_rec_end(&ck->ctx->log, &j);
	bk_json_free(&j);
	bk_out(&ck->ctx->log, " %7.1f s  copy %d %-5s cpu%-3d %10.6g %-6s %3.0f %% of its best%s%s\n",
	       at, c->index, c->run->tester->name, c->cpu, ps->value, c->run->meter->unit,
	       c->best > 0 ? 100 * ps->value / c->best : 100, ps->group[0] ? "  " : "",
	       ps->group);
}

/* What an "error" record of a copy says, in one line. */
static void describe_error(const char *line, size_t len, char *out, size_t outlen)
{
	snprintf(out, outlen, "%.*s", (int)(len > 300 ? 300 : len), line);
}

void cook_copy_line(struct cook *ck, struct cook_copy *c, char *line, size_t len)
{
	struct bk_jdoc doc;
	struct cook_pass ps;
	const char *type;
	char err[128];

	if (bk_jdoc_parse(&doc, line, len, err, sizeof(err))) {
		pr_warn("copy %d (%s) wrote a line that is not JSON: %s", c->index,
			c->run->tester->name, err);
		return;
	}
	type = bk_jv_getstr(doc.root, "type");
	if (!c->synced) {
		/* The copy's clock starts at its log; its first record is at t ~ 0. */
		c->offset = cook_t(ck) - bk_jv_getnum(doc.root, "t", 0);
		c->synced = 1;
	}
	if (c->run->meter && cook_meter_read(c->run->meter, doc.root, &ps)) {
		perf_record(ck, c, doc.root, &ps);
	} else if (type && !strcmp(type, "error")) {
		char what[400];

		describe_error(line, len, what, sizeof(what));
		ck->errors++;
		cook_error_record(ck, c, bk_jv_getnum(doc.root, "t", cook_t(ck) - c->offset) +
			     c->offset, what);
	}
	bk_jdoc_free(&doc);
}

