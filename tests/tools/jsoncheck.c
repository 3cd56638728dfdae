// SPDX-License-Identifier: MIT
#include "jsoncheck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	const char *s;
	size_t len, pos;
	char *err;
	size_t errlen;
	int depth;
};

static int fail(struct parser *p, const char *why)
{
	if (p->err && !p->err[0])
		snprintf(p->err, p->errlen, "%s at byte %zu", why, p->pos);
	return -1;
}

static void ws(struct parser *p)
{
	while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
				   p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
		p->pos++;
}

static int value(struct parser *p);

/* Parse a string; copy its raw text (escapes kept) to out if given. */
static int string(struct parser *p, char **out)
{
	size_t start;

	if (p->pos >= p->len || p->s[p->pos] != '"')
		return fail(p, "expected a string");
	start = ++p->pos;
	while (p->pos < p->len && p->s[p->pos] != '"') {
		unsigned char c = (unsigned char)p->s[p->pos];

		if (c < 0x20)
			return fail(p, "control character in a string");
		if (c == '\\') {
			p->pos++;
			if (p->pos >= p->len)
				return fail(p, "unfinished escape");
			c = (unsigned char)p->s[p->pos];
			if (c == 'u') {
				for (int i = 1; i <= 4; i++)
					if (p->pos + (size_t)i >= p->len ||
					    !strchr("0123456789abcdefABCDEF",
						    p->s[p->pos + (size_t)i]))
						return fail(p, "bad \\u escape");
				p->pos += 4;
			} else if (!strchr("\"\\/bfnrt", c)) {
				return fail(p, "bad escape");
			}
		}
		p->pos++;
	}
	if (p->pos >= p->len)
		return fail(p, "unterminated string");
	if (out) {
		*out = strndup(p->s + start, p->pos - start);
		if (!*out)
			return fail(p, "out of memory");
	}
	p->pos++;
	return 0;
}

static int digits(struct parser *p)
{
	size_t start = p->pos;

	while (p->pos < p->len && p->s[p->pos] >= '0' && p->s[p->pos] <= '9')
		p->pos++;
	return p->pos > start ? 0 : fail(p, "expected digits");
}

static int number(struct parser *p)
{
	if (p->s[p->pos] == '-')
		p->pos++;
	if (p->pos < p->len && p->s[p->pos] == '0')
		p->pos++;
	else if (digits(p))
		return -1;
	if (p->pos < p->len && p->s[p->pos] == '.') {
		p->pos++;
		if (digits(p))
			return -1;
	}
	if (p->pos < p->len && (p->s[p->pos] == 'e' || p->s[p->pos] == 'E')) {
		p->pos++;
		if (p->pos < p->len && (p->s[p->pos] == '+' || p->s[p->pos] == '-'))
			p->pos++;
		if (digits(p))
			return -1;
	}
	return 0;
}

static int object(struct parser *p)
{
	char **keys = NULL;
	size_t nkeys = 0;
	int rc = -1;

	p->pos++;
	ws(p);
	if (p->pos < p->len && p->s[p->pos] == '}') {
		p->pos++;
		return 0;
	}
	for (;;) {
		char *key;

		ws(p);
		if (string(p, &key))
			goto out;
		for (size_t i = 0; i < nkeys; i++)
			if (!strcmp(keys[i], key)) {
				char why[160];

				snprintf(why, sizeof(why), "duplicate key \"%.100s\"", key);
				free(key);
				fail(p, why);
				goto out;
			}
		char **nk = realloc(keys, (nkeys + 1) * sizeof(*keys));
		if (!nk) {
			free(key);
			fail(p, "out of memory");
			goto out;
		}
		keys = nk;
		keys[nkeys++] = key;
		ws(p);
		if (p->pos >= p->len || p->s[p->pos] != ':') {
			fail(p, "expected ':'");
			goto out;
		}
		p->pos++;
		if (value(p))
			goto out;
		ws(p);
		if (p->pos < p->len && p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->pos < p->len && p->s[p->pos] == '}') {
			p->pos++;
			rc = 0;
			goto out;
		}
		fail(p, "expected ',' or '}'");
		goto out;
	}
out:
	for (size_t i = 0; i < nkeys; i++)
		free(keys[i]);
	free(keys);
	return rc;
}

static int array(struct parser *p)
{
	p->pos++;
	ws(p);
	if (p->pos < p->len && p->s[p->pos] == ']') {
		p->pos++;
		return 0;
	}
	for (;;) {
		if (value(p))
			return -1;
		ws(p);
		if (p->pos < p->len && p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->pos < p->len && p->s[p->pos] == ']') {
			p->pos++;
			return 0;
		}
		return fail(p, "expected ',' or ']'");
	}
}

static int literal(struct parser *p, const char *word)
{
	size_t n = strlen(word);

	if (p->pos + n > p->len || strncmp(p->s + p->pos, word, n))
		return fail(p, "bad literal");
	p->pos += n;
	return 0;
}

static int value(struct parser *p)
{
	int rc;

	ws(p);
	if (p->pos >= p->len)
		return fail(p, "unexpected end");
	if (++p->depth > 64)
		return fail(p, "nested too deep");
	switch (p->s[p->pos]) {
	case '{':
		rc = object(p);
		break;
	case '[':
		rc = array(p);
		break;
	case '"':
		rc = string(p, NULL);
		break;
	case 't':
		rc = literal(p, "true");
		break;
	case 'f':
		rc = literal(p, "false");
		break;
	case 'n':
		rc = literal(p, "null");
		break;
	default:
		if (p->s[p->pos] == '-' ||
		    (p->s[p->pos] >= '0' && p->s[p->pos] <= '9'))
			rc = number(p);
		else
			rc = fail(p, "unexpected character");
	}
	p->depth--;
	return rc;
}

int jsoncheck(const char *text, size_t len, char *err, size_t errlen)
{
	struct parser p = { text, len, 0, err, errlen, 0 };

	if (err && errlen)
		err[0] = '\0';
	if (value(&p))
		return -1;
	ws(&p);
	if (p.pos != len)
		return fail(&p, "trailing characters");
	return 0;
}

int jsoncheck_has_key(const char *text, const char *key)
{
	char pat[256];

	snprintf(pat, sizeof(pat), "\"%s\":", key);
	return strstr(text, pat) != NULL;
}
