/* SPDX-License-Identifier: MIT */
/*
 * workdir_manifest: the manifest of a drive tester's directory, read
 * exactly. It holds the owner line, then only lines burnkit writes:
 *
 *   burnkit test directory v2 owner <tester>
 *   run <8 lower-case hex digits>      a run that used the directory
 *   note <key> <value>                 what a later --verify-only needs
 *
 * A line of any other form, a cut last line or a NUL byte, and the
 * manifest is refused, not trusted. Internal to workdir.
 */
#ifndef BK_WORKDIR_MANIFEST_H
#define BK_WORKDIR_MANIFEST_H

#include "storage/workdir.h"

#define BK_MANIFEST_MAGIC "burnkit test directory v2 owner "
#define BK_MANIFEST_MAX (64u << 10)

/* A token of a note: letters, digits and ._:+- only, 1 to 63 of them. */
int bk_manifest_token_ok(const char *t, size_t n);

/* Read w's manifest into w (runs, notes). 0, or -errno with err set. */
int bk_manifest_load(struct bk_workdir *w, char *err, size_t len);

/* Set a note in w (the last value wins). */
void bk_manifest_set_note(struct bk_workdir *w, const char *key, const char *value);

#endif
