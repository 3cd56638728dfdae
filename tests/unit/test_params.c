// SPDX-License-Identifier: MIT
/* params: long options and Longbottom words, strictness, help, JSON. */
#include <criterion/criterion.h>
#include <string.h>

#include "json.h"
#include "params.h"
#include "../tools/jsoncheck.h"

static const char *const sizes[] = { "small", "large", NULL };

static const struct bk_param table[] = {
	{ "kwords", "KWords", BK_PT_REAL, 0.1, 1e6, "3.2", "words x1000", NULL },
	{ "section", "Section", BK_PT_INT, 1, 3, "3", "ops", NULL },
	{ "minutes", "Minutes", BK_PT_REAL, 0, 1e4, "1", "time", NULL },
	{ "file-path", "FilePath", BK_PT_STR, 0, 0, NULL, "dir", NULL },
	{ "cached", "CacheData", BK_PT_FLAG, 0, 0, NULL, "no O_DIRECT", NULL },
	{ "patterns", "Patterns", BK_PT_INT, 1, 164, "164", "patterns", NULL },
	{ "size", NULL, BK_PT_CHOICE, 0, 0, "small", "size", sizes },
	{ "mem", NULL, BK_PT_SIZE, 4096, 1e15, NULL, "memory", NULL },
	{ "run", NULL, BK_PT_LIST, 0, 0, NULL, "runs", NULL },
	{ NULL, NULL, 0, 0, 0, NULL, NULL, NULL }
};

static int parse(struct bk_params *p, char *err, int argc, ...)
{
	char *argv[32];
	va_list ap;

	va_start(ap, argc);
	for (int i = 0; i < argc; i++)
		argv[i] = va_arg(ap, char *);
	va_end(ap);
	err[0] = '\0';
	return bk_params_parse(p, "t", table, argc, argv, err, 512);
}

Test(params, defaults_apply)
{
	struct bk_params p;
	char err[512];

	cr_assert_eq(parse(&p, err, 0), 0, "%s", err);
	cr_assert_float_eq(bk_param_real(&p, "kwords"), 3.2, 1e-12);
	cr_assert_eq(bk_param_int(&p, "section"), 3);
	cr_assert_not(bk_param_given(&p, "section"));
	cr_assert_not(bk_param_flag(&p, "cached"));
	cr_assert_null(bk_param_str(&p, "file-path"));
	bk_params_free(&p);
}

Test(params, legacy_one_argument_equals_many)
{
	struct bk_params a, b;
	char err[512];

	cr_assert_eq(parse(&a, err, 1, "KWds 10, Section 2, log 33, NoConfig"), 0, "%s", err);
	cr_assert_eq(parse(&b, err, 7, "KWds", "10,", "Section", "2,", "log", "33,",
			   "NoConfig"), 0, "%s", err);
	cr_assert_float_eq(bk_param_real(&a, "kwords"), 10, 0);
	cr_assert_eq(bk_param_int(&a, "section"), 2);
	cr_assert_eq(bk_param_int(&a, "log"), 33);
	cr_assert(bk_param_flag(&a, "no-config"));
	cr_assert_float_eq(bk_param_real(&b, "kwords"), 10, 0);
	cr_assert_eq(bk_param_int(&b, "section"), 2);
	cr_assert_eq(bk_param_int(&b, "log"), 33);
	cr_assert(bk_param_flag(&b, "no-config"));
	bk_params_free(&a);
	bk_params_free(&b);
}

Test(params, first_letter_either_case_picks)
{
	struct bk_params p;
	char err[512];

	cr_assert_eq(parse(&p, err, 1, "k 7 s 1 m 0.5 c"), 0, "%s", err);
	cr_assert_float_eq(bk_param_real(&p, "kwords"), 7, 0);
	cr_assert_eq(bk_param_int(&p, "section"), 1);
	cr_assert_float_eq(bk_param_real(&p, "minutes"), 0.5, 0);
	cr_assert(bk_param_flag(&p, "cached"));
	bk_params_free(&p);
}

Test(params, mixed_with_long_options)
{
	struct bk_params p;
	char err[512];

	cr_assert_eq(parse(&p, err, 4, "--cached", "FilePath /mnt/usb", "--section=1",
			   "--json=-"), 0, "%s", err);
	cr_assert(bk_param_flag(&p, "cached"));
	cr_assert_str_eq(bk_param_str(&p, "file-path"), "/mnt/usb");
	cr_assert_eq(bk_param_int(&p, "section"), 1);
	cr_assert_str_eq(bk_param_str(&p, "json"), "-");
	bk_params_free(&p);
}

