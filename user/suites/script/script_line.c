// SPDX-License-Identifier: MIT
#include "script_line.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longbottom's programs (the seed's scripts call them) and their twins. */
/*
 * Their 64-bit builds (drivespeed64, ...) are the same programs; lanspeed is
 * drivespeed for network mounts: speed's Cached mode.
 */
static const struct {
	const char *program;
	const char *tester;
	const char *word;	/* put before the line's own words */
} aliases[] = {
	{ "RPiTemperature", "temp", NULL },
	{ "burninfpu", "fpu", NULL },
	{ "stressInt", "int", NULL },
	{ "burnindrive", "drive", NULL },
	{ "drivespeed", "speed", NULL },
	{ "lanspeed", "speed", "Cached" },
	{ "liverloopsPiA6", "livermore", NULL },
	{ "liverloopsPiA7", "livermore", NULL },
	{ "liverloops", "livermore", NULL },
	{ "OpenGL1Pi.bin", "gpu", NULL },
	{ "OpenGL1Pi", "gpu", NULL },
};

/* The alias of program (its base name, less a "64" suffix), or NULL. */
static long alias_of(const char *program)
{
	const char *base = strrchr(program, '/');
	size_t n;

	base = base ? base + 1 : program;
	n = strlen(base);
	for (size_t i = 0; i < BK_ARRAY_SIZE(aliases); i++) {
		size_t m = strlen(aliases[i].program);

		if (!strncmp(base, aliases[i].program, m) &&
		    (n == m || (n == m + 2 && !strcmp(base + m, "64"))))
			return (long)i;
	}
	return -1;
}

/* Words that open a terminal window for the command after them. */
static const struct {
	const char *program;
	const char *option;
} terminals[] = {
	{ "lxterminal", "-e" },
	{ "xterm", "-e" },
	{ "x-terminal-emulator", "-e" },
	{ "gnome-terminal", "--" },
};

const char *script_alias(const char *program)
{
	long i = alias_of(program);

	return i < 0 ? NULL : aliases[i].tester;
}

static int fail(char *err, size_t errlen, int number, const char *fmt, ...)
	BK_PRINTF(4, 5);

static int fail(char *err, size_t errlen, int number, const char *fmt, ...)
{
	int n = snprintf(err, errlen, "line %d: ", number);
	va_list ap;

	va_start(ap, fmt);
	if (n > 0 && (size_t)n < errlen)
		vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Split like a shell without expansions; -1 on an open quote. */
static int split(char *s, char **words, int max, int *n)
{
	char *w = s;

	*n = 0;
	while (*s) {
		char *start;

		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		if (*n == max)
			return -2;
		start = w;
		while (*s && *s != ' ' && *s != '\t') {
			if (*s == '\'' || *s == '"') {
				char q = *s++;

				while (*s && *s != q) {
					if (q == '"' && *s == '\\' && (s[1] == '"' || s[1] == '\\'))
						s++;
					*w++ = *s++;
				}
				if (!*s)
					return -1;
				s++;
			} else {
				*w++ = *s++;
			}
		}
		if (*s)
			s++;
		*w++ = '\0';
		words[(*n)++] = start;
	}
	return 0;
}

/*
 * The seeds' monitors: `vmstat N COUNT [> FILE]` and `sar -n DEV N COUNT
 * [> FILE]` become `burnkit activity` with the same interval, rows and file.
 * 1 when words[first] is one (out filled), 0 when not, -1 on a bad line.
 */
static int monitor_line(char **words, int n, int first, struct script_line *out,
			char *err, size_t errlen)
{
	const char *base = strrchr(words[first], '/');
	const char *style;
	char *nums[2] = { NULL, NULL }, *file = NULL;
	size_t off = 0;
	int i = first + 1, nn = 0;

	base = base ? base + 1 : words[first];
	if (!strcmp(base, "vmstat")) {
		style = "vmstat";
	} else if (!strcmp(base, "sar")) {
		if (i + 1 >= n || strcmp(words[i], "-n") || strcmp(words[i + 1], "DEV"))
			return fail(err, errlen, out->number, "sar: burnkit runs `sar -n DEV "
				    "INTERVAL COUNT` (the network interfaces) only");
		style = "sar";
		i += 2;
	} else {
		return 0;
	}
	for (; i < n; i++) {
		if (!strcmp(words[i], ">") && i + 1 < n && !file) {
			file = words[++i];
		} else if (words[i][0] == '>' && words[i][1] && !file) {
			file = words[i] + 1;
		} else if (nn < 2 && strspn(words[i], "0123456789") == strlen(words[i])) {
			nums[nn++] = words[i];
		} else {
			return fail(err, errlen, out->number, "%s: \"%s\" is not understood; "
				    "burnkit runs `%s INTERVAL COUNT [> FILE]`", base, words[i],
				    !strcmp(style, "sar") ? "sar -n DEV" : "vmstat");
		}
	}
	if (nn < 2)
		return fail(err, errlen, out->number, "%s: give the interval and the count "
			    "(`%s 15 32`): the script waits for every line to end", base, base);
	out->alias = base;
	out->tester = bk_tester_find("activity");
#define MADE(s) (out->words[out->nwords++] = out->made + off, \
		 off += (size_t)snprintf(out->made + off, sizeof(out->made) - off, "%s", s) + 1)
	MADE("--style");
	MADE(style);
	MADE("--seconds");
	out->words[out->nwords++] = nums[0];
	MADE("--passes");
	out->words[out->nwords++] = nums[1];
	if (file) {
		MADE("--output");
		out->words[out->nwords++] = file;
	}
#undef MADE
	return 1;
}

