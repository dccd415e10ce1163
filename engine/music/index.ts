/**
 * The local engine's music generator: a deterministic composer (prompt keywords -> key, tempo,
 * style, A-B-A' form, harmony, melody, bass, pads, drums) rendered by fluidsynth on the FluidR3
 * General MIDI soundfont, mastered to -14 LUFS / -1 dBTP, watermarked, and encoded.
 */
export { streamMusic } from './produce/stream-music';
export { renderMusicFile } from './produce/render-file';
export { renderMusicForMix, type MusicHandOff } from './produce/render-hand-off';
export type { MusicFile, MusicFormat, MusicRunOptions, MusicSpec, MusicStream } from './spec';
