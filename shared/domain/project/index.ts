export * from './document';
export * from './loudness';
