import type { ReadError, SubtitleEncoding } from '../../domain/subtitles/file';

export type Decoded =
  { ok: true; text: string; encoding: SubtitleEncoding } | { ok: false; error: ReadError };

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

function decode(label: string, bytes: Uint8Array, fatal = false): string {
  return new TextDecoder(label, { fatal }).decode(bytes);
}

/**
 * Windows-1252's 0x80-0x9F (the euro sign, curly quotes, dashes...). Node's TextDecoder treats
 * "windows-1252" as Latin-1 and would give control characters here, so the table is ours.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    text += String.fromCharCode(
      ...Array.from(chunk, (byte) =>
        byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH.charCodeAt(byte - 0x80) : byte,
      ),
    );
  }
  return text;
}

/**
 * Bytes -> text, saying which encoding was used: a BOM decides (UTF-8, UTF-16 LE/BE; UTF-32 is
 * refused by name), then UTF-16 without a BOM by its NUL pattern, then strict UTF-8, and
 * otherwise Windows-1252, the superset of Latin-1 that old Western subtitle files use. Binary
 * data and empty files are errors, not guesses.
 */
export function decodeSubtitleBytes(bytes: Uint8Array): Decoded {
  if (startsWith(bytes, 0xff, 0xfe, 0x00, 0x00) || startsWith(bytes, 0x00, 0x00, 0xfe, 0xff)) {
    return {
      ok: false,
      error: {
        code: 'unsupported_encoding',
        message:
          'The file is UTF-32 text, which subtitle players and the dubbing service do not read. Save it as UTF-8 and open it again.',
      },
    };
  }
  let decoded: { text: string; encoding: SubtitleEncoding } | null = null;
  if (startsWith(bytes, 0xef, 0xbb, 0xbf))
    decoded = { text: decode('utf-8', bytes), encoding: 'utf-8-bom' };
  else if (startsWith(bytes, 0xff, 0xfe))
    decoded = { text: decode('utf-16le', bytes.subarray(2)), encoding: 'utf-16le' };
  else if (startsWith(bytes, 0xfe, 0xff))
    decoded = { text: decode('utf-16be', bytes.subarray(2)), encoding: 'utf-16be' };
  else {
    const utf16 = utf16WithoutBom(bytes);
    if (utf16) decoded = { text: decode(utf16, bytes), encoding: utf16 };
  }
  if (!decoded) {
    if (looksBinary(bytes)) {
      return { ok: false, error: BINARY };
    }
    try {
      decoded = { text: decode('utf-8', bytes, true), encoding: 'utf-8' };
    } catch {
      decoded = { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
    }
  }
  const text = decoded.text.replace(/^\uFEFF/, '');
  if (text.trim() === '')
    return {
      ok: false,
      error: { code: 'empty_file', message: 'The file is empty: it has no cues to read.' },
    };
  if (hasBinaryCharacters(text)) return { ok: false, error: BINARY };
  return { ok: true, ...decoded, text };
}
