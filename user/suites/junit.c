// SPDX-License-Identifier: MIT
#include "junit.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

/* Text escaped for XML (attributes and content alike). */
static void esc(FILE *f, const char *s)
{
	for (; s && *s; s++)
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default:
			/* XML 1.0 has no other control characters than tab and newlines */
			if ((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n' && *s != '\r')
				fputc(' ', f);
			else
				fputc(*s, f);
		}
}

static const char *why_or(const struct bk_junit_case *c, const char *def)
{
	return c->why[0] ? c->why : def;
}

static void testcase(FILE *f, const struct bk_junit_case *c)
{
	fputs("    <testcase name=\"", f);
	esc(f, c->name);
	fputs("\" classname=\"", f);
	esc(f, c->classname);
	fprintf(f, "\" time=\"%.3f\"", c->seconds < 0 ? 0 : c->seconds);
	if (c->rc == BK_EXIT_OK) {
		fputs("/>\n", f);
		return;
	}
	fputs(">\n", f);
	if (c->rc == BK_EXIT_ENV) {
		fputs("      <skipped message=\"skipped: ", f);
		esc(f, why_or(c, "cannot run here"));
		fputs("\"/>\n", f);
	} else {
		const char *type = c->rc == BK_EXIT_FAULT ? "errors found" : c->rc < 0 ? "failed" :
				   c->rc == BK_EXIT_USAGE ? "usage error" :
				   c->rc == BK_EXIT_INTERRUPTED ? "interrupted" : "failed";

		fputs("      <failure message=\"", f);
		esc(f, why_or(c, type));
		fputs("\" type=\"", f);
		esc(f, type);
		fprintf(f, "\">exit %d: ", c->rc);
		esc(f, why_or(c, type));
		fputs("</failure>\n", f);
	}
	fputs("    </testcase>\n", f);
}

int bk_junit_write(const char *path, const char *suite, const struct bk_junit_case *c,
		   size_t n, char *err, size_t errlen)
{
	size_t failures = 0, skipped = 0;
	char tmp[4096], stamp[32], host[256] = "localhost";
	double total = 0;
	time_t now = time(NULL);
	struct tm tm;
	FILE *f;
	int bad;

	for (size_t i = 0; i < n; i++) {
		skipped += c[i].rc == BK_EXIT_ENV;
		failures += c[i].rc != BK_EXIT_OK && c[i].rc != BK_EXIT_ENV;
		total += c[i].seconds > 0 ? c[i].seconds : 0;
	}
	gethostname(host, sizeof(host) - 1);
	if (gmtime_r(&now, &tm))
		strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S", &tm);
	else
		bk_strlcpy(stamp, "1970-01-01T00:00:00", sizeof(stamp));
	snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", path, (long)getpid());
	f = fopen(tmp, "we");
	if (!f) {
		snprintf(err, errlen, "--junit %s: cannot write %s: %s", path, tmp, strerror(errno));
		return -1;
	}
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"burnkit\" "
		"tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\" time=\"%.3f\">\n",
		n, failures, skipped, total);
	fputs("  <testsuite name=\"", f);
	esc(f, suite);
	fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\" time=\"%.3f\" "
		"timestamp=\"%s\" hostname=\"", n, failures, skipped, total, stamp);
	esc(f, host);
	fputs("\">\n", f);
	for (size_t i = 0; i < n; i++)
		testcase(f, &c[i]);
	fputs("  </testsuite>\n</testsuites>\n", f);
	bad = ferror(f);
	if (fclose(f) || bad) {
		snprintf(err, errlen, "--junit %s: writing %s failed", path, tmp);
		unlink(tmp);
		return -1;
	}
	if (rename(tmp, path)) {
		snprintf(err, errlen, "--junit %s: cannot rename %s: %s", path, tmp, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}