static int is_terminal(char **words, int n)
{
	if (n < 2)
		return 0;
	for (size_t i = 0; i < BK_ARRAY_SIZE(terminals); i++)
		if (!strcmp(words[0], terminals[i].program) &&
		    !strcmp(words[1], terminals[i].option))
			return 1;
	return 0;
}

int script_line_parse(const char *text, int number, struct script_line *out,
		      char *err, size_t errlen)
{
	char *words[SCRIPT_WORDS_MAX], perr[512];
	const char *name, *base;
	struct bk_params p;
	size_t len;
	int n, first = 0, rc;

	memset(out, 0, sizeof(*out));
	out->number = number;
	out->sleep_s = -1;
	if (bk_strlcpy(out->text, text, sizeof(out->text)) >= sizeof(out->text))
		return fail(err, errlen, number, "longer than %zu characters", sizeof(out->text) - 1);
	out->text[strcspn(out->text, "\r\n")] = '\0';
	bk_strlcpy(out->storage, out->text, sizeof(out->storage));
	if (out->storage[strspn(out->storage, " \t")] == '#')
		return 0;	/* a comment, quotes and all */
	len = strlen(out->storage);
	while (len && (out->storage[len - 1] == ' ' || out->storage[len - 1] == '\t'))
		out->storage[--len] = '\0';
	if (len && out->storage[len - 1] == '&') {
		out->concurrent = 1;
		out->storage[--len] = '\0';
	}
	rc = split(out->storage, words, SCRIPT_WORDS_MAX, &n);
	if (rc == -1)
		return fail(err, errlen, number, "a quote is not closed");
	if (rc == -2)
		return fail(err, errlen, number, "more than %d words", SCRIPT_WORDS_MAX);
	if (!n || words[0][0] == '#') {
		if (out->concurrent)
			return fail(err, errlen, number, "'&' with no command");
		return 0;
	}
	if (is_terminal(words, n)) {
		out->concurrent = 1;	/* a window of its own: beside the next lines */
		first = 2;
	}
	if (first >= n)
		return fail(err, errlen, number, "nothing to run after \"%s\"", words[0]);
	if (!strcmp(words[first], "sleep")) {
		char *end;

		errno = 0;
		out->sleep_s = first + 2 == n ? strtod(words[first + 1], &end) : -1;
		if (first + 2 != n || errno || *end || !(out->sleep_s >= 0) ||
		    out->sleep_s > 86400 || !isfinite(out->sleep_s))
			return fail(err, errlen, number,
				    "sleep takes one number of seconds (0 to 86400)");
		return 1;
	}
	rc = monitor_line(words, n, first, out, err, errlen);
	if (rc < 0)
		return -1;
	if (rc > 0)
		goto check;
	base = strrchr(words[first], '/');
	base = base ? base + 1 : words[first];
	name = words[first];
	if (!strcmp(base, "burnkit")) {
		if (++first >= n)
			return fail(err, errlen, number, "burnkit needs a tester");
		name = words[first];
	} else if (script_alias(words[first])) {
		out->alias = base;
		name = script_alias(words[first]);
	}
	out->tester = bk_tester_find(name);
	if (!out->tester) {
		if (out->alias)
			return fail(err, errlen, number,
				    "%s is Longbottom's program for burnkit %s, which this "
				    "runner does not have", out->alias, name);
		return fail(err, errlen, number,
			    "\"%s\" is neither a burnkit tester nor a Longbottom program "
			    "burnkit knows (see burnkit list)", name);
	}
	if (!strcmp(out->tester->name, "script"))
		return fail(err, errlen, number, "a script does not run scripts");
	if (out->alias && alias_of(out->alias) >= 0 && aliases[alias_of(out->alias)].word)
		out->words[out->nwords++] = (char *)aliases[alias_of(out->alias)].word;
	for (int i = first + 1; i < n && out->nwords < SCRIPT_WORDS_MAX; i++)
		out->words[out->nwords++] = words[i];
check:
	if (bk_params_parse(&p, out->tester->name, out->tester->params, out->nwords,
			    out->words, perr, sizeof(perr)))
		return fail(err, errlen, number, "burnkit %s: %s", out->tester->name, perr);
	bk_params_free(&p);
	return 1;
}
