// SPDX-License-Identifier: MIT
/*
 * storage/sdreg: SD and eMMC registers from their sysfs hex text, decoded
 * bit by bit as the SD Physical Layer Simplified Specification (CID, CSD,
 * SCR, SD status) and JEDEC JESD84 (eMMC CID) lay them out.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "storage/sdreg.h"

#define REG_MAX 64	/* bytes: the SD status is 512 bits */

struct reg {
	unsigned char b[REG_MAX];
	unsigned nbits;
};

/* Hex text, whitespace ignored, into a register of exactly nbits. */
static int reg_parse(const char *hex, unsigned nbits, struct reg *r)
{
	unsigned n = 0;

	memset(r, 0, sizeof(*r));
	r->nbits = nbits;
	if (!hex)
		return -1;
	for (const char *p = hex; *p; p++) {
		int v;

		if (isspace((unsigned char)*p))
			continue;
		if (!isxdigit((unsigned char)*p) || n >= nbits / 4)
			return -1;
		v = isdigit((unsigned char)*p) ? *p - '0' : tolower((unsigned char)*p) - 'a' + 10;
		r->b[n / 2] |= (unsigned char)(n % 2 ? v : v << 4);
		n++;
	}
	return n == nbits / 4 ? 0 : -1;
}

/* Bits hi..lo (as the specifications number them: 0 is the last bit). */
static uint64_t bits(const struct reg *r, unsigned hi, unsigned lo)
{
	uint64_t v = 0;

	for (unsigned i = hi + 1; i-- > lo;) {
		unsigned pos = r->nbits - 1 - i;	/* from the first bit of the text */

		v = v << 1 | ((r->b[pos / 8] >> (7 - pos % 8)) & 1);
	}
	return v;
}

