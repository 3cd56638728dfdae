/* SPDX-License-Identifier: MIT */
/*
 * params: every tester's parameters, from GNU long options and from the
 * legacy Longbottom style, mixed freely:
 *
 *   burnkit fpu KWds 10, Section 2, log 33, NoConfig
 *   burnkit fpu "KWords 10, Section 2" --log 33
 *   burnkit drive --verify-only "FilePath /mnt/usb"
 *
 * Legacy words: the first character, either case, picks the parameter and
 * the rest of the word is ignored; spaces and commas separate; a parameter
 * that takes a value takes the next word. Parsing is strict: an unknown
 * parameter, a bad number, an out-of-range value or a repeated parameter
 * is an error with a one-line message naming the parameter, the value and
 * what is allowed.
 */
#ifndef BK_PARAMS_H
#define BK_PARAMS_H

#include <stddef.h>
#include <stdio.h>

enum bk_ptype {
	BK_PT_FLAG,	/* no value: present or not */
	BK_PT_INT,	/* integer in [min, max] */
	BK_PT_REAL,	/* number in [min, max] */
	BK_PT_STR,	/* non-empty text */
	BK_PT_CHOICE,	/* one of choices[] */
	BK_PT_SIZE,	/* bytes: 123, 64K, 512M, 2G (binary), or N% of RAM */
	BK_PT_LIST,	/* text, may be given many times, kept in order */
};

struct bk_param {
	const char *name;	/* long option without "--" */
	const char *legacy;	/* Longbottom word (first letter picks), or NULL */
	enum bk_ptype type;
	double min, max;	/* INT, REAL, SIZE (bytes; percent is 1..1000) */
	const char *def;	/* default, as text; NULL: unset */
	const char *help;	/* one line */
	const char *const *choices;	/* CHOICE: NULL-terminated */
};

#define BK_PARAMS_MAX 40
#define BK_LIST_MAX 16

struct bk_value {
	int given;		/* on the command line (not a default) */
	int set;		/* given or defaulted */
	long long i;		/* INT, SIZE (bytes when !percent) */
	double r;		/* REAL; INT and SIZE too */
	int percent;		/* SIZE given as N% */
	const char *s;		/* the text as given (points into argv or def) */
	const char *list[BK_LIST_MAX];
	size_t nlist;
};

struct bk_params {
	const char *tester;
	const struct bk_param *spec[BK_PARAMS_MAX];
	struct bk_value val[BK_PARAMS_MAX];
	size_t n;
	char *words;		/* storage for split legacy words */
};

/* Parameters every tester takes. */
extern const struct bk_param bk_common_params[];

/*
 * Parse argv (the words after the tester's name) against the tester's table
 * (terminated by an entry with name NULL) plus the common parameters.
 * Returns 0, or -1 with a one-line reason in err.
 */
int bk_params_parse(struct bk_params *p, const char *tester,
		    const struct bk_param *table, int argc, char **argv,
		    char *err, size_t errlen);
void bk_params_free(struct bk_params *p);

/* Lookups by long name; asking for a name the table lacks aborts (a bug). */
const struct bk_value *bk_param(const struct bk_params *p, const char *name);
long long bk_param_int(const struct bk_params *p, const char *name);
double bk_param_real(const struct bk_params *p, const char *name);
const char *bk_param_str(const struct bk_params *p, const char *name);
int bk_param_flag(const struct bk_params *p, const char *name);
int bk_param_given(const struct bk_params *p, const char *name);
/* SIZE in bytes; a percentage is taken of `whole`. */
unsigned long long bk_param_bytes(const struct bk_params *p, const char *name,
				  unsigned long long whole);
/* Does the tester's table (or the common one) have this parameter? */
int bk_param_exists(const struct bk_params *p, const char *name);

/* The help text for a table: long option, legacy word, range, default. */
/* What a value of this parameter may be, e.g. "a whole number from 1 to 99". */
void bk_param_allowed(const struct bk_param *s, char *buf, size_t len);

void bk_params_help(FILE *out, const struct bk_param *table);

struct bk_json;
/* Every resolved parameter as members of the current JSON object. */
void bk_params_json(const struct bk_params *p, struct bk_json *j);
/* Every resolved parameter as text lines, for --dry-run. */
void bk_params_print(FILE *out, const struct bk_params *p);

#endif
