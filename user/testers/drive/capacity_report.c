// SPDX-License-Identifier: MIT
/* capacity_report: the verdict, the per-region table, the chart, the JSON. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "capacity.h"
#include "record/svg.h"

void cap_header(struct cap_run *c, const char *what, const char *where)
{
	char date[64];

	bk_drive_date(date, sizeof(date));
	bk_out(&c->ctx->log, "\n burnkit capacity %s, %s\n %s %s, claimed size %.1f MB "
	       "(%llu bytes), %.1f MB to fill (MB = 10^6 bytes)\n\n", BK_VERSION, date,
	       what, where, (double)c->claimed / 1e6, (unsigned long long)c->claimed,
	       (double)(c->map.total_units * BK_UNIT_BYTES) / 1e6);
}

static double rate(uint64_t bytes, double secs)
{
	return secs > 0 && bytes ? (double)bytes / 1e6 / secs : NAN;
}

static void chart(struct cap_run *c, const char *path)
{
	const struct cap_map *m = &c->map;
	const double W = 900, H = 360, L = 70, R = 20, T = 50, B = 50;
	double xs[CAP_MAX_REGIONS], ys[CAP_MAX_REGIONS], top = 0;
	struct bk_svg svg;
	char err[256];

	for (unsigned i = 0; i < m->nregions; i++) {
		double w = rate(m->regions[i].written, m->regions[i].write_s);
		double r = rate(m->regions[i].read, m->regions[i].read_s);

		if (w > top)
			top = w;
		if (r > top)
			top = r;
	}
	if (!(top > 0))
		top = 1;
	if (bk_svg_open(&svg, path, W, H, err, sizeof(err))) {
		pr_warn("%s", err);
		return;
	}
	bk_svg_text(&svg, L, 24, "start", "font-weight:bold", "burnkit capacity: %s, usable "
		    "%.1f of %.1f MB claimed", cap_verdict(m),
		    (double)cap_usable_bytes(m) / 1e6, (double)c->claimed / 1e6);
	bk_svg_rect(&svg, L, T, W - L - R, H - T - B, "fill:#fbfbfb;stroke:#999999");
	for (unsigned i = 0; i < m->nregions; i++)
		if (m->regions[i].bad_units)
			bk_svg_rect(&svg, L + (W - L - R) * i / m->nregions, T,
				    (W - L - R) / m->nregions, H - T - B,
				    "fill:#f4c7c3;stroke:none");
	for (int k = 0; k < 2; k++) {
		for (unsigned i = 0; i < m->nregions; i++) {
			const struct cap_region *g = &m->regions[i];
			double v = k ? rate(g->read, g->read_s) : rate(g->written, g->write_s);

			xs[i] = L + (W - L - R) * (i + 0.5) / m->nregions;
			ys[i] = isnan(v) ? NAN : T + (H - T - B) * (1 - v / top);
		}
		bk_svg_group_begin(&svg, "series", k ? "read MB/s" : "write MB/s");
		bk_svg_polyline(&svg, xs, ys, m->nregions, k ? "stroke:#1f77b4;stroke-width:2;fill:none" :
				"stroke:#d62728;stroke-width:2;fill:none");
		bk_svg_group_end(&svg);
	}
	bk_svg_text(&svg, L - 6, T + 4, "end", NULL, "%.0f", top);
	bk_svg_text(&svg, L - 6, H - B, "end", NULL, "0 MB/s");
	bk_svg_text(&svg, L, H - B + 20, "start", NULL, "0");
	bk_svg_text(&svg, W - R, H - B + 20, "end", NULL, "%.0f MB",
		    (double)(m->total_units * BK_UNIT_BYTES) / 1e6);
	bk_svg_text(&svg, L, H - 10, "start", "fill:#d62728", "write");
	bk_svg_text(&svg, L + 60, H - 10, "start", "fill:#1f77b4", "read");
	bk_svg_text(&svg, L + 110, H - 10, "start", "fill:#c0392b", "regions with bad units");
	if (bk_svg_close(&svg))
		pr_warn("writing %s failed", path);
	else
		bk_out(&c->ctx->log, " Chart:    %s\n", path);
}

int cap_report(struct cap_run *c)
{
	struct bk_log *log = &c->ctx->log;
	const struct cap_map *m = &c->map;
	const char *verdict = cap_verdict(m), *svg = bk_param_str(&c->ctx->params, "svg");
	uint64_t usable = cap_usable_bytes(m);
	struct bk_json j;
	char rtext[128];
	uint64_t bad = 0;

	bk_out(log, "\n  Region     Offset MB   Write MB/s   Read MB/s   Bad units\n");
	bk_json_init(&j);
	for (unsigned i = 0; i < m->nregions; i++) {
		const struct cap_region *g = &m->regions[i];
		double w = rate(g->written, g->write_s), r = rate(g->read, g->read_s);

		if (!g->written && !g->read && !g->bad_units)
			continue;	/* a probe touches only some regions */
		char wt[16] = "-", rt[16] = "-";	/* a probe times no region */

		if (!isnan(w))
			snprintf(wt, sizeof(wt), "%.1f", w);
		if (!isnan(r))
			snprintf(rt, sizeof(rt), "%.1f", r);
		bk_out(log, "  %6u %12.1f %12s %11s %11llu\n", i, (double)g->offset / 1e6, wt, rt,
		       (unsigned long long)g->bad_units);
		bk_rec_begin(log, &j, "capacity_region");
		bk_json_uint(&j, "region", i);
		bk_json_uint(&j, "offset", g->offset);
		bk_json_uint(&j, "bytes", g->bytes);
		if (isnan(w))
			bk_json_null(&j, "write_mb_per_s");
		else
			bk_json_realp(&j, "write_mb_per_s", w, 6);
		if (isnan(r))
			bk_json_null(&j, "read_mb_per_s");
		else
			bk_json_realp(&j, "read_mb_per_s", r, 6);
		bk_json_uint(&j, "bad_units", g->bad_units);
		bk_rec_end(log, &j);
	}
	bk_json_free(&j);
	bk_out(log, "\n Units of 4 KB:");
	for (int k = 0; k < CAP_CLASSES; k++)
		bk_out(log, " %llu %s%s", (unsigned long long)m->count[k], cap_class_name[k],
		       k + 1 < CAP_CLASSES ? "," : "\n");
	for (unsigned i = 0; i < m->nnotes; i++)
		bk_out(log, "   %s\n", m->notes[i]);
	if (c->in_ram.pages) {
		bk_drive_residency_text(&c->in_ram, rtext, sizeof(rtext));
		bk_out(log, " In RAM before reading: %s\n", rtext);
	}
	bk_out(log, "\n Claimed size  %14llu bytes (%.1f MB)\n Tested        %14llu bytes\n"
	       " Usable size   %14llu bytes (%.1f MB): %s\n",
	       (unsigned long long)c->claimed, (double)c->claimed / 1e6,
	       (unsigned long long)(m->total_units * BK_UNIT_BYTES),
	       (unsigned long long)usable, (double)usable / 1e6,
	       cap_usable_is_kept(m) ?
	       "every good unit (the writes wrapped round and overwrote the start; the card kept these)" :
	       "the largest prefix of good units");
	for (int k = CAP_OK + 1; k < CAP_CLASSES; k++)
		bad += m->count[k];	/* a probe judges only some units */
	if (!strcmp(verdict, "genuine")) {
		bk_out(log, " Verdict: GENUINE: every unit read back as written\n");
	} else if (!strcmp(verdict, "fake")) {
		bk_out(log, " Verdict: FAKE: it stores about %.1f MB, not the %.1f MB it claims\n",
		       (double)usable / 1e6, (double)c->claimed / 1e6);
		bk_log_reason(log, "fake: it stores about %llu bytes, not the %llu it claims",
			      (unsigned long long)usable, (unsigned long long)c->claimed);
	} else {
		bk_out(log, " Verdict: DAMAGED: %llu bad unit(s); the first at byte %llu\n",
		       (unsigned long long)bad, (unsigned long long)usable);
		bk_log_reason(log, "damaged: %llu bad unit(s) of 4 KB, the first at byte %llu",
			      (unsigned long long)bad, (unsigned long long)usable);
	}
	bk_json_uint(&log->summary, "claimed_bytes", c->claimed);
	bk_json_uint(&log->summary, "tested_bytes", m->total_units * BK_UNIT_BYTES);
	bk_json_uint(&log->summary, "usable_bytes", usable);
	bk_json_str(&log->summary, "verdict", verdict);
	bk_json_object_begin(&log->summary, "units");
	for (int k = 0; k < CAP_CLASSES; k++)
		bk_json_uint(&log->summary, cap_class_name[k], m->count[k]);
	bk_json_object_end(&log->summary);
	if (svg)
		chart(c, svg);
	return strcmp(verdict, "genuine") ? BK_EXIT_FAULT : BK_EXIT_OK;
}
