import { streamEventSchema, type StreamEvent } from './responses';

/**
 * Incremental NDJSON splitter for the music streams (docs/api-notes.md 4.3): bytes may arrive split
 * anywhere, including inside a multi-byte character; lines are trimmed; blank lines and JSON
 * non-objects are skipped; an unparsable line is reported, not thrown, so the caller decides.
 */
export class NdjsonParser {
  private readonly decoder = new TextDecoder('utf-8');
  private pending = '';

  /** `maxLineChars`: a longer line is an error item, so one endless line cannot fill memory. */
  constructor(private readonly maxLineChars = Infinity) {}

  /** Feeds a chunk; returns the parsed items of every line completed by it. */
  push(chunk: Uint8Array): NdjsonItem[] {
    this.pending += this.decoder.decode(chunk, { stream: true });
    const items = this.drain(false);
    if (this.pending.length > this.maxLineChars) {
      this.pending = '';
      items.push({ ok: false, line: '', tooLong: true });
    }
    return items;
  }

  /** Ends the stream; a last line without a newline still counts. */
  end(): NdjsonItem[] {
    this.pending += this.decoder.decode();
    return this.drain(true);
  }

  private drain(final: boolean): NdjsonItem[] {
    const items: NdjsonItem[] = [];
    let newline = this.pending.indexOf('\n');
    while (newline !== -1) {
      pushLine(items, this.pending.slice(0, newline));
      this.pending = this.pending.slice(newline + 1);
      newline = this.pending.indexOf('\n');
    }
    if (final && this.pending.length > 0) {
      pushLine(items, this.pending);
      this.pending = '';
    }
    return items;
  }
}

export type NdjsonItem =
  { ok: true; event: StreamEvent } | { ok: false; line: string; tooLong?: boolean };

function pushLine(items: NdjsonItem[], rawLine: string): void {
  const line = rawLine.trim();
  if (!line) return;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    items.push({ ok: false, line });
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const parsed = streamEventSchema.safeParse(value);
  if (parsed.success) items.push({ ok: true, event: parsed.data });
  else items.push({ ok: true, event: { type: 'unknown', raw: value as Record<string, unknown> } });
}

/** WHATWG forgiving-base64 decode (padding optional, ASCII whitespace ignored). */
export function decodeBase64(data: string): Uint8Array | null {
  const cleaned = data.replace(/[\t\n\f\r ]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(cleaned)) return null;
  const unpadded = cleaned.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return null;
  const binary = atob(unpadded + '='.repeat((4 - (unpadded.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
