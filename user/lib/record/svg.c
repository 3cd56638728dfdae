// SPDX-License-Identifier: MIT
#include "record/svg.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

int bk_svg_open(struct bk_svg *s, const char *path, double width, double height,
		char *err, size_t errlen)
{
	memset(s, 0, sizeof(*s));
	s->f = fopen(path, "we");
	if (!s->f) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	s->width = width;
	s->height = height;
	fprintf(s->f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		"font-family=\"sans-serif\" font-size=\"12\">\n",
		width, height, width, height);
	bk_svg_rect(s, 0, 0, width, height, "fill:#ffffff;stroke:none");
	return 0;
}

int bk_svg_close(struct bk_svg *s)
{
	int bad;

	while (s->depth)
		bk_svg_group_end(s);
	fprintf(s->f, "</svg>\n");
	bad = ferror(s->f);
	if (fclose(s->f))
		bad = 1;
	s->f = NULL;
	return bad ? -1 : 0;
}

/* Length of the valid UTF-8 sequence at c, 0 when it is not one. */
static size_t utf8_len(const unsigned char *c)
{
	size_t n;

	if (*c < 0x80)
		return 1;
	if (*c >= 0xc2 && *c <= 0xdf)
		n = 2;
	else if (*c >= 0xe0 && *c <= 0xef)
		n = 3;
	else if (*c >= 0xf0 && *c <= 0xf4)
		n = 4;
	else
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((c[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

void bk_svg_escape(FILE *f, const char *text)
{
	const unsigned char *c = (const unsigned char *)text;

	while (*c) {
		size_t n = utf8_len(c);

		switch (*c) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&apos;", f);
			break;
		default:
			/* XML 1.0 allows no other control characters; bad UTF-8 is '?'. */
			if (!n)
				fputc('?', f);
			else if (*c >= 0x20 || *c == '\t' || *c == '\n')
				fwrite(c, 1, n, f);
			break;
		}
		c += n ? n : 1;
	}
}

void bk_svg_rect(struct bk_svg *s, double x, double y, double w, double h,
		 const char *style)
{
	if (w < 0) {
		x += w;
		w = -w;
	}
	if (h < 0) {
		y += h;
		h = -h;
	}
	fprintf(s->f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
		"style=\"%s\"/>\n", x, y, w, h, style);
}

void bk_svg_line(struct bk_svg *s, double x1, double y1, double x2, double y2,
		 const char *style)
{
	fprintf(s->f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
		"style=\"%s\"/>\n", x1, y1, x2, y2, style);
}

void bk_svg_polyline(struct bk_svg *s, const double *x, const double *y, size_t n,
		     const char *style)
{
	int open = 0;

	for (size_t i = 0; i <= n; i++) {
		int ok = i < n && !isnan(x[i]) && !isnan(y[i]);

		if (ok && !open) {
			fprintf(s->f, "<polyline style=\"fill:none;%s\" points=\"", style);
			open = 1;
		} else if (!ok && open) {
			fprintf(s->f, "\"/>\n");
			open = 0;
		}
		if (ok)
			fprintf(s->f, "%.1f,%.1f ", x[i], y[i]);
	}
}

void bk_svg_marker(struct bk_svg *s, enum bk_svg_marker m, double x, double y,
		   double size, const char *style)
{
	double r = size / 2;

	switch (m) {
	case BK_MARK_CIRCLE:
		fprintf(s->f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" style=\"%s\"/>\n",
			x, y, r, style);
		break;
	case BK_MARK_DOWN:
		fprintf(s->f, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\" "
			"style=\"%s\"/>\n", x - r, y - r, x + r, y - r, x, y + r, style);
		break;
	case BK_MARK_DIAMOND:
		fprintf(s->f, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f %.2f,%.2f\" "
			"style=\"%s\"/>\n", x, y - r, x + r, y, x, y + r, x - r, y, style);
		break;
	case BK_MARK_CROSS:
		fprintf(s->f, "<path d=\"M%.2f,%.2f L%.2f,%.2f M%.2f,%.2f L%.2f,%.2f\" "
			"style=\"%s\"/>\n", x - r, y - r, x + r, y + r, x - r, y + r,
			x + r, y - r, style);
		break;
	}
}

void bk_svg_text(struct bk_svg *s, double x, double y, const char *anchor,
		 const char *style, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fprintf(s->f, "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"%s\" style=\"%s\">",
		x, y, anchor, style ? style : "");
	bk_svg_escape(s->f, buf);
	fprintf(s->f, "</text>\n");
}

void bk_svg_group_begin(struct bk_svg *s, const char *cls, const char *title)
{
	fprintf(s->f, "<g class=\"%s\">", cls ? cls : "");
	if (title) {
		fprintf(s->f, "<title>");
		bk_svg_escape(s->f, title);
		fprintf(s->f, "</title>");
	}
	fprintf(s->f, "\n");
	s->depth++;
}

void bk_svg_group_end(struct bk_svg *s)
{
	if (!s->depth)
		return;
	fprintf(s->f, "</g>\n");
	s->depth--;
}

double bk_nice_step(double range, int ticks)
{
	double raw, mag, f;

	if (!(range > 0) || ticks < 1)
		return 1;
	raw = range / ticks;
	mag = pow(10, floor(log10(raw)));
	f = raw / mag;
	if (f < 1.5)
		return mag;
	if (f < 3.5)
		return 2 * mag;
	if (f < 7.5)
		return 5 * mag;
	return 10 * mag;
}
