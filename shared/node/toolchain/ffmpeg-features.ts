/**
 * The ffmpeg filters and encoders the app's own arguments use (engine, main's media services,
 * scripts/make-assets.mjs). The bundled ffmpeg is a 2018 build (docs/decisions/071-bundled-ffmpeg.md):
 * ffmpeg-features.test.ts checks it has each of these, and a capability report can check a
 * user-set copy the same way. Add a name here when code starts using it.
 */
export const REQUIRED_FFMPEG_FILTERS = [
  // Audio: mixing, levels, timing, loudness.
  'adelay',
  'aformat',
  'alimiter',
  'amix',
  'anull',
  'apad',
  'aresample',
  'asetpts',
  'asplit',
  'atempo',
  'atrim',
  'ebur128',
  'sidechaincompress',
  'volume',
  // Picture: shot changes (select on the scene score, not scdet, which the bundled build lacks),
  // brightness and motion statistics, re-encoding.
  'format',
  'fps',
  'lutrgb',
  'metadata',
  'nullsink',
  'scale',
  'select',
  'setpts',
  'showinfo',
  'signalstats',
  'split',
  // Sources and joins of the sample clip scripts/make-assets.mjs makes.
  'color',
  'concat',
  'mandelbrot',
  'sine',
  'testsrc2',
  'trim',
] as const;

export const REQUIRED_FFMPEG_ENCODERS = [
  'aac',
  'flac',
  'libmp3lame',
  'libopus',
  'libx264',
  'pcm_f32le',
  'pcm_s16le',
  'pcm_s24le',
] as const;
