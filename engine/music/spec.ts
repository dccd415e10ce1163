import type { Segment } from '../../shared/api/segments';
import type { MusicFormat } from './render/encoder';

export interface MusicSpec {
  prompt: string;
  durationSeconds: number;
  /** Timed prompts (shared/api/segments); each one shapes the section(s) it covers. */
  segments?: Segment[];
  /** Seconds where section changes and accents should land (video cuts). */
  cuts?: number[];
  /** Another take on the same prompt; the same prompt and seed always give the same piece. */
  seed?: number;
}

export interface MusicStream {
  title: string;
  summary: string;
  tags: string[];
  /** Fragmented MP4 (AAC) bytes; their concatenation is a valid m4a. */
  chunks: AsyncIterable<Uint8Array>;
}

export interface MusicRunOptions {
  workDir: string;
  signal?: AbortSignal;
  watermarkPayload: number;
  /** Engine-wide watermark key; defaults to engine/watermark's DEFAULT_WATERMARK_KEY. */
  watermarkKey?: string;
}

export interface MusicFile {
  path: string;
  contentType: string;
  sampleRate: number;
  channels: number;
  title: string;
  summary: string;
  tags: string[];
}

export type { MusicFormat };
