/* SPDX-License-Identifier: MIT */
/*
 * json: a small writer for one JSON object per line. The caller gives each
 * key once per object; strings are escaped; NaN and infinities are written
 * as null (JSON has no such numbers).
 */
#ifndef BK_JSON_H
#define BK_JSON_H

#include <stddef.h>
#include <stdint.h>

#define BK_JSON_DEPTH 8

struct bk_json {
	char *buf;
	size_t len, cap;
	int depth;
	int need_comma[BK_JSON_DEPTH];
	int oom;
};

void bk_json_init(struct bk_json *j);	/* empty, then bk_json_object_begin */
void bk_json_free(struct bk_json *j);
void bk_json_reset(struct bk_json *j);

/* key is NULL inside arrays. */
void bk_json_object_begin(struct bk_json *j, const char *key);
void bk_json_object_end(struct bk_json *j);
void bk_json_array_begin(struct bk_json *j, const char *key);
void bk_json_array_end(struct bk_json *j);
void bk_json_str(struct bk_json *j, const char *key, const char *val);
void bk_json_int(struct bk_json *j, const char *key, long long val);
void bk_json_uint(struct bk_json *j, const char *key, unsigned long long val);
void bk_json_real(struct bk_json *j, const char *key, double val);
/* A number with a fixed count of significant digits (e.g. 9 for floats). */
void bk_json_realp(struct bk_json *j, const char *key, double val, int digits);
void bk_json_bool(struct bk_json *j, const char *key, int val);
void bk_json_null(struct bk_json *j, const char *key);

/*
 * Append the members of a finished object's text ("{...}\n") to the
 * current object; the caller keeps the keys of both apart.
 */
void bk_json_members(struct bk_json *j, const char *object_text);

/* The finished text ("...}\n" once depth is back to 0); NULL if out of memory. */
const char *bk_json_text(const struct bk_json *j);

#endif
