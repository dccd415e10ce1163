/**
 * Reading and writing subtitle files, for main and the engine (Node only: `subtitle` imports
 * node:stream, so this cannot live in the pure shared/domain). See
 * docs/decisions/040-subtitle-reader.md.
 */
export { decodeSubtitleBytes } from './decode';
export { parseSubtitleText } from './parse';
export type { ParsedSubtitles } from './parse';
export { readSubtitleBytes, formatFromName, MAX_READ_BYTES, MANY_CUES } from './read';
export type { ReadOptions, ReadOutcome } from './read';
export { formatSubtitles } from './write';
export type { Written } from './write';
export { readSubtitleFile, writeSubtitleFile } from './files';
