// SPDX-License-Identifier: MIT
#include "log.h"
#include "params.h"
#include "unended.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *msg_tester;
static int msg_verbose = -1;
static struct bk_log *open_log;	/* the run's log: its first error is the reason */

void bk_msg_set_tester(const char *name)
{
	msg_tester = name;
}

void bk_msg_set_verbose(int verbose)
{
	msg_verbose = verbose;
}

static void vmsg(const char *level, const char *fmt, va_list ap)
{
	char line[1024];
	int n;

	n = snprintf(line, sizeof(line), "burnkit%s%s: %s", msg_tester ? " " : "",
		     msg_tester ? msg_tester : "", level);
	if (n < 0)
		return;
	vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
	fprintf(stderr, "%s\n", bk_rstrip(line));
	fflush(stderr);
	if (open_log && !strcmp(level, "error: ") && !open_log->reason[0])
		bk_strlcpy(open_log->reason, line + n, sizeof(open_log->reason));
}

void pr_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg("error: ", fmt, ap);
	va_end(ap);
}

void pr_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg("warning: ", fmt, ap);
	va_end(ap);
}

void pr_inf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg("", fmt, ap);
	va_end(ap);
}

void pr_dbg(const char *fmt, ...)
{
	va_list ap;

	if (msg_verbose < 0) {
		const char *e = getenv("BURNKIT_DEBUG");

		msg_verbose = e && *e && strcmp(e, "0");
	}
	if (!msg_verbose)
		return;
	va_start(ap, fmt);
	vmsg("debug: ", fmt, ap);
	va_end(ap);
}

/* write() all of buf, then push it to the device. */
static int write_line(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	if (fdatasync(fd) && errno != EINVAL && errno != EROFS)
		return -1;
	return 0;
}

static void log_write(struct bk_log *l, int fd, const char *buf, size_t len)
{
	if (fd < 0 || !len || !write_line(fd, buf, len))
		return;
	if (errno == EPIPE && fd == STDOUT_FILENO) {
		/* Its reader went away (| head): stop, cleaning up, and say why. */
		if (l->json_fd == fd)
			l->json_fd = -1;
		l->console_gone = 1;
		bk_request_stop_why("EPIPE: the reader of stdout went away");
	} else if (!l->write_error) {
		l->write_error = errno ? errno : EIO;
		pr_warn("writing the log failed: %s; results go on to the console",
			strerror(errno));
	}
}

