// SPDX-License-Identifier: MIT
#include "record/jsonread.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BK_JDEPTH_MAX 32

/* The document's memory: blocks handed out front to back, never moved. */
struct bk_jblock {
	struct bk_jblock *next;
	size_t used, size;
	_Alignas(max_align_t) unsigned char mem[];
};

struct jparser {
	struct bk_jdoc *doc;
	const char *s;
	size_t len, pos;
	char *err;
	size_t errlen;
	int depth;
};

static void *jalloc(struct bk_jdoc *d, size_t size)
{
	struct bk_jblock *b = d->blocks;

	size = (size + _Alignof(max_align_t) - 1) & ~(_Alignof(max_align_t) - 1);
	if (!b || b->size - b->used < size) {
		size_t bsize = size > 8192 ? size : 8192;

		b = malloc(sizeof(*b) + bsize);
		if (!b)
			return NULL;
		b->used = 0;
		b->size = bsize;
		b->next = d->blocks;
		d->blocks = b;
	}
	b->used += size;
	return b->mem + b->used - size;
}

static int fail(struct jparser *p, const char *why)
{
	if (p->err && p->errlen && !p->err[0])
		snprintf(p->err, p->errlen, "%s at byte %zu", why, p->pos);
	return -1;
}

static void skip_ws(struct jparser *p)
{
	while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
				   p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
		p->pos++;
}

static int hex4(struct jparser *p, unsigned *out)
{
	unsigned v = 0;

	if (p->len - p->pos < 4)
		return fail(p, "short \\u escape");
	for (int i = 0; i < 4; i++) {
		char c = p->s[p->pos++];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return fail(p, "bad \\u escape");
	}
	*out = v;
	return 0;
}

