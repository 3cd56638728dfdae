// SPDX-License-Identifier: MIT
/*
 * prom: summary members to Prometheus names in base units, label values
 * escaped, the pass/fail gauge, numbers only (strings and the record's own
 * time left out), a name two members map to written once.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/prom.h"

#define NAME(member, want, want_scale)						\
	do {									\
		char n[128];							\
		double sc;							\
										\
		bk_prom_name("drive", member, n, sizeof(n), &sc);		\
		cr_assert_str_eq(n, want);					\
		cr_assert_float_eq(sc, want_scale, 1e-15, "%s", member);	\
	} while (0)

Test(prom, names_in_base_units)
{
	NAME("write_mb_per_s", "burnkit_drive_write_bytes_per_second", 1e6);
	NAME("up_mbit_per_s", "burnkit_drive_up_bits_per_second", 1e6);
	NAME("seq_kb_per_s", "burnkit_drive_seq_bytes_per_second", 1e3);
	NAME("p99_ms", "burnkit_drive_p99_seconds", 1e-3);
	NAME("span_s", "burnkit_drive_span_seconds", 1);
	NAME("peak_c", "burnkit_drive_peak_celsius", 1);
	NAME("perf_lost_pct", "burnkit_drive_perf_lost_ratio", 0.01);
	NAME("throttled_share", "burnkit_drive_throttled_ratio", 1);
	NAME("bytes_verified", "burnkit_drive_bytes_verified", 1);
	NAME("peak_rss_kib", "burnkit_drive_peak_rss_bytes", 1024);
	NAME("p99.9", "burnkit_drive_p99_9", 1);
}

Test(prom, text_gauges_labels_and_status)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert_not_null(f);
	cr_assert_eq(bk_prom_text(f, "cook",
				  "{\"type\":\"summary\",\"t\":3.5,\"status\":\"errors found\",\"exit\":1,"
				  "\"peak_c\":80.5,\"span_s\":300,\"span_ms\":1,\"svg\":\"a.svg\","
				  "\"complete\":true}",
				  "Pi \"4\"\\B", "10000000abcdef", 1795000000), 0);
	fclose(f);
	cr_assert(strstr(buf, "# TYPE burnkit_cook_peak_celsius gauge\n"));
	cr_assert(strstr(buf, "burnkit_cook_peak_celsius{tester=\"cook\",test=\"cook\","
			      "board=\"Pi \\\"4\\\"\\\\B\",serial=\"10000000abcdef\","
			      "status=\"errors found\"} 80.5\n"), "%s", buf);
	cr_assert(strstr(buf, "burnkit_cook_span_seconds{"));
	cr_assert_null(strstr(strstr(buf, "burnkit_cook_span_seconds{") + 1,
			      "burnkit_cook_span_seconds{"), "span_ms maps to the same name: once");
	cr_assert(strstr(buf, "} 0\n") && strstr(buf, "burnkit_cook_passed{"));
	cr_assert(strstr(buf, "burnkit_cook_exit_code{"));
	cr_assert(strstr(buf, "burnkit_cook_end_timestamp_seconds{"));
	cr_assert_null(strstr(buf, "burnkit_cook_t{"), "the record's own time is no figure");
	cr_assert_null(strstr(buf, "svg"), "strings are no gauges");
	cr_assert_null(strstr(buf, "complete"), "nor booleans");
	free(buf);
}

Test(prom, refuses_what_is_not_a_summary)
{
	FILE *f = fopen("/dev/null", "w");

	cr_assert_eq(bk_prom_text(f, "fpu", "not json", "b", "", 0), -1);
	cr_assert_eq(bk_prom_text(f, "fpu", NULL, "b", "", 0), -1);
	fclose(f);
}
