/* SPDX-License-Identifier: MIT */
/*
 * lan_payload: what burnkit lan sends, and the check of every byte received.
 *
 * The drive testers' idea, made cheap enough for 10+ Gbit/s: every byte
 * says where it belongs. A data stream is a row of 8-byte little-endian
 * words; the word at stream offset o (a multiple of 8) is
 *
 *     key(run, stream) XOR o
 *
 * where key is a 64-bit mix of the run id (drawn at random per run) and the
 * stream number. A word thus carries its offset, and its stream and run
 * through the key: data of another stream, of an earlier run or from
 * another place in the stream never passes. Making and checking a buffer
 * is one XOR (and one OR, to gather differences) per word, done 32 bytes at
 * a time with the compiler's vector types; only a buffer that fails is
 * looked at byte by byte, to name the first wrong byte.
 *
 * TCP streams from the client start with a 64-byte hello (lan_proto.h) in
 * place of the first 64 pattern bytes; offsets always count from the first
 * byte of the TCP connection.
 */
#ifndef BK_LAN_PAYLOAD_H
#define BK_LAN_PAYLOAD_H

#include <stddef.h>
#include <stdint.h>

/* The key of one stream of one run. */
uint64_t lan_key(uint64_t run, uint32_t stream);

/* The expected byte at stream offset off. */
uint8_t lan_expected_byte(uint64_t key, uint64_t off);

/* Fill buf with stream bytes [off, off + len). Any off and len. */
void lan_fill(uint64_t key, void *buf, uint64_t off, size_t len);

/*
 * Check stream bytes [off, off + len) received into buf. Returns 0 when all
 * are right; else 1 with the stream offset of the first wrong byte in *bad.
 */
int lan_check(uint64_t key, const void *buf, uint64_t off, size_t len, uint64_t *bad);

/*
 * What a wrong 8-byte-aligned word at offset `at` looks like: the offset it
 * would hold in this stream (word XOR key), for "found data of offset X"
 * when a piece of the stream landed in the wrong place. Returns 1 when that
 * offset is plausible (a multiple of 8 below limit), else 0.
 */
int lan_decode(uint64_t key, const void *word8, uint64_t limit, uint64_t *offset);

#endif