static size_t put_utf8(char *out, unsigned cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* A string at p->pos ('"'), unescaped into document memory. */
static int parse_string(struct jparser *p, const char **out)
{
	size_t start, end;
	char *buf, *w;

	if (p->pos >= p->len || p->s[p->pos] != '"')
		return fail(p, "expected a string");
	start = ++p->pos;
	for (end = start; end < p->len && p->s[end] != '"'; end++)
		if (p->s[end] == '\\')
			end++;
	if (end >= p->len)
		return fail(p, "unterminated string");
	/* Escapes never grow: \uXXXX (6 bytes) gives at most 3, pairs 4 of 12. */
	buf = jalloc(p->doc, end - start + 1);
	if (!buf)
		return fail(p, "out of memory");
	w = buf;
	while (p->pos < end) {
		unsigned char c = (unsigned char)p->s[p->pos];

		if (c < 0x20)
			return fail(p, "control character in a string");
		if (c != '\\') {
			*w++ = (char)c;
			p->pos++;
			continue;
		}
		p->pos++;
		c = (unsigned char)p->s[p->pos++];
		switch (c) {
		case '"': *w++ = '"'; break;
		case '\\': *w++ = '\\'; break;
		case '/': *w++ = '/'; break;
		case 'b': *w++ = '\b'; break;
		case 'f': *w++ = '\f'; break;
		case 'n': *w++ = '\n'; break;
		case 'r': *w++ = '\r'; break;
		case 't': *w++ = '\t'; break;
		case 'u': {
			unsigned cp, lo;

			if (hex4(p, &cp))
				return -1;
			if (cp >= 0xd800 && cp < 0xdc00) {
				if (p->len - p->pos < 6 || p->s[p->pos] != '\\' ||
				    p->s[p->pos + 1] != 'u')
					return fail(p, "lone high surrogate");
				p->pos += 2;
				if (hex4(p, &lo))
					return -1;
				if (lo < 0xdc00 || lo >= 0xe000)
					return fail(p, "bad low surrogate");
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			} else if (cp >= 0xdc00 && cp < 0xe000) {
				return fail(p, "lone low surrogate");
			}
			if (!cp)
				return fail(p, "\\u0000 in a string");
			w += put_utf8(w, cp);
			break;
		}
		default:
			p->pos--;
			return fail(p, "bad escape");
		}
	}
	if (p->pos > end)
		return fail(p, "escape runs past the string");
	*w = '\0';
	p->pos = end + 1;
	*out = buf;
	return 0;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int parse_number(struct jparser *p, double *out)
{
	size_t start = p->pos;
	char tmp[64], *end;

	if (p->pos < p->len && p->s[p->pos] == '-')
		p->pos++;
	if (p->pos >= p->len || !is_digit(p->s[p->pos]))
		return fail(p, "bad number");
	if (p->s[p->pos] == '0') {
		p->pos++;
		if (p->pos < p->len && is_digit(p->s[p->pos]))
			return fail(p, "leading zero in a number");
	} else {
		while (p->pos < p->len && is_digit(p->s[p->pos]))
			p->pos++;
	}
	if (p->pos < p->len && p->s[p->pos] == '.') {
		p->pos++;
		if (p->pos >= p->len || !is_digit(p->s[p->pos]))
			return fail(p, "no digits after the decimal point");
		while (p->pos < p->len && is_digit(p->s[p->pos]))
			p->pos++;
	}
	if (p->pos < p->len && (p->s[p->pos] == 'e' || p->s[p->pos] == 'E')) {
		p->pos++;
		if (p->pos < p->len && (p->s[p->pos] == '+' || p->s[p->pos] == '-'))
			p->pos++;
		if (p->pos >= p->len || !is_digit(p->s[p->pos]))
			return fail(p, "no digits in the exponent");
		while (p->pos < p->len && is_digit(p->s[p->pos]))
			p->pos++;
	}
	if (p->pos - start >= sizeof(tmp))
		return fail(p, "number too long");
	memcpy(tmp, p->s + start, p->pos - start);
	tmp[p->pos - start] = '\0';
	errno = 0;
	*out = strtod(tmp, &end);
	if (*end || !isfinite(*out))
		return fail(p, "number out of range");
	return 0;
}

static int literal(struct jparser *p, const char *word)
{
	size_t n = strlen(word);

	if (p->len - p->pos < n || memcmp(p->s + p->pos, word, n))
		return fail(p, "unexpected character");
	p->pos += n;
	return 0;
}

static struct bk_jv *parse_value(struct jparser *p);

/* The elements of an array or the members of an object. */
static int parse_container(struct jparser *p, struct bk_jv *v, int object)
{
	struct bk_jv **tail = &v->child;
	char close = object ? '}' : ']';

	if (++p->depth > BK_JDEPTH_MAX)
		return fail(p, "nested too deep");
	p->pos++;
	skip_ws(p);
	if (p->pos < p->len && p->s[p->pos] == close) {
		p->pos++;
		p->depth--;
		return 0;
	}
	for (;;) {
		const char *key = NULL;
		struct bk_jv *e;

		skip_ws(p);
		if (object) {
			if (parse_string(p, &key))
				return -1;
			skip_ws(p);
			if (p->pos >= p->len || p->s[p->pos] != ':')
				return fail(p, "expected ':'");
			p->pos++;
		}
		e = parse_value(p);
		if (!e)
			return -1;
		e->key = key;
		*tail = e;
		tail = &e->next;
		v->n++;
		skip_ws(p);
		if (p->pos < p->len && p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->pos < p->len && p->s[p->pos] == close) {
			p->pos++;
			break;
		}
		return fail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
	}
	p->depth--;
	return 0;
}

static struct bk_jv *parse_value(struct jparser *p)
{
	struct bk_jv *v;

	skip_ws(p);
	if (p->pos >= p->len) {
		fail(p, "unexpected end");
		return NULL;
	}
	v = jalloc(p->doc, sizeof(*v));
	if (!v) {
		fail(p, "out of memory");
		return NULL;
	}
	memset(v, 0, sizeof(*v));
	switch (p->s[p->pos]) {
	case '{':
		v->type = BK_J_OBJ;
		if (parse_container(p, v, 1))
			return NULL;
		break;
	case '[':
		v->type = BK_J_ARR;
		if (parse_container(p, v, 0))
			return NULL;
		break;
	case '"':
		v->type = BK_J_STR;
		if (parse_string(p, &v->str))
			return NULL;
		break;
	case 't':
		v->type = BK_J_BOOL;
		v->num = 1;
		if (literal(p, "true"))
			return NULL;
		break;
	case 'f':
		v->type = BK_J_BOOL;
		if (literal(p, "false"))
			return NULL;
		break;
	case 'n':
		v->type = BK_J_NULL;
		if (literal(p, "null"))
			return NULL;
		break;
	default:
		v->type = BK_J_NUM;
		if (parse_number(p, &v->num))
			return NULL;
		break;
	}
	return v;
}

int bk_jdoc_parse(struct bk_jdoc *d, const char *text, size_t len, char *err,
		  size_t errlen)
{
	struct jparser p = { .doc = d, .s = text, .len = len, .err = err,
			     .errlen = errlen };

	memset(d, 0, sizeof(*d));
	if (err && errlen)
		err[0] = '\0';
	d->root = parse_value(&p);
	if (d->root) {
		skip_ws(&p);
		if (p.pos == p.len)
			return 0;
		fail(&p, "trailing characters");
	}
	bk_jdoc_free(d);
	return -1;
}

void bk_jdoc_free(struct bk_jdoc *d)
{
	while (d->blocks) {
		struct bk_jblock *next = d->blocks->next;

		free(d->blocks);
		d->blocks = next;
	}
	d->root = NULL;
}

const struct bk_jv *bk_jv_get(const struct bk_jv *obj, const char *key)
{
	if (!obj || obj->type != BK_J_OBJ)
		return NULL;
	for (const struct bk_jv *e = obj->child; e; e = e->next)
		if (!strcmp(e->key, key))
			return e;
	return NULL;
}

double bk_jv_num(const struct bk_jv *v, double def)
{
	return v && v->type == BK_J_NUM ? v->num : def;
}

const char *bk_jv_str(const struct bk_jv *v)
{
	return v && v->type == BK_J_STR ? v->str : NULL;
}

double bk_jv_getnum(const struct bk_jv *obj, const char *key, double def)
{
	return bk_jv_num(bk_jv_get(obj, key), def);
}

const char *bk_jv_getstr(const struct bk_jv *obj, const char *key)
{
	return bk_jv_str(bk_jv_get(obj, key));
}
