import { z } from 'zod';

/**
 * The byte encodings a subtitle file can be read in (files are always written as UTF-8
 * without BOM). The value is what the chooser submits and what iconv-lite decodes with; `name`
 * is the encoding's registered name (WHATWG / IANA spelling), shown as the option text so a
 * user who knows "windows-1251" or "Shift_JIS" finds it. See docs/subtitles.md ("Encodings").
 */
export const SUBTITLE_ENCODINGS = [
  'utf-8',
  'utf-8-bom',
  'utf-16le',
  'utf-16be',
  'utf-32le',
  'utf-32be',
  'windows-1252',
  'windows-1250',
  'iso-8859-2',
  'windows-1251',
  'koi8-r',
  'iso-8859-5',
  'windows-1253',
  'iso-8859-7',
  'windows-1254',
  'iso-8859-9',
  'windows-1255',
  'iso-8859-8',
  'windows-1256',
  'iso-8859-6',
  'windows-1257',
  'shift_jis',
  'euc-jp',
  'gb18030',
  'big5',
  'euc-kr',
] as const;

export const subtitleEncodingSchema = z.enum(SUBTITLE_ENCODINGS);
export type SubtitleEncoding = z.infer<typeof subtitleEncodingSchema>;

interface EncodingInfo {
  /** Registered name, the chooser's option text. */
  name: string;
  /** The scripts or languages it is used for, to group the chooser's options. */
  group: string;
}

export const ENCODING_INFO: Record<SubtitleEncoding, EncodingInfo> = {
  'utf-8': { name: 'UTF-8', group: 'Unicode' },
  'utf-8-bom': { name: 'UTF-8 with BOM', group: 'Unicode' },
  'utf-16le': { name: 'UTF-16LE', group: 'Unicode' },
  'utf-16be': { name: 'UTF-16BE', group: 'Unicode' },
  'utf-32le': { name: 'UTF-32LE', group: 'Unicode' },
  'utf-32be': { name: 'UTF-32BE', group: 'Unicode' },
  'windows-1252': { name: 'windows-1252', group: 'Western European' },
  'windows-1250': { name: 'windows-1250', group: 'Central European' },
  'iso-8859-2': { name: 'ISO-8859-2', group: 'Central European' },
  'windows-1251': { name: 'windows-1251', group: 'Cyrillic' },
  'koi8-r': { name: 'KOI8-R', group: 'Cyrillic' },
  'iso-8859-5': { name: 'ISO-8859-5', group: 'Cyrillic' },
  'windows-1253': { name: 'windows-1253', group: 'Greek' },
  'iso-8859-7': { name: 'ISO-8859-7', group: 'Greek' },
  'windows-1254': { name: 'windows-1254', group: 'Turkish' },
  'iso-8859-9': { name: 'ISO-8859-9', group: 'Turkish' },
  'windows-1255': { name: 'windows-1255', group: 'Hebrew' },
  'iso-8859-8': { name: 'ISO-8859-8', group: 'Hebrew' },
  'windows-1256': { name: 'windows-1256', group: 'Arabic' },
  'iso-8859-6': { name: 'ISO-8859-6', group: 'Arabic' },
  'windows-1257': { name: 'windows-1257', group: 'Baltic' },
  shift_jis: { name: 'Shift_JIS', group: 'Japanese' },
  'euc-jp': { name: 'EUC-JP', group: 'Japanese' },
  gb18030: { name: 'gb18030', group: 'Chinese (simplified: GB2312, GBK)' },
  big5: { name: 'Big5', group: 'Chinese (traditional)' },
  'euc-kr': { name: 'EUC-KR', group: 'Korean' },
};

/** Kept for the existing import notes: a readable name per encoding. */
export const ENCODING_NAMES: Record<SubtitleEncoding, string> = Object.fromEntries(
  SUBTITLE_ENCODINGS.map((encoding) => [encoding, ENCODING_INFO[encoding].name]),
) as Record<SubtitleEncoding, string>;

/** One encoding the detector considered, with how sure it is (0-100). */
export const encodingCandidateSchema = z.object({
  encoding: subtitleEncodingSchema,
  confidence: z.number().min(0).max(100),
});
export type EncodingCandidate = z.infer<typeof encodingCandidateSchema>;
