// SPDX-License-Identifier: MIT
#include "capacity_map.h"

#include <stdio.h>
#include <string.h>

const char *const cap_class_name[CAP_CLASSES] = {
	"ok", "overwritten", "lost", "changed", "unreadable",
};

/* A word from file and unit: never 0 or 0xffffffff (those mean "lost"). */
static uint32_t unit_word(uint32_t run, uint32_t file, uint64_t unit)
{
	uint64_t x = ((uint64_t)file << 40) ^ unit ^ ((uint64_t)run << 20);

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ull;
	x ^= x >> 33;
	return (uint32_t)x == 0 || (uint32_t)x == 0xffffffffu ? 0x5a5a5a5au : (uint32_t)x;
}

static void cap_pattern(const void *arg, uint64_t unit, uint32_t *number, uint32_t *word,
			uint32_t *generation)
{
	const struct bk_layout *l = arg;

	*number = (uint32_t)(unit % 164) + 1;
	*word = unit_word(l->run, l->file, unit);
	*generation = 0;
}

void cap_layout(const struct cap_map *m, uint32_t file, struct bk_layout *l)
{
	*l = (struct bk_layout){ file, m->run, BK_UNIT_BYTES, cap_pattern, l };
}

void cap_map_init(struct cap_map *m, uint32_t run, uint64_t total_bytes, uint64_t file_bytes)
{
	uint64_t one_pct = total_bytes / 100;

	memset(m, 0, sizeof(*m));
	m->run = run;
	m->units_per_file = file_bytes / BK_UNIT_BYTES;
	m->total_units = total_bytes / BK_UNIT_BYTES;
	m->nfiles = (uint32_t)((m->total_units + m->units_per_file - 1) / m->units_per_file);
	m->first_bad = m->total_units;
	/* Every 1 % or 256 MB, whichever is less; 1 MB at least. */
	m->region_bytes = one_pct > (256ull << 20) ? 256ull << 20 : one_pct;
	if (m->region_bytes < (1u << 20))
		m->region_bytes = 1u << 20;
	m->region_bytes = (m->region_bytes + BK_UNIT_BYTES - 1) / BK_UNIT_BYTES * BK_UNIT_BYTES;
	while ((total_bytes + m->region_bytes - 1) / m->region_bytes > CAP_MAX_REGIONS)
		m->region_bytes *= 2;
	m->nregions = (unsigned)((total_bytes + m->region_bytes - 1) / m->region_bytes);
	for (unsigned i = 0; i < m->nregions; i++) {
		m->regions[i].offset = (uint64_t)i * m->region_bytes;
		m->regions[i].bytes = total_bytes - m->regions[i].offset < m->region_bytes ?
				      total_bytes - m->regions[i].offset : m->region_bytes;
	}
}

static void note_bad(struct cap_map *m, uint64_t g, enum cap_class c, const char *detail)
{
	unsigned r = (unsigned)(g * BK_UNIT_BYTES / m->region_bytes);

	m->count[c]++;
	if (g < m->first_bad)
		m->first_bad = g;
	if (r < m->nregions)
		m->regions[r].bad_units++;
	if (m->nnotes < CAP_MAX_NOTES)
		snprintf(m->notes[m->nnotes++], sizeof(m->notes[0]), "unit %llu (byte %llu): %s%s",
			 (unsigned long long)g, (unsigned long long)(g * BK_UNIT_BYTES),
			 cap_class_name[c], detail);
}

/* Does the unit hold exactly unit `unit` of file `file` of this run? */
static int holds(const struct cap_map *m, const uint32_t *w, uint32_t file, uint64_t unit)
{
	struct bk_layout l;
	uint32_t header[BK_UNIT_HEADER_WORDS], fill;

	cap_layout(m, file, &l);
	bk_layout_header(&l, unit, header, &fill);
	if (memcmp(w, header, sizeof(header)))
		return 0;
	for (unsigned i = BK_UNIT_HEADER_WORDS; i < BK_UNIT_WORDS; i++)
		if (w[i] != fill)
			return 0;
	return 1;
}

enum cap_class cap_judge(struct cap_map *m, uint64_t g, const uint32_t *w)
{
	uint32_t file = (uint32_t)(g / m->units_per_file) + 1;
	uint64_t unit = g % m->units_per_file;
	char detail[96];
	unsigned zeros = 0, ones = 0;

	if (holds(m, w, file, unit)) {
		m->count[CAP_OK]++;
		return CAP_OK;
	}
	for (unsigned i = 0; i < BK_UNIT_WORDS; i++) {
		zeros += w[i] == 0;
		ones += w[i] == 0xffffffffu;
	}
	if (zeros == BK_UNIT_WORDS || ones == BK_UNIT_WORDS) {
		note_bad(m, g, CAP_LOST, zeros == BK_UNIT_WORDS ? " (zeros)" : " (0xff)");
		return CAP_LOST;
	}
	if (w[3] == m->run && w[0] >= 1 && w[0] <= m->nfiles && w[1] < m->units_per_file &&
	    holds(m, w, w[0], w[1])) {
		uint64_t other = (uint64_t)(w[0] - 1) * m->units_per_file + w[1];

		snprintf(detail, sizeof(detail), " by unit %llu (byte %llu)",
			 (unsigned long long)other, (unsigned long long)(other * BK_UNIT_BYTES));
		note_bad(m, g, CAP_OVERWRITTEN, detail);
		return CAP_OVERWRITTEN;
	}
	note_bad(m, g, CAP_CHANGED, "");
	return CAP_CHANGED;
}

void cap_unreadable(struct cap_map *m, uint64_t g)
{
	note_bad(m, g, CAP_UNREADABLE, "");
}

void cap_time(struct cap_map *m, uint64_t off, uint64_t bytes, double secs, int write)
{
	unsigned r = (unsigned)(off / m->region_bytes);

	if (r >= m->nregions)
		return;
	if (write) {
		m->regions[r].write_s += secs;
		m->regions[r].written += bytes;
	} else {
		m->regions[r].read_s += secs;
		m->regions[r].read += bytes;
	}
}

int cap_usable_is_kept(const struct cap_map *m)
{
	return m->in_order && m->count[CAP_OVERWRITTEN] && m->count[CAP_OK] > m->first_bad;
}

uint64_t cap_usable_bytes(const struct cap_map *m)
{
	if (cap_usable_is_kept(m))
		return m->count[CAP_OK] * BK_UNIT_BYTES;
	return m->first_bad * BK_UNIT_BYTES;
}

const char *cap_verdict(const struct cap_map *m)
{
	uint64_t bad = 0;

	for (int k = CAP_OK + 1; k < CAP_CLASSES; k++)
		bad += m->count[k];
	if (!bad)
		return "genuine";
	if (m->count[CAP_OVERWRITTEN] || m->count[CAP_LOST])
		return "fake";
	return "damaged";
}
