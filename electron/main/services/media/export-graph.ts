/**
 * The ffmpeg command lines of an export, as pure functions of the plan (tested without ffmpeg,
 * run by export.ts). See docs/editing.md, "Export pipeline".
 */
export interface MixTrack {
  role: 'music' | 'sfx' | 'audio';
  path: string;
  offsetMs: number;
  /** The file's start skipped and the length heard (a take trimmed on the timeline). */
  trimStartMs?: number | undefined;
  lengthMs?: number | undefined;
  gainDb: number;
}

export interface MixPlan {
  durationMs: number;
  /** The video's own sound, when it has any and the lane is not muted. */
  source: { path: string; gainDb: number } | null;
  tracks: MixTrack[];
  duck: { enabled: boolean; depthDb: number };
  /**
   * The source keys the duck but is not heard: the music stem, ducked exactly as in the mix
   * (stems.ts). False or absent in the mix itself.
   */
  sourceKeyOnly?: boolean;
}

const RATE = 48_000;
const NORMALISE_INPUT = `aresample=${RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;

/**
 * The side-chain compressor's `mix` that gives roughly `depthDb` of ducking: with ratio 20 and a
 * −40 dBFS threshold, speech pushes the compressed music ~19 dB down (to ~0.1 of its level), so
 * blending `mix` of it with the dry music leaves (1 − mix) + 0.1·mix of the level under speech.
 */
export function duckMix(depthDb: number): number {
  const keep = 10 ** (-depthDb / 20);
  return Math.min(1, Math.max(0, (1 - keep) / 0.9));
}

/** A trimmed take: the part heard, cut in samples (exact at 48 kHz) and restarted at 0. */
function trimFilter(track: Pick<MixTrack, 'trimStartMs' | 'lengthMs'>): string {
  const start = Math.round(((track.trimStartMs ?? 0) * RATE) / 1000);
  if (start === 0 && track.lengthMs === undefined) return '';
  const end =
    track.lengthMs !== undefined
      ? `:end_sample=${start + Math.round((track.lengthMs * RATE) / 1000)}`
      : '';
  return `,atrim=start_sample=${start}${end},asetpts=PTS-STARTPTS`;
}

/**
 * The filtergraph mixing every lane into `[mix]` (48 kHz stereo float, exactly durationMs long).
 * Written for the bundled 2018 ffmpeg (docs/decisions/071-bundled-ffmpeg.md): its amix has no
 * `normalize=0` and always scales each input by 1/(inputs still playing), so every lane is first
 * padded and cut to exactly the export's length — the scale is then a constant 1/n for the whole
 * mix and `volume=n` after amix restores a plain sum. adelay's `all=1` and apad's `whole_dur`
 * are newer too: the delay is given per channel (inputs are stereo by then) and lengths in samples.
 */
export function mixFilterGraph(plan: MixPlan): { inputs: string[]; graph: string } {
  const samples = Math.round((plan.durationMs * RATE) / 1000);
  const fit = `apad=whole_len=${samples},atrim=end_sample=${samples},asetpts=PTS-STARTPTS`;
  const sum = (labels: string[]): string =>
    `${labels.map((l) => `[${l}]`).join('')}amix=inputs=${labels.length}:duration=longest,volume=${labels.length}`;
  const inputs: string[] = [];
  const chains: string[] = [];
  const lanes: string[] = [];
  let source: string | null = null;
  if (plan.source) {
    inputs.push(plan.source.path);
    chains.push(`[0:a:0]${NORMALISE_INPUT},volume=${plan.source.gainDb}dB,${fit}[src]`);
    source = 'src';
  }
  const music: string[] = [];
  plan.tracks.forEach((track, i) => {
    const input = inputs.length;
    inputs.push(track.path);
    const delay = track.offsetMs > 0 ? `,adelay=delays=${track.offsetMs}|${track.offsetMs}` : '';
    chains.push(
      `[${input}:a:0]${NORMALISE_INPUT}${trimFilter(track)}${delay},volume=${track.gainDb}dB,${fit}[t${i}]`,
    );
    if (track.role === 'music') music.push(`t${i}`);
    else lanes.push(`t${i}`);
  });
  if (music.length > 0) {
    let musicLabel = music[0]!;
    if (music.length > 1) {
      chains.push(`${sum(music)}[music]`);
      musicLabel = 'music';
    }
    if (source && plan.duck.enabled && plan.duck.depthDb > 0) {
      // The compressor is keyed by the source as heard (after its gain); attack and release follow
      // the usual ducking ramps (down ~150 ms, back up ~500 ms).
      let key = source;
      if (!plan.sourceKeyOnly) {
        chains.push(`[src]asplit=2[srcmix][key]`);
        key = 'key';
        source = 'srcmix';
      }
      chains.push(
        `[${musicLabel}][${key}]sidechaincompress=threshold=0.01:ratio=20:attack=150:release=500:` +
          `mix=${duckMix(plan.duck.depthDb).toFixed(4)}[ducked]`,
      );
      musicLabel = 'ducked';
      // A stem keyed by the source without it: the key is used up by the compressor.
      if (plan.sourceKeyOnly) source = null;
    }
    lanes.unshift(musicLabel);
  }
  if (source && plan.sourceKeyOnly) {
    // Nothing to key: the source is dropped (a graph output may not be left unconnected).
    chains.push(`[${source}]anullsink`);
  } else if (source) lanes.unshift(source);
  if (lanes.length === 1) chains.push(`[${lanes[0]}]anull[mix]`);
  else chains.push(`${sum(lanes)},${fit}[mix]`);
  return { inputs, graph: chains.join(';') };
}

/** Pass 1: every lane mixed into a float WAV in the scratch folder. */
export function mixArgs(plan: MixPlan, outWav: string): string[] {
  const { inputs, graph } = mixFilterGraph(plan);
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-v',
    'error',
    '-progress',
    'pipe:1',
    ...inputs.flatMap((input) => ['-i', input]),
    '-filter_complex',
    graph,
    '-map',
    '[mix]',
    '-c:a',
    'pcm_f32le',
    '-y',
    outWav,
  ];
}

/** The gain (and, when needed, limiter) that brings a measured mix to the target loudness. */
export function normaliseFilter(
  measured: { integratedLufs: number; truePeakDb: number },
  targetLufs: number,
  ceilingDb: number,
): string {
  const gain = targetLufs - measured.integratedLufs;
  // Headroom under the ceiling: encoders and resampling add a few tenths of a dB of peak.
  const safeCeiling = ceilingDb - 0.5;
  if (measured.truePeakDb + gain <= safeCeiling) return `volume=${gain.toFixed(2)}dB`;
  // Limit at 4× the rate, where sample peaks approximate true (inter-sample) peaks.
  const limit = 10 ** ((safeCeiling - 0.5) / 20);
  return (
    `volume=${gain.toFixed(2)}dB,aresample=${RATE * 4},` +
    `alimiter=limit=${limit.toFixed(4)}:attack=5:release=50:level=false,aresample=${RATE}`
  );
}

export type ExportContainer = 'mp4' | 'mov' | 'm4v' | 'mkv' | 'webm' | 'm4a' | 'wav';

function audioCodecArgs(container: ExportContainer): string[] {
  if (container === 'wav') return ['-c:a', 'pcm_s24le'];
  if (container === 'webm') return ['-c:a', 'libopus', '-b:a', '192k'];
  // ffmpeg's own AAC encoder costs about twice the CPU at 256k as at 192k, a delivery bitrate.
  return ['-c:a', 'aac', '-b:a', '192k'];
}

/** Picture codecs each container carries as they are (anything else is re-encoded). */
const COPYABLE: Record<ExportContainer, readonly string[]> = {
  mp4: ['h264', 'hevc', 'mpeg4', 'av1'],
  m4v: ['h264', 'hevc', 'mpeg4'],
  mov: ['h264', 'hevc', 'mpeg4', 'prores', 'mjpeg'],
  mkv: ['h264', 'hevc', 'mpeg4', 'vp8', 'vp9', 'av1', 'prores', 'mjpeg'],
  webm: ['vp8', 'vp9', 'av1'],
  m4a: [],
  wav: [],
};

/**
 * The picture is stream-copied whenever the container can carry it (the picture stays
 * bit-identical); otherwise, as for an animated GIF into an MP4, it is encoded once, at high
 * quality, with even dimensions and 4:2:0 colour so every player opens it.
 */
export function videoCodecArgs(container: ExportContainer, codec: string | undefined): string[] {
  if (codec && COPYABLE[container].includes(codec)) return ['-c:v', 'copy'];
  const evenSize = ['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', '-pix_fmt', 'yuv420p'];
  if (container === 'webm')
    return ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '32', '-deadline', 'realtime', ...evenSize];
  return ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', ...evenSize];
}

/** Pass 2: the normalised mix encoded, and for a video the picture beside it (copied if it can be). */
export function finalArgs(options: {
  videoPath: string | null;
  /** The source picture's codec (ffprobe name), to decide between copy and encode. */
  videoCodec?: string;
  mixWav: string;
  filter: string;
  container: ExportContainer;
  outPath: string;
}): string[] {
  const inputs = options.videoPath
    ? ['-i', options.videoPath, '-i', options.mixWav]
    : ['-i', options.mixWav];
  const audioInput = options.videoPath ? 1 : 0;
  const maps = options.videoPath
    ? [
        '-map',
        '0:v:0',
        ...videoCodecArgs(options.container, options.videoCodec),
        '-map',
        `${audioInput}:a:0`,
      ]
    : ['-map', '0:a:0'];
  const faststart = ['mp4', 'mov', 'm4v', 'm4a'].includes(options.container)
    ? ['-movflags', '+faststart']
    : [];
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-v',
    'error',
    '-progress',
    'pipe:1',
    ...inputs,
    ...maps,
    '-af',
    options.filter,
    ...audioCodecArgs(options.container),
    '-ar',
    String(RATE),
    ...faststart,
    '-y',
    options.outPath,
  ];
}