static void ascii(const struct reg *r, unsigned hi, unsigned nchars, char *out)
{
	for (unsigned i = 0; i < nchars; i++) {
		unsigned c = (unsigned)bits(r, hi - 8 * i, hi - 8 * i - 7);

		out[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	out[nchars] = '\0';
	for (unsigned i = nchars; i-- > 0 && out[i] == ' ';)
		out[i] = '\0';
}

int bk_sd_cid_decode(const char *hex, int emmc, struct bk_sd_cid *c)
{
	struct reg r;

	memset(c, 0, sizeof(*c));
	if (reg_parse(hex, 128, &r))
		return -1;
	c->mid = (unsigned)bits(&r, 127, 120);
	if (emmc) {
		c->oid = (unsigned)bits(&r, 111, 104);
		if (isprint((int)c->oid) && c->oid != ' ')
			c->oem[0] = (char)c->oid;
		ascii(&r, 103, 6, c->name);
		c->rev_major = (unsigned)bits(&r, 55, 52);
		c->rev_minor = (unsigned)bits(&r, 51, 48);
		c->serial = (uint32_t)bits(&r, 47, 16);
		c->month = (unsigned)bits(&r, 15, 12);
		c->year = 1997 + (unsigned)bits(&r, 11, 8);
	} else {
		c->oid = (unsigned)bits(&r, 119, 104);
		if (isprint((int)(c->oid >> 8)) && isprint((int)(c->oid & 0xff))) {
			c->oem[0] = (char)(c->oid >> 8);
			c->oem[1] = (char)(c->oid & 0xff);
		}
		ascii(&r, 103, 5, c->name);
		c->rev_major = (unsigned)bits(&r, 63, 60);
		c->rev_minor = (unsigned)bits(&r, 59, 56);
		c->serial = (uint32_t)bits(&r, 55, 24);
		c->year = 2000 + (unsigned)bits(&r, 19, 12);
		c->month = (unsigned)bits(&r, 11, 8);
	}
	if (c->month < 1 || c->month > 12)
		c->year = c->month = 0;
	c->valid = 1;
	return 0;
}

int bk_sd_csd_decode(const char *hex, struct bk_sd_csd *c)
{
	struct reg r;
	unsigned structure;

	memset(c, 0, sizeof(*c));
	if (reg_parse(hex, 128, &r))
		return -1;
	structure = (unsigned)bits(&r, 127, 126);
	c->version = structure + 1;
	switch (structure) {
	case 0:		/* SDSC: (C_SIZE + 1) << (C_SIZE_MULT + 2) blocks of READ_BL_LEN */
		c->bytes = (bits(&r, 73, 62) + 1) << (bits(&r, 49, 47) + 2) << bits(&r, 83, 80);
		break;
	case 1:		/* SDHC, SDXC: (C_SIZE + 1) * 512 KiB, C_SIZE of 22 bits */
		c->bytes = (bits(&r, 69, 48) + 1) << 19;
		break;
	case 2:		/* SDUC: the same with 28 bits */
		c->bytes = (bits(&r, 75, 48) + 1) << 19;
		break;
	default:
		return -1;
	}
	c->valid = 1;
	return 0;
}

int bk_sd_scr_decode(const char *hex, struct bk_sd_scr *s)
{
	struct reg r;
	unsigned spec, spec3, spec4, specx;

	memset(s, 0, sizeof(*s));
	if (reg_parse(hex, 64, &r))
		return -1;
	spec = (unsigned)bits(&r, 59, 56);
	spec3 = (unsigned)bits(&r, 47, 47);
	spec4 = (unsigned)bits(&r, 42, 42);
	specx = (unsigned)bits(&r, 41, 38);
	if (spec == 0)
		snprintf(s->spec, sizeof(s->spec), "1.0");
	else if (spec == 1)
		snprintf(s->spec, sizeof(s->spec), "1.10");
	else if (spec == 2 && !spec3)
		snprintf(s->spec, sizeof(s->spec), "2.00");
	else if (spec == 2 && specx)
		snprintf(s->spec, sizeof(s->spec), "%u.xx", specx + 4);
	else if (spec == 2 && spec4)
		snprintf(s->spec, sizeof(s->spec), "4.xx");
	else if (spec == 2)
		snprintf(s->spec, sizeof(s->spec), "3.0x");
	else
		snprintf(s->spec, sizeof(s->spec), "?");
	s->bus_widths = (unsigned)bits(&r, 51, 48);
	s->valid = 1;
	return 0;
}

int bk_sd_ssr_decode(const char *hex, struct bk_sd_ssr *s)
{
	static const unsigned classes[] = { 0, 2, 4, 6, 10 };
	struct reg r;
	unsigned sc;

	memset(s, 0, sizeof(*s));
	if (reg_parse(hex, 512, &r))
		return -1;
	s->bus_width = bits(&r, 511, 510) == 2 ? 4 : 1;
	sc = (unsigned)bits(&r, 447, 440);
	s->speed_class = sc < 5 ? classes[sc] : 0;
	s->uhs_grade = (unsigned)bits(&r, 399, 396);
	s->video_class = (unsigned)bits(&r, 391, 384);
	s->app_class = (unsigned)bits(&r, 339, 336);
	s->valid = 1;
	return 0;
}

/*
 * SD manufacturer ids are assigned by the SD Association and not published
 * by it; these are the ids found on cards of each brand, as collected by
 * mmc-utils (lsmmc) and by card catalogues that list raw CIDs. Lists
 * disagree on a few ids; the brand here is the one on the cards.
 */
static const struct {
	unsigned mid;
	const char *name;
} makers[] = {
	{ 0x01, "Panasonic" },
	{ 0x02, "Toshiba/Kioxia" },
	{ 0x03, "SanDisk" },
	{ 0x1b, "Samsung" },
	{ 0x1d, "ADATA" },
	{ 0x27, "Phison (PNY, Gigastone, ...)" },
	{ 0x28, "Lexar" },
	{ 0x31, "Silicon Power" },
	{ 0x41, "Kingston" },
	{ 0x74, "Transcend" },
	{ 0x76, "Patriot" },
	{ 0x82, "Sony" },
	{ 0x9c, "Netac/Angelbird" },
};

const char *bk_sd_maker(unsigned mid)
{
	for (size_t i = 0; i < sizeof(makers) / sizeof(makers[0]); i++)
		if (makers[i].mid == mid)
			return makers[i].name;
	return NULL;
}
