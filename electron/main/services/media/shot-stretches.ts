/**
 * Which stretches of a video need a full decode to find its shot changes (docs/decisions/060).
 * Pure: the inputs come from a packet listing (no decoding) and a keyframes-only decode.
 */

/** A video packet in file (decode) order. */
export interface VideoPacket {
  /** Presentation time in seconds, on the file's own clock. */
  time: number;
  size: number;
  /** A sync sample: decoding (and seeking) can start here. */
  key: boolean;
}

/** A frame of the keyframe scan and how far it differs from the scan frame before (0–255). */
export interface KeyframeDiff {
  time: number;
  diff: number;
}

/**
 * Seconds of the file (own clock) to decode in full; `end` is included, null runs to the end.
 * The scene score of a frame also depends on the difference before it, so a stretch's second
 * frame is scored against nothing: when it scores as a cut, the stretch is decoded again from
 * `runUp` (the keyframe before; null at the file's start) and only changes after `start` count.
 */
export interface Stretch {
  start: number;
  end: number | null;
  runUp: number | null;
}

interface Span {
  start: number;
  end: number | null;
}

/**
 * A non-key packet at least this fraction of its GOP's keyframe carries mostly new picture
 * (intra-coded): the usual sign of a cut the encoder gave no keyframe. A cut into or out of a
 * textured shot makes one; predicted frames of fast motion stay below (at most 0.7 measured on
 * lavfi testsrc2), and a false alarm only costs decoding.
 */
export const INTRA_FRACTION = 0.8;
/**
 * Keyframes smaller than this many bytes per pixel show a flat picture (a flat colour at
 * 320×180 codes to ~0.0012, SMPTE bars at 720p to 0.0017, camera footage to 0.03 and up): a
 * flash of another flat colour inside such a GOP codes tiny, so sizes cannot reveal it, but the
 * GOP decodes cheaply (nearly every block is skipped), so it is decoded in full.
 */
export const QUIET_BYTES_PER_PIXEL = 0.0015;
/** Longest stretch one ffmpeg run decodes, so the two cores can share a long one. */
export const MAX_STRETCH_SECONDS = 20;

/** Times of the packets that look intra-coded, and of the keyframes of quiet GOPs. */
export function sizeSigns(packets: readonly VideoPacket[], pixels: number): number[] {
  const signs: number[] = [];
  let keySize = Infinity;
  for (const packet of packets) {
    if (packet.key) {
      keySize = packet.size;
      if (pixels > 0 && keySize < QUIET_BYTES_PER_PIXEL * pixels) signs.push(packet.time);
    } else if (packet.size >= INTRA_FRACTION * keySize) {
      signs.push(packet.time);
    }
  }
  return signs;
}

/** The last keyframe at or before `time`, else the first one. */
function keyAtOrBefore(keys: readonly number[], time: number): number {
  let found = keys[0]!;
  for (const key of keys) {
    if (key > time) break;
    found = key;
  }
  return found;
}

/** The first keyframe after `time`, or null when `time` is in the last GOP. */
function keyAfter(keys: readonly number[], time: number): number | null {
  for (const key of keys) if (key > time) return key;
  return null;
}

/**
 * The stretches to decode in full: each keyframe-scan frame that differs from the one before
 * by more than `minDiff` asks for everything between the two, each size sign for its GOP.
 * Stretches start at keyframes (where a decode can start), touching ones are joined, and long
 * ones are split at keyframes into pieces of about MAX_STRETCH_SECONDS that share the boundary
 * frame (the piece before scores it with its predecessor).
 */
export function planStretches(
  packets: readonly VideoPacket[],
  pixels: number,
  scan: readonly KeyframeDiff[],
  minDiff: number,
): Stretch[] {
  const keys = packets
    .filter((p) => p.key)
    .map((p) => p.time)
    .sort((a, b) => a - b);
  if (keys.length === 0) return [];
  const wanted: Span[] = [];
  const scanned = [...scan].sort((a, b) => a.time - b.time);
  // Each scan frame is a difference against the frame decoded before it (the first keyframe
  // for the first one, which the difference filter does not output on its own).
  scanned.forEach((frame, i) => {
    if (frame.diff <= minDiff) return;
    const before = i > 0 ? scanned[i - 1]!.time : keys[0]!;
    wanted.push({ start: keyAtOrBefore(keys, before), end: frame.time });
  });
  for (const time of sizeSigns(packets, pixels)) {
    const start = keyAtOrBefore(keys, time);
    wanted.push({ start, end: keyAfter(keys, start) });
  }
  return splitLong(joinTouching(wanted), keys).map((span) => ({
    ...span,
    runUp: keys.filter((key) => key < span.start).at(-1) ?? null,
  }));
}

function joinTouching(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const joined: Span[] = [];
  for (const next of sorted) {
    const last = joined.at(-1);
    if (last && (last.end === null || next.start <= last.end)) {
      last.end = last.end === null || next.end === null ? null : Math.max(last.end, next.end);
    } else {
      joined.push({ ...next });
    }
  }
  return joined;
}

function splitLong(spans: Span[], keys: readonly number[]): Span[] {
  const pieces: Span[] = [];
  for (const stretch of spans) {
    let start = stretch.start;
    for (const key of keys) {
      if (key <= start) continue;
      if (stretch.end !== null && key >= stretch.end) break;
      if (key - start >= MAX_STRETCH_SECONDS) {
        pieces.push({ start, end: key });
        start = key;
      }
    }
    pieces.push({ start, end: stretch.end });
  }
  return pieces;
}
