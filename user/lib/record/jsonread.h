/* SPDX-License-Identifier: MIT */
/*
 * jsonread: parse one JSON text (a line of a timeline, a tester's record)
 * into a small tree, strictly (RFC 8259: no trailing garbage, no bare
 * words, no leading zeros). The tree lives in the document's own memory
 * and goes with bk_jdoc_free.
 */
#ifndef BK_JSONREAD_H
#define BK_JSONREAD_H

#include <stddef.h>

enum bk_jtype { BK_J_NULL, BK_J_BOOL, BK_J_NUM, BK_J_STR, BK_J_ARR, BK_J_OBJ };

struct bk_jv {
	enum bk_jtype type;
	const char *key;	/* member name inside an object, else NULL */
	double num;		/* NUM; BOOL as 0 or 1 */
	const char *str;	/* STR, unescaped (UTF-8, NUL-terminated) */
	struct bk_jv *child;	/* ARR, OBJ: first element, in order */
	struct bk_jv *next;	/* the next element of the parent */
	size_t n;		/* ARR, OBJ: number of elements */
};

struct bk_jblock;

struct bk_jdoc {
	struct bk_jv *root;
	struct bk_jblock *blocks;
};

/*
 * Parse text[0..len) (one value; surrounding whitespace allowed). Returns 0,
 * or -1 with the reason and byte offset in err; the document is empty then.
 */
int bk_jdoc_parse(struct bk_jdoc *d, const char *text, size_t len, char *err,
		  size_t errlen);
void bk_jdoc_free(struct bk_jdoc *d);

/* Member `key` of an object (the first, if repeated); NULL if none. */
const struct bk_jv *bk_jv_get(const struct bk_jv *obj, const char *key);
/* A number, or `def` when v is NULL or not a number. */
double bk_jv_num(const struct bk_jv *v, double def);
/* A string, or NULL when v is NULL or not a string. */
const char *bk_jv_str(const struct bk_jv *v);

/* Shorthands: member `key` of obj as a number or a string. */
double bk_jv_getnum(const struct bk_jv *obj, const char *key, double def);
const char *bk_jv_getstr(const struct bk_jv *obj, const char *key);

#endif
