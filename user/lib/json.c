// SPDX-License-Identifier: MIT
#include "json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bk_json_init(struct bk_json *j)
{
	memset(j, 0, sizeof(*j));
}

void bk_json_free(struct bk_json *j)
{
	free(j->buf);
	memset(j, 0, sizeof(*j));
}

void bk_json_reset(struct bk_json *j)
{
	j->len = 0;
	j->depth = 0;
	j->oom = 0;
	memset(j->need_comma, 0, sizeof(j->need_comma));
	if (j->buf)
		j->buf[0] = '\0';
}

static void put(struct bk_json *j, const char *s, size_t n)
{
	if (j->oom)
		return;
	if (j->len + n + 2 > j->cap) {
		size_t cap = j->cap ? j->cap : 256;

		while (j->len + n + 2 > cap)
			cap *= 2;
		char *nb = realloc(j->buf, cap);
		if (!nb) {
			j->oom = 1;
			return;
		}
		j->buf = nb;
		j->cap = cap;
	}
	memcpy(j->buf + j->len, s, n);
	j->len += n;
	j->buf[j->len] = '\0';
}

static void puts_(struct bk_json *j, const char *s)
{
	put(j, s, strlen(s));
}

static void put_string(struct bk_json *j, const char *s)
{
	static const char hex[] = "0123456789abcdef";

	put(j, "\"", 1);
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		switch (*c) {
		case '"':
			puts_(j, "\\\"");
			break;
		case '\\':
			puts_(j, "\\\\");
			break;
		case '\n':
			puts_(j, "\\n");
			break;
		case '\r':
			puts_(j, "\\r");
			break;
		case '\t':
			puts_(j, "\\t");
			break;
		default:
			if (*c < 0x20 || *c == 0x7f) {
				char esc[7] = { '\\', 'u', '0', '0',
						hex[*c >> 4], hex[*c & 15], 0 };
				puts_(j, esc);
			} else {
				put(j, (const char *)c, 1);
			}
		}
	}
	put(j, "\"", 1);
}

/* Comma and key before a member. */
static void member(struct bk_json *j, const char *key)
{
	if (j->depth > 0 && j->need_comma[j->depth - 1])
		put(j, ",", 1);
	if (j->depth > 0)
		j->need_comma[j->depth - 1] = 1;
	if (key) {
		put_string(j, key);
		put(j, ":", 1);
	}
}

static void open_(struct bk_json *j, const char *key, const char *c)
{
	member(j, key);
	puts_(j, c);
	if (j->depth < BK_JSON_DEPTH)
		j->need_comma[j->depth] = 0;
	j->depth++;
}

static void close_(struct bk_json *j, const char *c)
{
	puts_(j, c);
	if (j->depth > 0)
		j->depth--;
	if (j->depth == 0)
		puts_(j, "\n");
}

void bk_json_object_begin(struct bk_json *j, const char *key)
{
	open_(j, key, "{");
}

void bk_json_object_end(struct bk_json *j)
{
	close_(j, "}");
}

void bk_json_array_begin(struct bk_json *j, const char *key)
{
	open_(j, key, "[");
}

void bk_json_array_end(struct bk_json *j)
{
	close_(j, "]");
}

void bk_json_str(struct bk_json *j, const char *key, const char *val)
{
	member(j, key);
	if (val)
		put_string(j, val);
	else
		puts_(j, "null");
}

void bk_json_int(struct bk_json *j, const char *key, long long val)
{
	char b[32];

	member(j, key);
	snprintf(b, sizeof(b), "%lld", val);
	puts_(j, b);
}

void bk_json_uint(struct bk_json *j, const char *key, unsigned long long val)
{
	char b[32];

	member(j, key);
	snprintf(b, sizeof(b), "%llu", val);
	puts_(j, b);
}

void bk_json_realp(struct bk_json *j, const char *key, double val, int digits)
{
	char b[64];

	member(j, key);
	if (!isfinite(val)) {
		puts_(j, "null");
		return;
	}
	snprintf(b, sizeof(b), "%.*g", digits, val);
	/* "%g" may give "1e+10" (valid JSON) or "inf" (excluded above). */
	puts_(j, b);
}

void bk_json_real(struct bk_json *j, const char *key, double val)
{
	bk_json_realp(j, key, val, 10);
}

void bk_json_bool(struct bk_json *j, const char *key, int val)
{
	member(j, key);
	puts_(j, val ? "true" : "false");
}

void bk_json_null(struct bk_json *j, const char *key)
{
	member(j, key);
	puts_(j, "null");
}

const char *bk_json_text(const struct bk_json *j)
{
	return j->oom ? NULL : (j->buf ? j->buf : "");
}

void bk_json_members(struct bk_json *j, const char *object_text)
{
	const char *open, *close;

	if (!object_text)
		return;
	open = strchr(object_text, '{');
	close = strrchr(object_text, '}');
	if (!open || !close || close <= open + 1)
		return;
	member(j, NULL);
	put(j, open + 1, (size_t)(close - open - 1));
}
