// SPDX-License-Identifier: MIT
/* jsonread: the strict reader the timelines and cook's pipes go through. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "json.h"
#include "record/jsonread.h"

static int parses(const char *text)
{
	struct bk_jdoc d;
	char err[128];
	int rc = bk_jdoc_parse(&d, text, strlen(text), err, sizeof(err));

	if (!rc)
		bk_jdoc_free(&d);
	return rc == 0;
}

Test(jsonread, members_in_order_with_types)
{
	const char *text = "{\"a\":1,\"b\":\"x\",\"c\":[true,false,null],\"d\":{\"e\":-2.5e3}}";
	struct bk_jdoc d;
	char err[128];

	cr_assert_eq(bk_jdoc_parse(&d, text, strlen(text), err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(d.root->type, BK_J_OBJ);
	cr_assert_eq(d.root->n, 4);
	cr_assert_eq(bk_jv_getnum(d.root, "a", 0), 1);
	cr_assert_str_eq(bk_jv_getstr(d.root, "b"), "x");
	const struct bk_jv *c = bk_jv_get(d.root, "c");

	cr_assert_eq(c->type, BK_J_ARR);
	cr_assert_eq(c->n, 3);
	cr_assert_eq(c->child->type, BK_J_BOOL);
	cr_assert_eq(c->child->num, 1);
	cr_assert_eq(c->child->next->num, 0);
	cr_assert_eq(c->child->next->next->type, BK_J_NULL);
	cr_assert_eq(bk_jv_getnum(bk_jv_get(d.root, "d"), "e", 0), -2500);
	cr_assert_null(bk_jv_get(d.root, "zz"));
	cr_assert(isnan(bk_jv_getnum(d.root, "b", NAN)), "a string is not a number");
	cr_assert_null(bk_jv_getstr(d.root, "a"), "a number is not a string");
	bk_jdoc_free(&d);
}

Test(jsonread, escapes_and_unicode)
{
	const char *text = "[\"a\\\"b\\\\c\\/d\\n\\t\", \"\\u00b0C\", \"\\ud83d\\ude00\"]";
	struct bk_jdoc d;
	char err[128];

	cr_assert_eq(bk_jdoc_parse(&d, text, strlen(text), err, sizeof(err)), 0, "%s", err);
	cr_assert_str_eq(d.root->child->str, "a\"b\\c/d\n\t");
	cr_assert_str_eq(d.root->child->next->str, "\xc2\xb0" "C");
	cr_assert_str_eq(d.root->child->next->next->str, "\xf0\x9f\x98\x80");
	bk_jdoc_free(&d);
}

Test(jsonread, what_the_writer_writes_reads_back)
{
	struct bk_json j;
	struct bk_jdoc d;
	char err[128];

	bk_json_init(&j);
	bk_json_object_begin(&j, NULL);
	bk_json_str(&j, "s", "tab\there \"quoted\" \x01");
	bk_json_realp(&j, "r", 0.352358878, 9);
	bk_json_int(&j, "i", -42);
	bk_json_real(&j, "nan", NAN);
	bk_json_object_end(&j);
	const char *t = bk_json_text(&j);

	cr_assert_eq(bk_jdoc_parse(&d, t, strlen(t), err, sizeof(err)), 0, "%s: %s", err, t);
	cr_assert_str_eq(bk_jv_getstr(d.root, "s"), "tab\there \"quoted\" \x01");
	cr_assert_float_eq(bk_jv_getnum(d.root, "r", 0), 0.352358878, 1e-12);
	cr_assert_eq(bk_jv_getnum(d.root, "i", 0), -42);
	cr_assert_eq(bk_jv_get(d.root, "nan")->type, BK_J_NULL);
	bk_jdoc_free(&d);
	bk_json_free(&j);
}

Test(jsonread, rejects_what_rfc8259_rejects)
{
	static const char *const bad[] = {
		"", "{", "{\"a\":1,}", "[1,]", "{\"a\" 1}", "{a:1}", "01", "1.", ".5",
		"-", "1e", "+1", "NaN", "Infinity", "tru", "nul", "\"abc", "\"\\x\"",
		"\"\\u12\"", "\"\\ud800\"", "\"\\udc00x\"", "\"a\nb\"", "{} {}", "[1] x",
		"\"\\u0000\"", "1e999",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_assert(!parses(bad[i]), "accepted: %s", bad[i]);
	cr_assert(parses(" {\"a\" : [ ] , \"b\":{}} \n"), "whitespace around tokens");
	cr_assert(parses("-0.5E+2"), "exponent forms");
}

Test(jsonread, depth_is_bounded)
{
	char deep[200];

	memset(deep, '[', 100);
	memset(deep + 100, ']', 100);
	cr_assert(!parses("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"));
	deep[0] = '\0';
	cr_assert(parses("[[[[[[[[[[]]]]]]]]]]"));
}

Test(jsonread, error_names_the_byte)
{
	struct bk_jdoc d;
	char err[128];

	cr_assert_neq(bk_jdoc_parse(&d, "{\"a\":1 x}", 9, err, sizeof(err)), 0);
	cr_assert(strstr(err, "byte 7"), "%s", err);
	cr_assert_null(d.root);
}
