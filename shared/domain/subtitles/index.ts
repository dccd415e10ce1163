/**
 * The subtitle domain: cue model, QC rules and profiles, fixes, text measures, the fit estimate
 * and local language detection. Pure TypeScript (no Node, no DOM): the editor, main and the
 * engine use this one implementation. Language detection is imported from './language'
 * directly: it carries tinyld's n-gram tables (about 800 KB), which a renderer bundle should
 * only take where it is used. Reading and writing files is Node-side, in
 * shared/node/subtitles.
 */
export * from './cue';
export * from './text';
export * from './profiles';
export * from './issue';
export * from './qc';
export { QC_RULES } from './rules';
export * from './wrap';
export * from './fit';
export * from './file';
export * from './file-language';
export * from './document';
export { applyFix, fixAll, closeSmallGaps, FIXES, FIX_LABELS } from './fixes';
export type { AppliedFix } from './fixes';
export type { Fix } from './fixes/fix';
export * from './edits';
export * from './find-replace';
export * from './glossary';
export { parseMarkup } from './markup';
export type { MarkupRun } from './markup';
