/* SPDX-License-Identifier: MIT */
/*
 * jsoncheck: a strict JSON validator for the tests: RFC 8259 syntax, no
 * trailing garbage, and no key twice in one object (JSON allows it; burnkit's
 * records must not, because many readers silently keep only one).
 */
#ifndef BK_JSONCHECK_H
#define BK_JSONCHECK_H

#include <stddef.h>

/* 0 when `text` (one JSON value, optional trailing newline) is valid; else -1
 * and a reason with the byte offset in err. */
int jsoncheck(const char *text, size_t len, char *err, size_t errlen);

/* Does the top-level object have this key (at depth 1)? */
int jsoncheck_has_key(const char *text, const char *key);

#endif
