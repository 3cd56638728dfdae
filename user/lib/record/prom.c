// SPDX-License-Identifier: MIT
#include "record/prom.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "record/jsonread.h"
#include "sysinfo.h"
#include "util.h"

/* Summary members that are no headline figure (or have their own gauge). */
static int skipped_member(const char *key)
{
	static const char *const skip[] = { "t", "exit", "run_id", "wall_ns", NULL };

	for (size_t i = 0; skip[i]; i++)
		if (!strcmp(key, skip[i]))
			return 1;
	return 0;
}

void bk_prom_name(const char *tester, const char *member, char *name, size_t len,
		  double *scale)
{
	static const struct { const char *suffix, *base; double scale; } units[] = {
		{ "_mb_per_s", "_bytes_per_second", 1e6 },
		{ "_kb_per_s", "_bytes_per_second", 1e3 },
		{ "_kib", "_bytes", 1024 },
		{ "_mbit_per_s", "_bits_per_second", 1e6 },
		{ "_ms", "_seconds", 1e-3 },
		{ "_us", "_seconds", 1e-6 },
		{ "_s", "_seconds", 1 },
		{ "_c", "_celsius", 1 },
		{ "_pct", "_ratio", 0.01 },
		{ "_share", "_ratio", 1 },
	};
	size_t ml = strlen(member), used;
	const char *base = "";

	*scale = 1;
	for (size_t u = 0; u < BK_ARRAY_SIZE(units); u++) {
		size_t sl = strlen(units[u].suffix);

		if (ml > sl && !strcmp(member + ml - sl, units[u].suffix)) {
			ml -= sl;
			base = units[u].base;
			*scale = units[u].scale;
			break;
		}
	}
	used = (size_t)snprintf(name, len, "burnkit_%s_%.*s%s", tester, (int)ml, member, base);
	if (used >= len)
		used = len - 1;
	for (size_t i = 0; i < used; i++) {
		char c = name[i];

		if (c >= 'A' && c <= 'Z')
			name[i] = (char)(c - 'A' + 'a');
		else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
			name[i] = '_';
	}
}

/* A label value escaped as the text format wants (\\, \", \n). */
static void label_value(FILE *f, const char *v)
{
	for (; v && *v; v++) {
		if (*v == '\\' || *v == '"')
			fputc('\\', f);
		if (*v == '\n') {
			fputs("\\n", f);
			continue;
		}
		fputc(*v, f);
	}
}

static void labels(FILE *f, const char *tester, const char *test, const char *board,
		   const char *serial, const char *status)
{
	fputs("{tester=\"", f);
	label_value(f, tester);
	fputs("\",test=\"", f);
	label_value(f, test);
	fputs("\",board=\"", f);
	label_value(f, board);
	fputs("\",serial=\"", f);
	label_value(f, serial);
	fputs("\",status=\"", f);
	label_value(f, status);
	fputs("\"}", f);
}

static void gauge(FILE *f, const char *name, const char *help, double v, const char *tester,
		  const char *test, const char *board, const char *serial, const char *status)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s gauge\n%s", name, help, name, name);
	labels(f, tester, test, board, serial, status);
	fprintf(f, " %.10g\n", v);
}

