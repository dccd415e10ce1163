/** Delivery formats of generated audio, as the API names them (`audio_format`). */
export type AudioFormat = 'aac' | 'wav' | 'mp3' | 'flac';

export interface FormatInfo {
  ext: string;
  contentType: string;
  /** ffmpeg output arguments (codec, bitrate, container tweaks), before the output path. */
  codecArgs: string[];
}

/** Extensions and content types match the live service (docs/api-notes.md section 8). */
export const AUDIO_FORMAT_INFO: Record<AudioFormat, FormatInfo> = {
  aac: {
    ext: 'm4a',
    contentType: 'audio/mp4',
    codecArgs: ['-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart', '-f', 'mp4'],
  },
  wav: { ext: 'wav', contentType: 'audio/wav', codecArgs: ['-c:a', 'pcm_s16le', '-f', 'wav'] },
  mp3: {
    ext: 'mp3',
    contentType: 'audio/mpeg',
    codecArgs: ['-c:a', 'libmp3lame', '-b:a', '192k', '-f', 'mp3'],
  },
  flac: {
    ext: 'flac',
    contentType: 'audio/flac',
    codecArgs: ['-c:a', 'flac', '-sample_fmt', 's16', '-f', 'flac'],
  },
};
