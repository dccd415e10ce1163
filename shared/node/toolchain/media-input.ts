/**
 * What ffmpeg and ffprobe may do when they open a file someone handed the app: read that one
 * local file, with a demuxer for real audio or video. Without this, an "mp4" that is really an
 * HLS playlist or an ffconcat list makes the tool open other local files by path and read them
 * (docs/security.md, "Uploads are media, not references").
 */
export const ALLOWED_DEMUXERS = [
  'mov', // mov, mp4, m4a, 3gp, m4v
  'matroska', // mkv, webm
  'avi',
  'flv',
  'mpegts',
  'mpeg',
  'asf',
  'gif',
  'mp3',
  'wav',
  'w64',
  'flac',
  'ogg',
  'aac',
  'ac3',
  'eac3',
  'aiff',
  'caf',
] as const;

/** Input options placed before `-i FILE` (or ffprobe's file): one local file, media demuxers only. */
export const MEDIA_INPUT_GUARD = [
  '-protocol_whitelist',
  'file,pipe',
  '-format_whitelist',
  ALLOWED_DEMUXERS.join(','),
] as const;

/**
 * Plain words for a file ffprobe refused, instead of its own line ("moov atom not found",
 * "Invalid data found when processing input", "Format not on whitelist"): what a person can act on.
 */
export function unreadableMediaMessage(bytes: number | null): string {
  if (bytes === 0) return 'The file is empty.';
  return 'This is not an audio or video file Soundstage can read (or it is damaged). Export it again as MP4, MOV, WebM, WAV or MP3.';
}
