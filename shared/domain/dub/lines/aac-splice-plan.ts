/**
 * Which AAC frames of a dub a line splice re-encodes and which it copies as they are
 * (docs/decisions/099-shot-changes-in-parallel-ranges.md "Splice"). AAC-LC codes 1024 samples a
 * frame; frame k's transform window spans 2048 samples, so the decoder's output for frame k is
 * the overlap of frames k-1 and k. Re-encoding frames [firstNew, tailFrom) therefore changes
 * decoded samples only from the start of frame firstNew to the end of frame tailFrom's first
 * half: everything before and after is decoded from the very same packets, bit for bit.
 */

/** Samples in one AAC-LC frame. */
export const AAC_FRAME_SAMPLES = 1024;

/**
 * Frames re-encoded on each side of the window beyond the ones it touches: the encoder's first
 * and last frames of a chunk are its least faithful, and the boundary overlap lands here.
 */
export const SPLICE_MARGIN_FRAMES = 2;

export interface AacTrack {
  /** Packets in the audio stream (the first is the encoder's priming frame). */
  frameCount: number;
  /**
   * Samples before the first packet's time stamp reaches 0 (the encoder delay the container
   * hides with an edit list; 1024 for ffmpeg's encoder). Packet k starts at k·1024 − priming.
   */
  priming: number;
}

export interface AacSplicePlan {
  /** Packets [0, firstNew) are copied. */
  firstNew: number;
  /** Packets [tailFrom, frameCount) are copied; tailFrom === frameCount means no tail. */
  tailFrom: number;
  /** The decoded sample (presentation time) where the re-encoded audio's input starts. */
  pcmFrom: number;
  /** Samples of input to encode: through the second half of the last new frame's window. */
  pcmSamples: number;
  /** Decoded samples that may differ from the previous dub: [changedFrom, changedTo). */
  changedFrom: number;
  changedTo: number;
}

/** The presentation sample where packet `k` starts. */
export function packetStart(track: AacTrack, k: number): number {
  return k * AAC_FRAME_SAMPLES - track.priming;
}

/**
 * The frames to re-encode for new audio in samples [startSample, endSample), with
 * SPLICE_MARGIN_FRAMES on each side. The priming frame is always copied.
 */
export function planAacSplice(
  track: AacTrack,
  startSample: number,
  endSample: number,
  marginFrames = SPLICE_MARGIN_FRAMES,
): AacSplicePlan {
  const margin = marginFrames * AAC_FRAME_SAMPLES;
  const firstNew = Math.min(
    track.frameCount,
    Math.max(1, Math.floor((startSample - margin + track.priming) / AAC_FRAME_SAMPLES)),
  );
  const tailFrom = Math.min(
    track.frameCount,
    Math.max(firstNew, Math.ceil((endSample + margin + track.priming) / AAC_FRAME_SAMPLES)),
  );
  const pcmFrom = packetStart(track, firstNew);
  const newFrames = tailFrom - firstNew;
  return {
    firstNew,
    tailFrom,
    pcmFrom,
    // Frame tailFrom − 1's window reaches one frame past its start.
    pcmSamples: (newFrames + 1) * AAC_FRAME_SAMPLES,
    changedFrom: pcmFrom,
    // The first copied tail frame overlaps the last new one: its output differs slightly too.
    changedTo: packetStart(track, Math.min(track.frameCount, tailFrom + 1)),
  };
}

/** One ADTS frame in a buffer: where it starts and its length with header. */
export interface AdtsFrame {
  offset: number;
  length: number;
}

/**
 * The frames of a raw ADTS stream (ffmpeg `-f adts`), or null when the bytes are not one: each
 * frame starts with the 12-bit sync word and carries its own length.
 */
export function parseAdtsFrames(bytes: Uint8Array): AdtsFrame[] | null {
  const frames: AdtsFrame[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 7 > bytes.length) return null;
    if (bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xf0) !== 0xf0) return null;
    const length =
      ((bytes[offset + 3]! & 0x03) << 11) |
      (bytes[offset + 4]! << 3) |
      ((bytes[offset + 5]! & 0xe0) >> 5);
    if (length < 7 || offset + length > bytes.length) return null;
    frames.push({ offset, length });
    offset += length;
  }
  return frames;
}
