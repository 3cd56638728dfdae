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

static inline lan_v2 load2(const unsigned char *p)
{
	lan_v2 v;

	memcpy(&v, p, 16);
	return v;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define LAN_BIG_ENDIAN 1
#else
#define LAN_BIG_ENDIAN 0
#endif

static inline uint64_t to_le(uint64_t v)
{
	return LAN_BIG_ENDIAN ? __builtin_bswap64(v) : v;
}

uint64_t lan_key(uint64_t run, uint32_t stream)
{
	/* splitmix64's finaliser: keys of neighbouring streams share no bits. */
	uint64_t z = run + 0x9e3779b97f4a7c15ull * ((uint64_t)stream + 1);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint8_t lan_expected_byte(uint64_t key, uint64_t off)
{
	uint64_t w = key ^ (off & ~7ull);

	return (uint8_t)(w >> (8 * (off & 7)));
}

void lan_fill(uint64_t key, void *buf, uint64_t off, size_t len)
{
	unsigned char *p = buf;

	while (len && (off & 7)) {
		*p++ = lan_expected_byte(key, off++);
		len--;
	}
	if (!LAN_BIG_ENDIAN) {
		const lan_v2 k = { key, key }, step = { 64, 64 };
		lan_v2 o0 = { off, off + 8 }, o1 = o0 + 16, o2 = o0 + 32, o3 = o0 + 48;

		for (; len >= 64; len -= 64, p += 64, off += 64) {
			lan_v2 w0 = k ^ o0, w1 = k ^ o1, w2 = k ^ o2, w3 = k ^ o3;

			memcpy(p, &w0, 16);
			memcpy(p + 16, &w1, 16);
			memcpy(p + 32, &w2, 16);
			memcpy(p + 48, &w3, 16);
			o0 += step, o1 += step, o2 += step, o3 += step;
		}
	}
	for (; len >= 8; len -= 8, p += 8, off += 8) {
		uint64_t w = to_le(key ^ off);

		memcpy(p, &w, 8);
	}
	while (len--)
		*p++ = lan_expected_byte(key, off++);
}

/* The first wrong byte in [off, off + len), which is known to hold one. */
static uint64_t first_wrong(uint64_t key, const unsigned char *p, uint64_t off, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (p[i] != lan_expected_byte(key, off + i))
			return off + i;
	return off + len;	/* not reached when the caller saw a difference */
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
	if (!LAN_BIG_ENDIAN) {
		const lan_v2 k = { key, key }, step = { 64, 64 };
		lan_v2 o0 = { off, off + 8 }, o1 = o0 + 16, o2 = o0 + 32, o3 = o0 + 48;

		/* 1 KiB blocks: an OR of all differences, tested once a block. */
		while (len >= 1024) {
			lan_v2 d0 = { 0, 0 }, d1 = d0, d2 = d0, d3 = d0;

			for (int i = 0; i < 1024; i += 64) {
				d0 |= load2(p + i) ^ k ^ o0;
				d1 |= load2(p + i + 16) ^ k ^ o1;
				d2 |= load2(p + i + 32) ^ k ^ o2;
				d3 |= load2(p + i + 48) ^ k ^ o3;
				o0 += step, o1 += step, o2 += step, o3 += step;
			}
			d0 |= d1 | d2 | d3;
			if (d0[0] | d0[1])
				goto slow;
			p += 1024, off += 1024, len -= 1024;
		}
	}
	for (; len >= 8; len -= 8, p += 8, off += 8) {
		uint64_t w;

		memcpy(&w, p, 8);
		if (w != to_le(key ^ off))
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
	*offset = to_le(w) ^ key;
	return !(*offset & 7) && *offset < limit;
}
