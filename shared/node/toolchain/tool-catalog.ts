/**
 * Every external program Soundstage may start, what it adds, how it is recognised and where a
 * copy can come from. The toolchain (resolve.ts) is the only code that turns these names into
 * paths; docs/decisions/070-one-toolchain.md says why.
 */
export const TOOL_NAMES = [
  'ffmpeg',
  'ffprobe',
  'fluidsynth',
  'espeak-ng',
  'text2wave',
  'pocketsphinx_continuous',
  'apertium',
  'sox',
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];

export function isToolName(value: unknown): value is ToolName {
  return typeof value === 'string' && (TOOL_NAMES as readonly string[]).includes(value);
}

/** How to add a tool on each system (shown in Settings and by `npm start`/`npm test`). */
export interface InstallHint {
  debian?: string;
  macos?: string;
  windows?: string;
}

export interface ToolSpec {
  name: ToolName;
  /** Human name. */
  label: string;
  /** What the app can do with it (or does faster). */
  adds: string;
  /** Arguments that make the program say what it is, quickly and without side effects. */
  identifyArgs: readonly string[];
  /**
   * Matches the identify output (stdout + stderr) of this tool and no other; group 1, when
   * present, is the version. Some tools print usage and exit non-zero: the exit code is not used.
   */
  identifyPattern: RegExp;
  /** npm packages that carry the binary inside the tarball, by `${platform}-${arch}`. */
  bundledPackages?: Readonly<Record<string, string>>;
  install: InstallHint;
}

/** Platforms for which the ffmpeg and ffprobe packages ship a binary (decision 071). */
const FFMPEG_PLATFORMS = ['linux-x64', 'darwin-x64', 'darwin-arm64', 'win32-x64'] as const;

function packagesFor(scope: string): Record<string, string> {
  return Object.fromEntries(FFMPEG_PLATFORMS.map((key) => [key, `${scope}/${key}`]));
}

export const TOOL_SPECS: Readonly<Record<ToolName, ToolSpec>> = {
  ffmpeg: {
    name: 'ffmpeg',
    label: 'FFmpeg',
    adds: 'decoding, waveforms, shot changes, mixing and export (required; bundled)',
    identifyArgs: ['-hide_banner', '-version'],
    identifyPattern: /^ffmpeg version (\S+)/m,
    bundledPackages: packagesFor('@ffmpeg-installer'),
    install: {
      debian: 'sudo apt-get install ffmpeg',
      macos: 'brew install ffmpeg',
      windows: 'winget install Gyan.FFmpeg',
    },
  },
  ffprobe: {
    name: 'ffprobe',
    label: 'FFprobe',
    adds: 'reading media facts: duration, streams, frame rate (required; bundled)',
    identifyArgs: ['-hide_banner', '-version'],
    identifyPattern: /^ffprobe version (\S+)/m,
    bundledPackages: packagesFor('@ffprobe-installer'),
    install: {
      debian: 'sudo apt-get install ffmpeg',
      macos: 'brew install ffmpeg',
      windows: 'winget install Gyan.FFmpeg',
    },
  },
  fluidsynth: {
    name: 'fluidsynth',
    label: 'FluidSynth',
    adds: 'faster music rendering (the bundled synthesiser works without it)',
    identifyArgs: ['--version'],
    identifyPattern: /FluidSynth (?:runtime )?version (\S+)/i,
    install: {
      debian: 'sudo apt-get install fluidsynth fluid-soundfont-gm',
      macos: 'brew install fluid-synth',
    },
  },
  'espeak-ng': {
    name: 'espeak-ng',
    label: 'eSpeak NG',
    adds: 'faster dubbing voices (the bundled WebAssembly voice works without it)',
    identifyArgs: ['--version'],
    identifyPattern: /eSpeak NG text-to-speech: (\S+)/,
    install: { debian: 'sudo apt-get install espeak-ng', macos: 'brew install espeak-ng' },
  },
  text2wave: {
    name: 'text2wave',
    label: 'Festival (text2wave)',
    adds: 'a more natural English dubbing voice',
    identifyArgs: ['-h'],
    identifyPattern: /text2wave/,
    install: { debian: 'sudo apt-get install festival festvox-kallpc16k' },
  },
  pocketsphinx_continuous: {
    name: 'pocketsphinx_continuous',
    label: 'PocketSphinx',
    adds: 'offline English speech recognition (Proofread, translated dubbing)',
    identifyArgs: ['-h'],
    identifyPattern: /pocketsphinx|-infile|-hmm/i,
    install: { debian: 'sudo apt-get install pocketsphinx pocketsphinx-en-us' },
  },
  apertium: {
    name: 'apertium',
    label: 'Apertium',
    adds: 'offline translation among English, Spanish, French, Italian and Portuguese',
    identifyArgs: ['-h'],
    identifyPattern: /apertium/i,
    install: {
      debian:
        'sudo apt-get install apertium apertium-eng-spa apertium-fr-es apertium-es-pt apertium-spa-ita',
    },
  },
  sox: {
    name: 'sox',
    label: 'SoX',
    adds: 'nothing in the app; a few engine tests use it to make noisy speech',
    identifyArgs: ['--version'],
    identifyPattern: /SoX v(\S+)/,
    install: { debian: 'sudo apt-get install sox libsox-fmt-all', macos: 'brew install sox' },
  },
};

/** The install hint for the running system, or null where there is no one-line way. */
export function installHintFor(name: ToolName, platform: string = process.platform): string | null {
  const hints = TOOL_SPECS[name].install;
  if (platform === 'darwin') return hints.macos ?? null;
  if (platform === 'win32') return hints.windows ?? null;
  return hints.debian ?? null;
}

/**
 * The tool names as constants for call sites (`runTool(TOOL.ffmpeg, args)`): a call reads as
 * "this tool, through the toolchain", never as a program name handed to the shell.
 */
export const TOOL = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffprobe',
  fluidsynth: 'fluidsynth',
  espeakNg: 'espeak-ng',
  text2wave: 'text2wave',
  pocketsphinx: 'pocketsphinx_continuous',
  apertium: 'apertium',
  sox: 'sox',
} as const satisfies Record<string, ToolName>;
