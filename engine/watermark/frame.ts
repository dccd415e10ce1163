import { createHmac } from 'node:crypto';

/** One payload bit per block of this many samples (~93 ms at 44.1 kHz). */
export const BLOCK_SIZE = 4096;
export const SYNC_BITS = 16;
export const PAYLOAD_BITS = 32;
export const CRC_BITS = 8;
export const FRAME_BITS = SYNC_BITS + PAYLOAD_BITS + CRC_BITS;
/** Fixed sync word; it is keyed indirectly through the bit scrambling below. */
export const SYNC_WORD = 0xb5a3;

/** CRC-8 (polynomial 0x07, init 0) over the payload's four big-endian bytes. */
export function crc8(payload: number): number {
  let crc = 0;
  for (let shift = 24; shift >= 0; shift -= 8) {
    crc ^= (payload >>> shift) & 0xff;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function pushBits(out: number[], value: number, count: number): void {
  for (let i = count - 1; i >= 0; i--) out.push((value >>> i) & 1);
}

/** The 56 frame bits before scrambling: sync word, payload, CRC-8. */
export function frameBits(payload: number): number[] {
  const bits: number[] = [];
  pushBits(bits, SYNC_WORD, SYNC_BITS);
  pushBits(bits, payload >>> 0, PAYLOAD_BITS);
  pushBits(bits, crc8(payload >>> 0), CRC_BITS);
  return bits;
}

/**
 * Keyed XOR mask for the frame bits. Without it, a wrong key's chips still correlate faintly
 * with the right ones, and summing hundreds of blocks can recover the frame (design note 9.1).
 */
export function scrambleMask(key: string): number[] {
  const digest = createHmac('sha256', key).update('soundstage-watermark-scramble-v1').digest();
  const bits: number[] = [];
  for (let i = 0; i < FRAME_BITS; i++) bits.push((digest[i >> 3]! >> (7 - (i & 7))) & 1);
  return bits;
}

/** The ±1 sign carried by each block position of a frame. */
export function frameSigns(payload: number, key: string): Int8Array {
  const bits = frameBits(payload);
  const mask = scrambleMask(key);
  const signs = new Int8Array(FRAME_BITS);
  for (let i = 0; i < FRAME_BITS; i++) signs[i] = (bits[i]! ^ mask[i]!) === 1 ? 1 : -1;
  return signs;
}

/**
 * Reads a frame from 56 descrambled hard bits, or null when the sync word or the CRC does not
 * match. Both are required: CRC-8 alone passes by chance on clean audio (design note 9.3).
 */
export function parseFrame(bits: ArrayLike<number>): number | null {
  let sync = 0;
  for (let i = 0; i < SYNC_BITS; i++) sync = (sync << 1) | bits[i]!;
  if (sync !== SYNC_WORD) return null;
  let payload = 0;
  for (let i = 0; i < PAYLOAD_BITS; i++) payload = ((payload << 1) | bits[SYNC_BITS + i]!) >>> 0;
  let crc = 0;
  for (let i = 0; i < CRC_BITS; i++) crc = (crc << 1) | bits[SYNC_BITS + PAYLOAD_BITS + i]!;
  return crc === crc8(payload) ? payload : null;
}
