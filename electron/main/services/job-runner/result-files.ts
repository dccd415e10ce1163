import path from 'node:path';

/** One file to fetch from a finished task's envelope. */
export interface ResultFile {
  /** Which field it came from: audio[0], videos[1], outputs.es, outputs[0].music, subtitles.fr, … */
  role: string;
  url: string;
  /** File name without extension, unique within the job. */
  baseName: string;
  contentType?: string;
  expectedBytes?: number;
  /** From output_type when there is no content type: 'audio' or 'video'. */
  outputType?: string;
}

type Envelope = Record<string, unknown>;

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function asNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

function safeName(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 40) || 'file';
}

/**
 * Lists every downloadable file of a finished envelope (docs/api-notes.md 5.4): audio as list or
 * object, videos + video alias, outputs as list (sound) or language map (dubbing), output_url,
 * music / sfx / music_processed, vocals, mux, ducked, stems and subtitle maps. Aliases repeat a
 * URL already listed (video = videos[0], top-level output_url = outputs[0]); each URL is
 * fetched once, under the name of its first, most specific, occurrence.
 */
export function collectResultFiles(envelope: Envelope): ResultFile[] {
  const files: ResultFile[] = [];
  const seen = new Set<string>();

  const addMedia = (role: string, baseName: string, value: unknown) => {
    const media = asRecord(value);
    if (!media || typeof media.url !== 'string' || !media.url || seen.has(media.url)) return;
    seen.add(media.url);
    files.push({
      role,
      baseName,
      url: media.url,
      contentType: typeof media.content_type === 'string' ? media.content_type : undefined,
      expectedBytes: asNumber(media.file_size),
    });
  };
  const addUrl = (
    role: string,
    baseName: string,
    url: unknown,
    extra: Partial<ResultFile> = {},
  ) => {
    if (typeof url !== 'string' || !url || seen.has(url)) return;
    seen.add(url);
    files.push({ role, baseName, url, ...extra });
  };
  const addMediaList = (field: string, name: string, value: unknown) => {
    if (!Array.isArray(value)) return addMedia(field, name, value);
    value.forEach((item, i) =>
      addMedia(`${field}[${i}]`, value.length > 1 ? `${name}-${i + 1}` : name, item),
    );
  };

  addMediaList('audio', 'audio', envelope.audio);
  addMediaList('videos', 'video', envelope.videos);

  const outputs = envelope.outputs;
  if (Array.isArray(outputs)) {
    outputs.forEach((entry, i) => {
      const item = asRecord(entry);
      if (!item) return;
      const suffix = outputs.length > 1 ? `-${i + 1}` : '';
      addUrl(`outputs[${i}]`, `output${suffix}`, item.output_url, {
        outputType: typeof item.output_type === 'string' ? item.output_type : undefined,
        expectedBytes: asNumber(item.output_bytes),
      });
      addMedia(`outputs[${i}].music`, `music${suffix}`, item.music);
      addMedia(`outputs[${i}].music_processed`, `music-processed${suffix}`, item.music_processed);
      addMedia(`outputs[${i}].sfx`, `sfx${suffix}`, item.sfx);
    });
  } else if (asRecord(outputs)) {
    for (const [language, url] of Object.entries(asRecord(outputs) ?? {})) {
      addUrl(`outputs.${language}`, `dub-${safeName(language)}`, url, { outputType: 'video' });
    }
  }

  addMedia('video', 'video', envelope.video);
  addUrl('output_url', 'output', envelope.output_url, {
    outputType: typeof envelope.output_type === 'string' ? envelope.output_type : undefined,
    expectedBytes: asNumber(envelope.output_bytes),
  });
  addMedia('music', 'music', envelope.music);
  addMedia('music_processed', 'music-processed', envelope.music_processed);
  addMedia('sfx', 'sfx', envelope.sfx);
  addMedia('vocals', 'vocals', envelope.vocals);
  addMediaList('mux', 'mux', envelope.mux);
  addMediaList('ducked', 'ducked', envelope.ducked);

  if (Array.isArray(envelope.stems)) {
    envelope.stems.forEach((entry, i) => {
      const stem = asRecord(entry);
      if (!stem) return;
      const index = asNumber(stem.stream_index) ?? i;
      for (const part of ['drums', 'bass', 'vocals', 'other']) {
        addMedia(`stems[${i}].${part}`, `stem-${index + 1}-${part}`, stem[part]);
      }
    });
  }

  for (const [language, url] of Object.entries(asRecord(envelope.subtitles) ?? {})) {
    addUrl(`subtitles.${language}`, `subtitles-${safeName(language)}`, url, {
      contentType: 'application/x-subrip',
    });
  }
  return files;
}

const KNOWN_EXTENSIONS = new Set([
  '.m4a',
  '.mp4',
  '.wav',
  '.mp3',
  '.aac',
  '.flac',
  '.ogg',
  '.srt',
  '.vtt',
  '.webm',
  '.mov',
  '.json',
]);

const EXTENSION_BY_TYPE: Record<string, string> = {
  'audio/mp4': '.m4a',
  'audio/x-m4a': '.m4a',
  'audio/m4a': '.m4a',
  'audio/wav': '.wav',
  'audio/x-wav': '.wav',
  'audio/wave': '.wav',
  'audio/mpeg': '.mp3',
  'audio/mp3': '.mp3',
  'audio/aac': '.aac',
  'audio/flac': '.flac',
  'audio/ogg': '.ogg',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'application/x-subrip': '.srt',
  'text/srt': '.srt',
  'text/vtt': '.vtt',
};

/**
 * The extension of a result file: from the URL path when it names a media type (what the CLIs
 * do), else from the content type, else from output_type (audio results default to wav).
 */
export function extensionFor(
  file: Pick<ResultFile, 'url' | 'contentType' | 'outputType'>,
  responseType?: string,
): string {
  try {
    const ext = path.posix.extname(new URL(file.url, 'http://x/').pathname).toLowerCase();
    if (KNOWN_EXTENSIONS.has(ext)) return ext;
  } catch {
    // Not a URL we can read a path from; fall through to the content type.
  }
  for (const type of [file.contentType, responseType]) {
    const ext = type ? EXTENSION_BY_TYPE[type.toLowerCase()] : undefined;
    if (ext) return ext;
  }
  if (file.outputType === 'video') return '.mp4';
  if (file.outputType === 'audio') return '.wav';
  return '.bin';
}
