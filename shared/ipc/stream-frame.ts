import { z } from 'zod';

/**
 * One `stream:chunk` push: a running stream's audio bytes, in sequence order. The bytes travel
 * as bytes end to end (docs/decisions/104-stream-bytes-not-base64.md): Electron hands the
 * Uint8Array over by structured clone, browser mode sends it as one binary WebSocket frame.
 */
export const streamChunkSchema = z.object({
  jobId: z.string(),
  seq: z.number().int().nonnegative(),
  data: z.instanceof(Uint8Array),
});
export type StreamChunkPayload = z.output<typeof streamChunkSchema>;

export const STREAM_CHUNK_CHANNEL = 'stream:chunk';

/**
 * Browser mode's binary frame for a `stream:chunk` push (every other push stays JSON text):
 *
 *   bytes 0..3        H, the header's length in bytes, unsigned 32-bit big-endian
 *   bytes 4..4+H      the header, UTF-8 JSON: {"channel":"stream:chunk","jobId":"…","seq":N}
 *   bytes 4+H..end    the audio bytes, unchanged
 *
 * The header is bounded so a frame that lies about its length is refused, not trusted.
 */
export const MAX_FRAME_HEADER_BYTES = 4096;
const LENGTH_BYTES = 4;

const frameHeaderSchema = z.object({
  channel: z.literal(STREAM_CHUNK_CHANNEL),
  jobId: z.string(),
  seq: z.number().int().nonnegative(),
});

export function encodeStreamChunkFrame(chunk: StreamChunkPayload): Uint8Array {
  const header = new TextEncoder().encode(
    JSON.stringify({ channel: STREAM_CHUNK_CHANNEL, jobId: chunk.jobId, seq: chunk.seq }),
  );
  const frame = new Uint8Array(LENGTH_BYTES + header.byteLength + chunk.data.byteLength);
  new DataView(frame.buffer).setUint32(0, header.byteLength);
  frame.set(header, LENGTH_BYTES);
  frame.set(chunk.data, LENGTH_BYTES + header.byteLength);
  return frame;
}

/** The push a frame carries, or null for anything that is not a well-formed frame. */
export function decodeStreamChunkFrame(frame: Uint8Array): StreamChunkPayload | null {
  if (frame.byteLength < LENGTH_BYTES) return null;
  const headerBytes = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0);
  if (headerBytes > MAX_FRAME_HEADER_BYTES) return null;
  const dataStart = LENGTH_BYTES + headerBytes;
  if (dataStart > frame.byteLength) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(frame.subarray(LENGTH_BYTES, dataStart)));
  } catch {
    return null;
  }
  const header = frameHeaderSchema.safeParse(raw);
  if (!header.success) return null;
  const chunk = streamChunkSchema.safeParse({
    jobId: header.data.jobId,
    seq: header.data.seq,
    // A view, not a copy: the frame holds nothing but this chunk.
    data: frame.subarray(dataStart),
  });
  return chunk.success ? chunk.data : null;
}