int bk_prom_text(FILE *f, const char *tester, const char *summary_json, const char *board,
		 const char *serial, double end_unix_s)
{
	struct bk_jdoc d = { 0 };
	const char *status, *test;
	char err[160], name[160], help[200], seen[4096] = "";
	size_t seen_len = 0;
	double exit_code;

	if (!summary_json ||
	    bk_jdoc_parse(&d, summary_json, strlen(summary_json), err, sizeof(err)))
		return -1;
	status = bk_jv_getstr(d.root, "status");
	if (!status)
		status = "unknown";
	test = bk_jv_getstr(d.root, "kernel");
	if (!test)
		test = bk_jv_getstr(d.root, "test");
	if (!test)
		test = tester;
	exit_code = bk_jv_getnum(d.root, "exit", -1);
	for (const struct bk_jv *m = d.root->child; m; m = m->next) {
		double scale;

		if (m->type != BK_J_NUM || skipped_member(m->key))
			continue;
		bk_prom_name(tester, m->key, name, sizeof(name), &scale);
		/* two members may map to one name: the first wins */
		if (strstr(seen, name) && strstr(seen, name)[strlen(name)] == ' ')
			continue;
		if (seen_len + strlen(name) + 2 < sizeof(seen))
			seen_len += (size_t)snprintf(seen + seen_len, sizeof(seen) - seen_len,
						     "%s ", name);
		snprintf(help, sizeof(help), "burnkit %s: the summary's %s", tester, m->key);
		gauge(f, name, help, m->num * scale, tester, test, board, serial, status);
	}
	snprintf(name, sizeof(name), "burnkit_%s_passed", tester);
	snprintf(help, sizeof(help), "burnkit %s: 1 when the run found nothing wrong (exit 0)",
		 tester);
	gauge(f, name, help, exit_code == 0, tester, test, board, serial, status);
	snprintf(name, sizeof(name), "burnkit_%s_exit_code", tester);
	snprintf(help, sizeof(help), "burnkit %s: the exit status (0 ok, 1 errors found, 2 usage, "
		 "3 cannot run here, 130 interrupted)", tester);
	gauge(f, name, help, exit_code, tester, test, board, serial, status);
	snprintf(name, sizeof(name), "burnkit_%s_end_timestamp_seconds", tester);
	snprintf(help, sizeof(help), "burnkit %s: when the run ended (Unix time)", tester);
	gauge(f, name, help, end_unix_s, tester, test, board, serial, status);
	bk_jdoc_free(&d);
	return ferror(f) ? -1 : 0;
}

/* The board's serial number: the device tree's, the Pi's cpuinfo, DMI; "" none. */
static void board_serial(char *buf, size_t len)
{
	static const char *const files[] = {
		"/sys/firmware/devicetree/base/serial-number", "/sys/class/dmi/id/product_serial",
	};
	char line[256];
	FILE *f;

	buf[0] = '\0';
	for (size_t i = 0; i < BK_ARRAY_SIZE(files) && !buf[0]; i++) {
		f = fopen(files[i], "re");
		if (!f)
			continue;
		if (fgets(line, sizeof(line), f)) {
			line[strcspn(line, "\n")] = '\0';
			bk_strlcpy(buf, line, len);
		}
		fclose(f);
	}
	f = buf[0] ? NULL : fopen("/proc/cpuinfo", "re");
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "Serial", 6) && strchr(line, ':')) {
			char *v = strchr(line, ':') + 1;

			v += strspn(v, " \t");
			v[strcspn(v, "\n")] = '\0';
			bk_strlcpy(buf, v, len);
			break;
		}
	if (f)
		fclose(f);
}

int bk_prom_write(const char *dir, const char *tester, const char *summary_json,
		  const struct bk_sysinfo *si, char *err, size_t errlen)
{
	char path[4096], tmp[4096], serial[128];
	struct timespec now;
	FILE *f;
	int bad;

	snprintf(path, sizeof(path), "%s/burnkit_%s.prom", dir, tester);
	snprintf(tmp, sizeof(tmp), "%s/.burnkit_%s.prom.%ld.tmp", dir, tester, (long)getpid());
	board_serial(serial, sizeof(serial));
	clock_gettime(CLOCK_REALTIME, &now);
	f = fopen(tmp, "we");
	if (!f) {
		snprintf(err, errlen, "--prom %s: cannot write %s: %s (is it a directory this "
			 "user may write?)", dir, tmp, strerror(errno));
		return -1;
	}
	bad = bk_prom_text(f, tester, summary_json, si->board[0] ? si->board : si->cpu_model,
			   serial, (double)now.tv_sec + now.tv_nsec / 1e9);
	if (fclose(f) || bad) {
		snprintf(err, errlen, "--prom %s: writing %s failed", dir, tmp);
		unlink(tmp);
		return -1;
	}
	if (rename(tmp, path)) {
		snprintf(err, errlen, "--prom %s: cannot rename %s to %s: %s", dir, tmp, path,
			 strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}
