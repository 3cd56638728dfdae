// SPDX-License-Identifier: MIT
/* workdir_manifest: the drive testers' manifest, parsed exactly. */
#include "storage/workdir_manifest.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void set_err(char *err, size_t len, const char *fmt, ...) BK_PRINTF(3, 4);

static void set_err(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

/* A manifest token: letters, digits and ._:+- only, 1 to 63 of them. */
int bk_manifest_token_ok(const char *t, size_t n)
{
	if (!n || n >= 64)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)t[i]) && !strchr("._:+-", t[i]))
			return 0;
	return 1;
}

/* "run 0123abcd": exactly eight lower-case hex digits. */
static int parse_run(const char *line, uint32_t *id)
{
	if (strncmp(line, "run ", 4) || strlen(line) != 12)
		return 0;
	for (int i = 4; i < 12; i++)
		if (!isdigit((unsigned char)line[i]) && !(line[i] >= 'a' && line[i] <= 'f'))
			return 0;
	*id = (uint32_t)strtoul(line + 4, NULL, 16);
	return 1;
}

/* "note KEY VALUE": two tokens, one space each. */
static int parse_note(const char *line, char key[64], char value[64])
{
	const char *k = line + 5, *sp;

	if (strncmp(line, "note ", 5) || !(sp = strchr(k, ' ')))
		return 0;
	if (!bk_manifest_token_ok(k, (size_t)(sp - k)) || !bk_manifest_token_ok(sp + 1, strlen(sp + 1)))
		return 0;
	memcpy(key, k, (size_t)(sp - k));
	key[sp - k] = '\0';
	bk_strlcpy(value, sp + 1, 64);
	return 1;
}

void bk_manifest_set_note(struct bk_workdir *w, const char *key, const char *value)
{
	unsigned i;

	for (i = 0; i < w->nnotes && strcmp(w->notes[i][0], key); i++)
		;
	if (i == w->nnotes) {
		if (w->nnotes >= BK_WORKDIR_MAX_NOTES)
			return;
		w->nnotes++;
	}
	bk_strlcpy(w->notes[i][0], key, sizeof(w->notes[0][0]));
	bk_strlcpy(w->notes[i][1], value, sizeof(w->notes[0][1]));
}

static int refuse_manifest(struct bk_workdir *w, char *err, size_t len, unsigned lineno,
			   const char *line)
{
	char shown[64];
	size_t i;

	for (i = 0; line[i] && i < sizeof(shown) - 1; i++)
		shown[i] = isprint((unsigned char)line[i]) ? line[i] : '?';
	shown[i] = '\0';
	set_err(err, len, "%s/%s: line %u (\"%s\") is not one burnkit writes; burnkit "
		"trusts only a manifest it wrote and so does not use this directory: "
		"move it away or choose another FilePath", w->path, BK_WORKDIR_MANIFEST,
		lineno, shown);
	return -EBADMSG;
}

/* Read the manifest, exactly: the owner line, then run and note lines. */
int bk_manifest_load(struct bk_workdir *w, char *err, size_t len)
{
	char *buf = malloc(BK_MANIFEST_MAX + 1), expect[96], *line, *next;
	ssize_t n = 0, got;
	unsigned lineno = 1;
	int rc = 0;

	if (!buf)
		return -ENOMEM;
	while ((got = pread(w->manifest_fd, buf + n, BK_MANIFEST_MAX + 1 - (size_t)n, n)) > 0 &&
	       (size_t)(n += got) <= BK_MANIFEST_MAX)
		;
	if (got < 0) {
		rc = -errno;
		set_err(err, len, "%s/%s: cannot read: %s", w->path, BK_WORKDIR_MANIFEST,
			strerror(errno));
		goto out;
	}
	if ((size_t)n > BK_MANIFEST_MAX) {
		rc = refuse_manifest(w, err, len, 0, "longer than burnkit writes");
		goto out;
	}
	buf[n] = '\0';
	snprintf(expect, sizeof(expect), BK_MANIFEST_MAGIC "%s\n", w->owner);
	if (strncmp(buf, expect, strlen(expect))) {
		if (!strncmp(buf, BK_MANIFEST_MAGIC, strlen(BK_MANIFEST_MAGIC)))
			set_err(err, len, "%s: its manifest is not burnkit %s's; burnkit "
				"works only in a directory it made: move it away or choose "
				"another FilePath", w->path, w->owner);
		else
			refuse_manifest(w, err, len, 1, strtok(buf, "\n") ? buf : "");
		rc = -EEXIST;
		goto out;
	}
	if (strlen(buf) != (size_t)n || buf[n - 1] != '\n') {
		rc = refuse_manifest(w, err, len, 0, "a NUL byte or a cut last line");
		goto out;
	}
	for (line = buf + strlen(expect); *line; line = next) {
		char key[64], value[64];
		uint32_t id;

		next = strchr(line, '\n');
		*next++ = '\0';
		lineno++;
		if (parse_run(line, &id)) {
			if (w->nruns >= BK_WORKDIR_MAX_RUNS) {
				rc = refuse_manifest(w, err, len, lineno, "more runs than burnkit keeps");
				goto out;
			}
			w->runs[w->nruns++] = id;
		} else if (parse_note(line, key, value)) {
			bk_manifest_set_note(w, key, value);
		} else {
			rc = refuse_manifest(w, err, len, lineno, line);
			goto out;
		}
	}
out:
	free(buf);
	return rc;
}

