// SPDX-License-Identifier: MIT
#include "record/html.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "record/svg.h"

static const char style[] =
	"body{font-family:sans-serif;margin:0 auto;padding:0.5em 1em;max-width:70em;"
	"color:#111;background:#fff;line-height:1.4}"
	"h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.4em}"
	".scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;margin:0.5em 0}"
	"table{border-collapse:collapse;font-size:0.9em}"
	"th,td{border:1px solid #bbb;padding:0.2em 0.5em;text-align:right;white-space:nowrap}"
	"th{background:#eee;white-space:normal;min-width:5em}"
	"td:first-child,th:first-child{text-align:left}"
	"caption{text-align:left;font-weight:bold;padding:0.3em 0}"
	".reason,.bad{color:#a00}.good{color:#070}"
	"svg{max-width:100%;height:auto}"
	"@media print{.scroll{overflow:visible}table,svg{page-break-inside:avoid}"
	"body{max-width:none}}";

void bk_html_text(struct bk_html *h, const char *text)
{
	bk_svg_escape(h->f, text ? text : "");
}

int bk_html_open(struct bk_html *h, const char *path, const char *title, char *err,
		 size_t errlen)
{
	h->f = fopen(path, "we");
	if (!h->f) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<title>", h->f);
	bk_html_text(h, title);
	fprintf(h->f, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", style);
	bk_html_text(h, title);
	fputs("</h1>\n", h->f);
	return 0;
}

int bk_html_close(struct bk_html *h)
{
	int bad;

	fputs("</body>\n</html>\n", h->f);
	bad = ferror(h->f);
	if (fclose(h->f))
		bad = 1;
	h->f = NULL;
	return bad ? -1 : 0;
}

static void vtext(struct bk_html *h, const char *fmt, va_list ap)
{
	char buf[2048];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	bk_html_text(h, buf);
}

void bk_html_heading(struct bk_html *h, int level, const char *fmt, ...)
{
	va_list ap;

	fprintf(h->f, "<h%d>", level);
	va_start(ap, fmt);
	vtext(h, fmt, ap);
	va_end(ap);
	fprintf(h->f, "</h%d>\n", level);
}

void bk_html_para(struct bk_html *h, const char *cls, const char *fmt, ...)
{
	va_list ap;

	if (cls)
		fprintf(h->f, "<p class=\"%s\">", cls);
	else
		fputs("<p>", h->f);
	va_start(ap, fmt);
	vtext(h, fmt, ap);
	va_end(ap);
	fputs("</p>\n", h->f);
}

void bk_html_list_begin(struct bk_html *h, const char *cls)
{
	if (cls)
		fprintf(h->f, "<ul class=\"%s\">\n", cls);
	else
		fputs("<ul>\n", h->f);
}

void bk_html_item(struct bk_html *h, const char *fmt, ...)
{
	va_list ap;

	fputs("<li>", h->f);
	va_start(ap, fmt);
	vtext(h, fmt, ap);
	va_end(ap);
	fputs("</li>\n", h->f);
}

void bk_html_list_end(struct bk_html *h)
{
	fputs("</ul>\n", h->f);
}

void bk_html_table_begin(struct bk_html *h, const char *cls, const char *caption)
{
	fprintf(h->f, "<div class=\"scroll\"><table class=\"%s\">", cls ? cls : "figures");
	if (caption) {
		fputs("<caption>", h->f);
		bk_html_text(h, caption);
		fputs("</caption>", h->f);
	}
	fputs("\n", h->f);
}

void bk_html_row(struct bk_html *h, int header, const char *const *cells, size_t n)
{
	const char *tag = header ? "th" : "td";

	fputs("<tr>", h->f);
	for (size_t i = 0; i < n; i++) {
		fprintf(h->f, "<%s>", tag);
		bk_html_text(h, cells[i]);
		fprintf(h->f, "</%s>", tag);
	}
	fputs("</tr>\n", h->f);
}

void bk_html_table_end(struct bk_html *h)
{
	fputs("</table></div>\n", h->f);
}

int bk_html_svg_file(struct bk_html *h, const char *svg_path, char *err, size_t errlen)
{
	FILE *f = fopen(svg_path, "re");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	if (!f) {
		snprintf(err, errlen, "cannot read %s: %s", svg_path, strerror(errno));
		return -1;
	}
	fputs("<figure>\n", h->f);
	while ((len = getline(&line, &cap, f)) >= 0)
		if (strncmp(line, "<?xml", 5))
			fwrite(line, 1, (size_t)len, h->f);
	fputs("</figure>\n", h->f);
	free(line);
	fclose(f);
	return 0;
}
