// SPDX-License-Identifier: MIT
/*
 * C references of the integer kernels (stressInt). The layout and the
 * results are defined in include/burnkit/kernels.h.
 */
#include <burnkit/kernels.h>

void int_write_ref(uint32_t *buf, size_t words, uint32_t p1, uint32_t p2)
{
	for (size_t i = 0; i < words; i += 8) {
		buf[i + 0] = p1;
		buf[i + 1] = p1;
		buf[i + 2] = p1;
		buf[i + 3] = p1;
		buf[i + 4] = p2;
		buf[i + 5] = p2;
		buf[i + 6] = p2;
		buf[i + 7] = p2;
	}
}

int int_check_ref(const uint32_t *buf, size_t words, uint32_t p1, uint32_t p2)
{
	uint32_t and1 = ~0u, or1 = 0, and2 = ~0u, or2 = 0;

	for (size_t i = 0; i < words; i += 8) {
		for (size_t j = 0; j < 4; j++) {
			and1 &= buf[i + j];
			or1 |= buf[i + j];
			and2 &= buf[i + 4 + j];
			or2 |= buf[i + 4 + j];
		}
	}
	return !(and1 == p1 && or1 == p1 && and2 == p2 && or2 == p2);
}

uint32_t int_read_ref(const uint32_t *buf, size_t words)
{
	uint32_t sum = 0;

	for (size_t i = 0; i < words; i += 8) {
		sum += buf[i + 0] + buf[i + 1] + buf[i + 2] + buf[i + 3];
		sum -= buf[i + 4] + buf[i + 5] + buf[i + 6] + buf[i + 7];
	}
	return sum;
}
