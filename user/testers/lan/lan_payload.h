/* SPDX-License-Identifier: MIT */
/*
 * lan_payload: what burnkit lan sends, and the check of every byte received.
 *
 * The drive testers' idea, made cheap enough for 10+ Gbit/s: every byte
 * says where it belongs. A data stream is a row of 8-byte little-endian
 * words in 512-byte units; with key = a 64-bit mix of the run id (drawn at
 * random per run) and the stream number, the word at stream offset o is
 *
 *     key + o                    for the first word of a unit (its header)
 *     key + (o mod 64 KiB)       for the other 63          (mod 2^64)
 *
 * Every word thus depends on the run, the stream and its offset: data of
 * another stream, of an earlier run or from another place in the stream
 * never passes (a piece moved by a multiple of 64 KiB is caught by the
 * header of any unit it covers). Checking is one pass, 16 bytes at a time
 * with the compiler's vector types: the expected words advance by one add,
 * and an XOR and an OR gather the differences; only a buffer
 * that fails is looked at byte by byte, to name the first wrong byte. And
 * the sender hardly writes at all: a buffer of a multiple of 64 KiB, sent
 * again at the next offset, needs only its unit headers rewritten, one
 * word in 64 (the drive testers' refill).
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

#define LAN_UNIT 512u		/* bytes a header word covers */
#define LAN_PERIOD 65536u	/* the other words repeat with this period */

/* Fill buf with stream bytes [off, off + len). Any off and len. */
void lan_fill(uint64_t key, void *buf, uint64_t off, size_t len);

/*
 * The same, for a buffer that holds bytes [prev_off, prev_off + len): only
 * the unit headers are rewritten when off - prev_off is a multiple of
 * LAN_PERIOD (and prev_off and off are multiples of 8); else all of it.
 */
void lan_refill(uint64_t key, void *buf, uint64_t off, size_t len, uint64_t prev_off);

/* Write the 8 bytes key + off (a header, or a UDP datagram's name) at p. */
void lan_put_header(uint64_t key, void *p, uint64_t off);

/*
 * Check stream bytes [off, off + len) received into buf. Returns 0 when all
 * are right; else 1 with the stream offset of the first wrong byte in *bad.
 */
int lan_check(uint64_t key, const void *buf, uint64_t off, size_t len, uint64_t *bad);

/*
 * What a unit header (or a UDP datagram's first word) says: the offset it
 * holds in this stream (word - key), for "found data of offset X" when a
 * piece of the stream landed in the wrong place. Returns 1 when that offset
 * is plausible (a multiple of 8 below limit), else 0.
 */
int lan_decode(uint64_t key, const void *word8, uint64_t limit, uint64_t *offset);

#endif
