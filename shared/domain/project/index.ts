export * from './document';
export * from './loudness';
export * from './subtitles-part';
export * from './score-jobs';