Test(params, list_and_size_and_choice)
{
	struct bk_params p;
	char err[512];

	cr_assert_eq(parse(&p, err, 8, "--run", "fpu KWords 1000, Section 3", "--run",
			   "int", "--mem", "120%", "--size", "LARGE"), 0, "%s", err);
	const struct bk_value *v = bk_param(&p, "run");
	cr_assert_eq(v->nlist, 2);
	cr_assert_str_eq(v->list[0], "fpu KWords 1000, Section 3");
	cr_assert_str_eq(v->list[1], "int");
	cr_assert_eq(bk_param_bytes(&p, "mem", 1000), 1200);
	cr_assert_str_eq(bk_param_str(&p, "size"), "large");
	bk_params_free(&p);
	cr_assert_eq(parse(&p, err, 2, "--mem", "64M"), 0, "%s", err);
	cr_assert_eq(bk_param_bytes(&p, "mem", 0), 64ull << 20);
	bk_params_free(&p);
}

/* Every kind of bad input: exit-2 material, one line naming the parameter. */
static const struct {
	const char *args[3];
	const char *expect;	/* substring of the message */
} bad[] = {
	{ { "KWords abc" }, "KWords (--kwords)" },
	{ { "KWords 10x" }, "not a number" },
	{ { "Section 4" }, "out of range" },
	{ { "Section 2.5" }, "not a whole number" },
	{ { "Zap 3" }, "unknown parameter \"Zap\"" },
	{ { "10" }, "has no parameter name" },
	{ { "Section" }, "needs a value" },
	{ { "--section" }, "needs a value" },
	{ { "--bogus" }, "unknown option \"--bogus\"" },
	{ { "-x" }, "unknown option \"-x\"" },
	{ { "--cached=yes" }, "takes no value" },
	{ { "Section 1, Section 2" }, "given twice" },
	{ { "--size", "huge" }, "one of small, large" },
	{ { "--mem", "12Q" }, "not a size" },
	{ { "--mem", "2000%" }, "1% to 1000%" },
	{ { "--mem", "100" }, "out of range" },
	{ { "--file-path", "" }, "empty value" },
	{ { "Log 100" }, "Log (--log)" },
	{ { "Minutes nan" }, "not a number" },
	{ { "Minutes 1e999" }, "not a number" },
};

Test(params, bad_input_is_one_line_naming_the_parameter)
{
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct bk_params p;
		char err[512] = "";
		char *argv[3];
		int argc = 0;

		while (argc < 3 && bad[i].args[argc]) {
			argv[argc] = (char *)bad[i].args[argc];
			argc++;
		}
		cr_assert_eq(bk_params_parse(&p, "t", table, argc, argv, err, sizeof(err)),
			     -1, "case %zu (%s) was accepted", i, bad[i].args[0]);
		cr_assert(strstr(err, bad[i].expect), "case %zu: \"%s\" lacks \"%s\"",
			  i, err, bad[i].expect);
		cr_assert_null(strchr(err, '\n'), "case %zu: message is not one line", i);
	}
}

Test(params, tester_table_wins_a_legacy_letter)
{
	/* P is PauseAtEnd in the common table and Patterns here. */
	struct bk_params p;
	char err[512];

	cr_assert_eq(parse(&p, err, 1, "Patterns 20"), 0, "%s", err);
	cr_assert_eq(bk_param_int(&p, "patterns"), 20);
	cr_assert_not(bk_param_flag(&p, "pause-at-end"));
	cr_assert_eq(parse(&p, err, 1, "--pause-at-end"), 0, "%s", err);
	cr_assert(bk_param_flag(&p, "pause-at-end"));
	bk_params_free(&p);
}

Test(params, json_is_strict_and_complete)
{
	struct bk_params p;
	struct bk_json j;
	char err[512];

	cr_assert_eq(parse(&p, err, 3, "KWords 10, FilePath \"a\\b\"", "--run", "x"), 0,
		     "%s", err);
	bk_json_init(&j);
	bk_json_object_begin(&j, NULL);
	bk_params_json(&p, &j);
	bk_json_object_end(&j);
	const char *text = bk_json_text(&j);
	cr_assert_eq(jsoncheck(text, strlen(text), err, sizeof(err)), 0, "%s: %s", err, text);
	cr_assert(strstr(text, "\"kwords\":10"), "%s", text);
	cr_assert(strstr(text, "\"file-path\":\"\\\"a\\\\b\\\"\""), "%s", text);
	cr_assert(strstr(text, "\"run\":[\"x\"]"), "%s", text);
	bk_json_free(&j);
	bk_params_free(&p);
}