int bk_log_open(struct bk_log *l, const char *tester, const char *prefix,
		const struct bk_params *p, char *err, size_t errlen)
{
	const char *json = bk_param_str(p, "json");

	memset(l, 0, sizeof(*l));
	l->tester = tester;
	l->console = stdout;
	l->text_fd = -1;
	l->json_fd = -1;
	l->t0_ns = bk_now_ns();

	if (json && !strcmp(json, "-")) {
		l->json_fd = STDOUT_FILENO;
		l->json_is_stdout = 1;
		l->console = stderr;
	} else if (json) {
		char msg[512], kept[4200];

		/* A run there that never ended is named, and its file kept (not
		 * when appending: the suite's own run is still going). */
		if (!bk_param_flag(p, "json-append") &&
		    bk_unended_json(json, msg, sizeof(msg)) == 1) {
			snprintf(kept, sizeof(kept), "%s.noend", json);
			if (!rename(json, kept))
				pr_warn("%s; kept as %s", msg, kept);
			else
				pr_warn("%s", msg);
		}
		/* appending, so that a suite's testers add to its file in turn */
		int trunc = bk_param_flag(p, "json-append") ? 0 : O_TRUNC;

		l->json_fd = open(json, O_WRONLY | O_CREAT | O_APPEND | trunc | O_CLOEXEC, 0644);
		if (l->json_fd < 0) {
			snprintf(err, errlen, "cannot open JSON file %s: %s", json,
				 strerror(errno));
			return -1;
		}
	}
	if (bk_param_given(p, "log")) {
		char msg[512];

		snprintf(l->text_path, sizeof(l->text_path), "%s%lld.txt",
			 prefix ? prefix : "log", bk_param_int(p, "log"));
		if (bk_unended_text(l->text_path, msg, sizeof(msg)) == 1)
			pr_warn("%s", msg);
		l->text_fd = open(l->text_path,
				  O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
		if (l->text_fd < 0) {
			snprintf(err, errlen, "cannot open log file %s: %s",
				 l->text_path, strerror(errno));
			if (l->json_fd >= 0 && !l->json_is_stdout)
				close(l->json_fd);
			return -1;
		}
	}
	bk_json_init(&l->summary);
	bk_json_object_begin(&l->summary, NULL);
	open_log = l;
	return 0;
}

void bk_log_open_dry(struct bk_log *l, const char *tester, const struct bk_params *p)
{
	memset(l, 0, sizeof(*l));
	l->tester = tester;
	l->console = bk_param_str(p, "json") ? stderr : stdout;
	l->text_fd = l->json_fd = -1;
	l->t0_ns = bk_now_ns();
	bk_json_init(&l->summary);
	bk_json_object_begin(&l->summary, NULL);
}

void bk_log_reason(struct bk_log *l, const char *fmt, ...)
{
	va_list ap;

	if (l->reason[0])
		return;
	va_start(ap, fmt);
	vsnprintf(l->reason, sizeof(l->reason), fmt, ap);
	va_end(ap);
}

int bk_log_close(struct bk_log *l, int exit_code)
{
	static const char *const status[] = {
		[BK_EXIT_OK] = "ok", [BK_EXIT_FAULT] = "errors found",
		[BK_EXIT_USAGE] = "usage error", [BK_EXIT_ENV] = "cannot run here",
	};
	const char *st = exit_code == BK_EXIT_INTERRUPTED ? "interrupted" :
			 exit_code >= 0 && exit_code <= BK_EXIT_ENV ?
			 status[exit_code] : "failed";
	const char *why = NULL;
	char date[64];
	struct bk_json j;

	/* Results that could not be written are not a pass. */
	if (l->write_error && exit_code == BK_EXIT_OK) {
		exit_code = BK_EXIT_ENV;
		st = status[BK_EXIT_ENV];
		bk_log_reason(l, "writing the results failed: %s", strerror(l->write_error));
	}
	if (exit_code == BK_EXIT_INTERRUPTED)
		why = bk_stop_reason();
	if (!why && exit_code != BK_EXIT_OK)
		why = l->reason[0] ? l->reason : "no reason was given (a bug: please report it)";
	bk_json_init(&j);
	bk_rec_begin(l, &j, "summary");
	bk_json_str(&j, "status", st);
	bk_json_int(&j, "exit", exit_code);
	if (why)
		bk_json_str(&j, "reason", why);
	bk_json_object_end(&l->summary);
	bk_json_members(&j, bk_json_text(&l->summary));
	bk_rec_end(l, &j);
	free(l->last_summary);
	l->last_summary = bk_json_text(&j) ? strdup(bk_json_text(&j)) : NULL;
	bk_json_free(&j);
	bk_json_free(&l->summary);
	bk_ctime(date, sizeof(date));
	bk_out_logonly(l, "\n burnkit %s" BK_LOG_END_MARK "%s: %s, exit %d%s%s\n", l->tester, date,
		       st, exit_code, why ? ": " : "", why ? why : "");
	if (l->text_fd >= 0)
		close(l->text_fd);
	if (l->json_fd >= 0 && !l->json_is_stdout)
		close(l->json_fd);
	l->text_fd = l->json_fd = -1;
	if (!l->console_gone)
		fflush(l->console);
	if (open_log == l)
		open_log = NULL;
	return exit_code;
}

static void vout(struct bk_log *l, int console, const char *fmt, va_list ap)
{
	char small[1024], *buf = small;
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	if (n < 0) {
		va_end(cp);
		return;
	}
	if ((size_t)n >= sizeof(small)) {
		buf = malloc((size_t)n + 1);
		if (!buf) {
			va_end(cp);
			return;
		}
		vsnprintf(buf, (size_t)n + 1, fmt, cp);
	}
	va_end(cp);
	if (console && !(l->console_gone && l->console == stdout)) {
		fwrite(buf, 1, (size_t)n, l->console);
		if (fflush(l->console) && errno == EPIPE) {
			/* Its reader went away (| head): stop, cleaning up, and say why. */
			l->console_gone = 1;
			clearerr(l->console);
			bk_request_stop_why(l->console == stdout ?
					    "EPIPE: the reader of stdout went away" :
					    "EPIPE: the reader of stderr went away");
		}
	}
	log_write(l, l->text_fd, buf, (size_t)n);
	if (buf != small)
		free(buf);
}

void bk_out(struct bk_log *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vout(l, 1, fmt, ap);
	va_end(ap);
}

void bk_out_logonly(struct bk_log *l, const char *fmt, ...)
{
	va_list ap;

	if (l->text_fd < 0)
		return;
	va_start(ap, fmt);
	vout(l, 0, fmt, ap);
	va_end(ap);
}

double bk_log_elapsed(const struct bk_log *l)
{
	return (double)(bk_now_ns() - l->t0_ns) / 1e9;
}

int bk_log_has_json(const struct bk_log *l)
{
	return l->json_fd >= 0;
}

void bk_rec_begin(struct bk_log *l, struct bk_json *j, const char *type)
{
	bk_json_reset(j);
	bk_json_object_begin(j, NULL);
	bk_json_str(j, "schema", BK_JSON_SCHEMA);
	bk_json_str(j, "type", type);
	bk_json_str(j, "tester", l->tester);
	bk_json_realp(j, "t", bk_log_elapsed(l), 6);
}

void bk_rec_end(struct bk_log *l, struct bk_json *j)
{
	const char *text;

	bk_json_object_end(j);
	text = bk_json_text(j);
	if (!text) {
		pr_warn("a JSON record was lost: out of memory");
		return;
	}
	log_write(l, l->json_fd, text, strlen(text));
	l->records++;
}
