// SPDX-License-Identifier: MIT
/* lan_payload: the self-identifying stream pattern, made and checked. */
#include "lan_payload.h"

#include <string.h>

/*
 * Two words at a time, four vectors a step: 16-byte vectors stay in
 * registers on SSE2 and NEON alike (wider ones are split through the stack
 * where the ISA lacks them).
 */
typedef uint64_t lan_v2 __attribute__((vector_size(16)));

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define LAN_BIG_ENDIAN 1
#else
#define LAN_BIG_ENDIAN 0
#endif

#define UNIT_WORDS (LAN_UNIT / 8)

static inline uint64_t to_le(uint64_t v)
{
	return LAN_BIG_ENDIAN ? __builtin_bswap64(v) : v;
}

static inline lan_v2 load2(const unsigned char *p)
{
	lan_v2 v;

	memcpy(&v, p, 16);
	return v;
}

uint64_t lan_key(uint64_t run, uint32_t stream)
{
	/* splitmix64's finaliser: keys of neighbouring streams share no bits. */
	uint64_t z = run + 0x9e3779b97f4a7c15ull * ((uint64_t)stream + 1);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* The word at offset o, a multiple of 8. */
static inline uint64_t word_at(uint64_t key, uint64_t o)
{
	return o % LAN_UNIT ? key + o % LAN_PERIOD : key + o;
}

uint8_t lan_expected_byte(uint64_t key, uint64_t off)
{
	return (uint8_t)(word_at(key, off & ~7ull) >> (8 * (off & 7)));
}

/* One whole unit at offset o (a multiple of LAN_UNIT) into p. */
static inline void fill_unit(uint64_t key, unsigned char *p, uint64_t o)
{
	const lan_v2 k = { key, key }, step = { 64, 64 };
	uint64_t lo = o % LAN_PERIOD;
	lan_v2 o0 = { lo, lo + 8 }, o1 = o0 + 16, o2 = o0 + 32, o3 = o0 + 48;

	lan_v2 w0 = k + o0, w1 = k + o1, w2 = k + o2, w3 = k + o3;

	for (unsigned i = 0; i < LAN_UNIT; i += 64) {
		memcpy(p + i, &w0, 16);
		memcpy(p + i + 16, &w1, 16);
		memcpy(p + i + 32, &w2, 16);
		memcpy(p + i + 48, &w3, 16);
		w0 += step, w1 += step, w2 += step, w3 += step;
	}
	uint64_t h = key + o;

	memcpy(p, &h, 8);
}

void lan_fill(uint64_t key, void *buf, uint64_t off, size_t len)
{
	unsigned char *p = buf;

	while (len && (off & 7)) {
		*p++ = lan_expected_byte(key, off++);
		len--;
	}
	while (len >= 8 && (LAN_BIG_ENDIAN || off % LAN_UNIT)) {
		uint64_t w = to_le(word_at(key, off));

		memcpy(p, &w, 8);
		p += 8, off += 8, len -= 8;
	}
	for (; len >= LAN_UNIT; len -= LAN_UNIT, p += LAN_UNIT, off += LAN_UNIT)
		fill_unit(key, p, off);
	for (; len >= 8; len -= 8, p += 8, off += 8) {
		uint64_t w = to_le(word_at(key, off));

		memcpy(p, &w, 8);
	}
	while (len--)
		*p++ = lan_expected_byte(key, off++);
}

void lan_refill(uint64_t key, void *buf, uint64_t off, size_t len, uint64_t prev_off)
{
	unsigned char *p = buf;

	if (prev_off == UINT64_MAX || (off - prev_off) % LAN_PERIOD || off % 8) {
		lan_fill(key, buf, off, len);
		return;
	}
	/* Only the headers differ: the rest repeats with the period. */
	for (size_t i = (LAN_UNIT - off % LAN_UNIT) % LAN_UNIT; i + 8 <= len; i += LAN_UNIT) {
		uint64_t w = to_le(key + off + i);

		memcpy(p + i, &w, 8);
	}
}

void lan_put_header(uint64_t key, void *p, uint64_t off)
{
	uint64_t w = to_le(key + off);

	memcpy(p, &w, 8);
}

/* The first wrong byte in [off, off + len), which is known to hold one. */
static uint64_t first_wrong(uint64_t key, const unsigned char *p, uint64_t off, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (p[i] != lan_expected_byte(key, off + i))
			return off + i;
	return off + len;	/* not reached when the caller saw a difference */
}

/* Differences of two whole units at o (a multiple of LAN_UNIT), ORed. */
static inline lan_v2 diff_units(uint64_t key, const unsigned char *p, uint64_t o)
{
	const lan_v2 k = { key, key }, step = { 64, 64 };
	lan_v2 d0 = { 0, 0 }, d1 = d0, d2 = d0, d3 = d0;

	for (unsigned u = 0; u < 2; u++, p += LAN_UNIT, o += LAN_UNIT) {
		uint64_t lo = o % LAN_PERIOD;
		const lan_v2 h = { o - lo, 0 };	/* the header holds all of o */
		lan_v2 e0 = k + (lan_v2){ lo, lo + 8 }, e1 = e0 + 16, e2 = e0 + 32, e3 = e0 + 48;

		/* expected words kept ready: one add, one xor, one or per 16 bytes */
		d0 |= load2(p) ^ (e0 + h);
		d1 |= load2(p + 16) ^ e1;
		d2 |= load2(p + 32) ^ e2;
		d3 |= load2(p + 48) ^ e3;
		e0 += step, e1 += step, e2 += step, e3 += step;
		for (unsigned i = 64; i < LAN_UNIT; i += 64) {
			d0 |= load2(p + i) ^ e0;
			d1 |= load2(p + i + 16) ^ e1;
			d2 |= load2(p + i + 32) ^ e2;
			d3 |= load2(p + i + 48) ^ e3;
			e0 += step, e1 += step, e2 += step, e3 += step;
		}
	}
	return d0 | d1 | d2 | d3;
}

int lan_check(uint64_t key, const void *buf, uint64_t off, size_t len, uint64_t *bad)
{
	const unsigned char *p = buf, *start = buf;
	uint64_t off0 = off;
	size_t len0 = len;

	while (len && (off & 7)) {
		if (*p != lan_expected_byte(key, off))
			goto slow;
		p++, off++, len--;
	}
	while (len >= 8 && (LAN_BIG_ENDIAN || off % LAN_UNIT)) {
		uint64_t w;

		memcpy(&w, p, 8);
		if (w != to_le(word_at(key, off)))
			goto slow;
		p += 8, off += 8, len -= 8;
	}
	for (; len >= 2 * LAN_UNIT; len -= 2 * LAN_UNIT, p += 2 * LAN_UNIT, off += 2 * LAN_UNIT) {
		lan_v2 d = diff_units(key, p, off);

		if (d[0] | d[1])
			goto slow;
	}
	for (; len >= 8; len -= 8, p += 8, off += 8) {
		uint64_t w;

		memcpy(&w, p, 8);
		if (w != to_le(word_at(key, off)))
			goto slow;
	}
	while (len) {
		if (*p != lan_expected_byte(key, off))
			goto slow;
		p++, off++, len--;
	}
	return 0;
slow:
	*bad = first_wrong(key, start, off0, len0);
	return 1;
}

int lan_decode(uint64_t key, const void *word8, uint64_t limit, uint64_t *offset)
{
	uint64_t w;

	memcpy(&w, word8, 8);
	*offset = to_le(w) - key;
	return !(*offset & 7) && *offset < limit;
}
