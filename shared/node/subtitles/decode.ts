import type { EncodingCandidate } from '../../domain/subtitles/encodings';
import type { ReadError, SubtitleEncoding } from '../../domain/subtitles/file';
import { decodeAs, detectLegacyEncoding } from './detect-encoding';

export interface DecodedText {
  text: string;
  encoding: SubtitleEncoding;
  /** False when a legacy encoding was a guess: the editor asks before importing. */
  sure: boolean;
  candidates: EncodingCandidate[];
}

export type Decoded = ({ ok: true } & DecodedText) | { ok: false; error: ReadError };

export interface DecodeOptions {
  /** The encoding the user chose: used as is, no detection. */
  encoding?: SubtitleEncoding;
  /** The file's language label, which breaks ties between legacy encodings. */
  language?: string | null;
}

const startsWith = (bytes: Uint8Array, ...prefix: number[]) =>
  prefix.every((byte, i) => bytes[i] === byte);

/** Share of NUL bytes at even or odd offsets: UTF-16 text without a BOM shows one side near 1/2. */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = Math.min(bytes.length, 4096) & ~1;
  if (sample < 8) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros += 1;
    if (bytes[i + 1] === 0) oddZeros += 1;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/** Control characters other than tab, line feed, form feed and carriage return mark binary data. */
function looksBinary(bytes: Uint8Array): boolean {
  const sample = Math.min(bytes.length, 65536);
  let control = 0;
  for (let i = 0; i < sample; i += 1) {
    const byte = bytes[i]!;
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d)
      control += 1;
  }
  return control > sample * 0.01;
}

const BINARY: ReadError = {
  code: 'binary_file',
  message:
    'This is not a text file (it contains binary data), so it cannot be subtitles. Choose an .srt or .vtt file.',
};

/** After decoding (UTF-16 hides NULs in pairs): NUL or many control characters mean binary. */
function hasBinaryCharacters(text: string): boolean {
  const sample = Math.min(text.length, 65536);
  let control = 0;
  for (let i = 0; i < sample; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0) return true;
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d)
      control += 1;
  }
  return control > sample * 0.01;
}

/** UTF-32 without a BOM: ASCII-range text shows three NUL bytes in every four. */
function utf32WithoutBom(bytes: Uint8Array): 'utf-32le' | 'utf-32be' | null {
  const sample = Math.min(bytes.length, 4096) & ~3;
  if (sample < 16) return null;
  let le = 0;
  let be = 0;
  for (let i = 0; i < sample; i += 4) {
    if (bytes[i + 1] === 0 && bytes[i + 2] === 0 && bytes[i + 3] === 0 && bytes[i] !== 0) le += 1;
    if (bytes[i] === 0 && bytes[i + 1] === 0 && bytes[i + 2] === 0 && bytes[i + 3] !== 0) be += 1;
  }
  const units = sample / 4;
  if (le > units * 0.6) return 'utf-32le';
  if (be > units * 0.6) return 'utf-32be';
  return null;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const unicode = (encoding: SubtitleEncoding): Omit<DecodedText, 'text'> => ({
  encoding,
  sure: true,
  candidates: [],
});

/** Which encoding the bytes are in, and whether that is known or a guess. */
function chooseEncoding(bytes: Uint8Array, options: DecodeOptions): Omit<DecodedText, 'text'> {
  if (options.encoding) return unicode(options.encoding);
  if (startsWith(bytes, 0xff, 0xfe, 0x00, 0x00)) return unicode('utf-32le');
  if (startsWith(bytes, 0x00, 0x00, 0xfe, 0xff)) return unicode('utf-32be');
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return unicode('utf-8-bom');
  if (startsWith(bytes, 0xff, 0xfe)) return unicode('utf-16le');
  if (startsWith(bytes, 0xfe, 0xff)) return unicode('utf-16be');
  const utf32 = utf32WithoutBom(bytes);
  if (utf32) return unicode(utf32);
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return unicode(utf16);
  if (isUtf8(bytes)) return unicode('utf-8');
  return detectLegacyEncoding(bytes, options.language);
}

const BOM_LENGTH: Partial<Record<SubtitleEncoding, number>> = {
  'utf-32le': 4,
  'utf-32be': 4,
  'utf-8-bom': 3,
  'utf-16le': 2,
  'utf-16be': 2,
};

function bomLength(bytes: Uint8Array, encoding: SubtitleEncoding): number {
  const length = BOM_LENGTH[encoding] ?? 0;
  const boms: Partial<Record<SubtitleEncoding, number[]>> = {
    'utf-32le': [0xff, 0xfe, 0x00, 0x00],
    'utf-32be': [0x00, 0x00, 0xfe, 0xff],
    'utf-8-bom': [0xef, 0xbb, 0xbf],
    'utf-16le': [0xff, 0xfe],
    'utf-16be': [0xfe, 0xff],
  };
  return length > 0 && startsWith(bytes, ...boms[encoding]!) ? length : 0;
}

/**
 * Bytes -> text, saying which encoding was used and whether it was certain: a BOM decides
 * (UTF-8, UTF-16 and UTF-32, LE/BE), then UTF-32/UTF-16 without a BOM by their NUL pattern,
 * then strict UTF-8, and otherwise the legacy code page the detector ranks first
 * (detect-encoding.ts), marked unsure when it could not decide. Binary data and empty files
 * are errors, not guesses.
 */
export function decodeSubtitleBytes(bytes: Uint8Array, options: DecodeOptions = {}): Decoded {
  const chosen = chooseEncoding(bytes, options);
  const isUnicode = chosen.encoding.startsWith('utf-');
  if (!isUnicode && looksBinary(bytes)) return { ok: false, error: BINARY };
  const decoded = decodeAs(bytes.subarray(bomLength(bytes, chosen.encoding)), chosen.encoding);
  const text = decoded.replace(/^\uFEFF/, '');
  if (text.trim() === '')
    return {
      ok: false,
      error: { code: 'empty_file', message: 'The file is empty: it has no cues to read.' },
    };
  if (hasBinaryCharacters(text)) return { ok: false, error: BINARY };
  return { ok: true, ...chosen, text };
}
