import { ANALYSIS_MODES } from '../../../../shared/api/requests/analysis';
import { DEFAULT_DUBBING_LANGUAGES } from '../../../../shared/api/languages';
import { AUDIO_FORMATS, LIMITS, MUSIC_OUTPUT_FORMATS } from '../../../../shared/api/limits';
import type { TaskType } from '../../../../shared/api/task-types';

/** One control of a task form; `name` is the request field it fills (shared/api/requests). */
export type FieldSpec =
  | {
      kind: 'source';
      file: string;
      url: string;
      label: string;
      pick: 'video' | 'audio';
      help?: string;
    }
  | {
      kind: 'text';
      name: string;
      label: string;
      max: number;
      required?: boolean;
      rows?: number;
      placeholder?: string;
      help?: string;
    }
  | {
      kind: 'integer';
      name: string;
      label: string;
      min: number;
      max: number;
      initial: number;
      unit?: string;
      help?: string;
    }
  | {
      kind: 'boolean';
      name: string;
      label: string;
      initial: boolean;
      help?: string;
      asyncOnly?: boolean;
    }
  | {
      kind: 'choice';
      name: string;
      label: string;
      options: readonly string[];
      initial: string;
      help?: string;
      asyncOnly?: boolean;
    }
  | { kind: 'languages'; name: string; label: string; initial: readonly string[]; help?: string }
  | { kind: 'language'; name: string; label: string; help?: string }
  | { kind: 'segments'; name: string; label: string; help?: string }
  | { kind: 'scripts'; name: string; languagesField: string; label: string; help?: string };

export interface TaskSpec {
  type: Exclude<TaskType, 'text_to_music'>;
  title: string;
  description: string;
  /** What comes back, so the form can say where to find it. */
  result: 'audio' | 'video' | 'brief' | 'subtitles';
  /** Offer stream or async delivery (music only). */
  streamable?: boolean;
  fields: FieldSpec[];
}

const video = (help?: string): FieldSpec => ({
  kind: 'source',
  file: 'video',
  url: 'video_url',
  label: 'Video',
  pick: 'video',
  ...(help ? { help } : {}),
});
const prompt = (name = 'prompt', label = 'Prompt', placeholder?: string): FieldSpec => ({
  kind: 'text',
  name,
  label,
  max: LIMITS.promptMaxChars,
  rows: 3,
  ...(placeholder ? { placeholder } : {}),
});
const segments: FieldSpec = {
  kind: 'segments',
  name: 'segments',
  label: 'Timed segments',
  help: 'Optional. Each segment starts where the previous ends; the last ends within the video.',
};
const preserveSpeech: FieldSpec = {
  kind: 'boolean',
  name: 'preserve_speech',
  label: 'Keep the original speech',
  initial: false,
  help: 'Isolates the speech and composes around it. No extra charge.',
};
const audioFormat: FieldSpec = {
  kind: 'choice',
  name: 'audio_format',
  label: 'Audio format',
  options: AUDIO_FORMATS,
  initial: 'aac',
  help: 'aac is delivered as .m4a.',
};

export const SCORE_TASKS: TaskSpec[] = [
  {
    type: 'text_to_sfx',
    title: 'Text to sound effects',
    description:
      'A sound effect from a description: footsteps on gravel, a door creaking shut, distant thunder.',
    result: 'audio',
    fields: [
      {
        kind: 'text',
        name: 'prompt',
        label: 'Prompt',
        max: LIMITS.promptMaxChars,
        required: true,
        rows: 3,
        placeholder: 'heavy wooden door creaks open, then slams',
      },
      {
        kind: 'integer',
        name: 'duration',
        label: 'Duration',
        min: LIMITS.textToSfxDuration.min,
        max: LIMITS.textToSfxDuration.max,
        initial: 5,
        unit: 's',
      },
      audioFormat,
    ],
  },
  {
    type: 'video_to_music',
    title: 'Video to music',
    description:
      'Music composed to the picture: its cuts, motion and mood. Streams like text-to-music, or runs as a task.',
    result: 'audio',
    streamable: true,
    fields: [
      video(),
      prompt('prompt', 'Style hint', 'optional, e.g. minimal piano, hopeful'),
      segments,
      {
        kind: 'choice',
        name: 'output_format',
        label: 'Output format',
        options: MUSIC_OUTPUT_FORMATS,
        initial: 'm4a',
        asyncOnly: true,
        help: 'Streams are always m4a.',
      },
      {
        ...preserveSpeech,
        asyncOnly: true,
        help: 'Async only. Isolates the speech and composes around it.',
      },
      {
        kind: 'boolean',
        name: 'ducking',
        label: 'Duck music under speech',
        initial: false,
        asyncOnly: true,
        help: 'Async only. Free.',
      },
    ],
  },
  {
    type: 'video_to_sfx',
    title: 'Video to sound effects',
    description: 'Sound effects that follow what happens on screen, as an audio track.',
    result: 'audio',
    fields: [
      video(),
      prompt('prompt', 'Prompt', 'optional, e.g. rainy city street'),
      segments,
      audioFormat,
    ],
  },
  {
    type: 'video_to_sound',
    title: 'Video to sound (music + effects)',
    description: 'One combined track of music and sound effects for the video.',
    result: 'audio',
    fields: [
      video(),
      prompt('music_prompt', 'Music prompt'),
      prompt('sfx_prompt', 'Sound-effects prompt'),
      segments,
      preserveSpeech,
      {
        kind: 'boolean',
        name: 'ducking',
        label: 'Keep the original sound, ducked',
        initial: false,
        help: 'Pulls the source audio in and ducks the new bed under it.',
      },
    ],
  },
  {
    type: 'video_to_video_music',
    title: 'Video with music',
    description: 'The video back with generated music muxed in.',
    result: 'video',
    fields: [video(), prompt('prompt', 'Style hint'), preserveSpeech],
  },
  {
    type: 'video_to_video_sfx',
    title: 'Video with sound effects',
    description: 'The video back with generated sound effects muxed in.',
    result: 'video',
    fields: [video(), prompt(), segments],
  },
  {
    type: 'video_to_video_sound',
    title: 'Video with music and effects',
    description: 'The video back with a finished soundtrack (music and effects) muxed in.',
    result: 'video',
    fields: [
      video(),
      prompt('music_prompt', 'Music prompt'),
      prompt('sfx_prompt', 'Sound-effects prompt'),
      segments,
      preserveSpeech,
      { kind: 'boolean', name: 'ducking', label: 'Duck the music under speech', initial: false },
    ],
  },
  {
    type: 'video_analysis',
    title: 'Video analysis (creative brief)',
    description:
      'A time-aligned plan of segments and prompts for the video, without generating media.',
    result: 'brief',
    fields: [
      video(),
      prompt('prompt', 'What to aim for', 'optional, steers the analysis'),
      {
        kind: 'integer',
        name: 'variants_num',
        label: 'Variants',
        min: LIMITS.variantsNum.min,
        max: LIMITS.variantsNum.max,
        initial: 1,
        help: 'The cost scales with the number of variants.',
      },
      {
        kind: 'choice',
        name: 'mode',
        label: 'Brief',
        options: ANALYSIS_MODES,
        initial: 'both',
        help: 'both = music and sound design; same price.',
      },
    ],
  },
  {
    type: 'audio_ducking',
    title: 'Audio ducking',
    description:
      'Lowers the music under the voice. The voice may be a video; its mix is muxed back in.',
    result: 'audio',
    fields: [
      {
        kind: 'source',
        file: 'voice_file',
        url: 'voice_url',
        label: 'Voice',
        pick: 'audio',
        help: 'An audio file, or drop a video here to duck under its speech.',
      },
      {
        kind: 'source',
        file: 'music_file',
        url: 'music_url',
        label: 'Music (audio)',
        pick: 'audio',
      },
    ],
  },
];

export const PROOFREAD_TASK: TaskSpec = {
  type: 'proofread',
  title: 'Proofread',
  description:
    'Transcribes the video and translates the transcript into one editable .srt per language, plus the source transcript.',
  result: 'subtitles',
  fields: [
    video('Needs an audio track; at most 300 s.'),
    {
      kind: 'languages',
      name: 'languages',
      label: 'Translate into',
      initial: [],
      help: 'None selected = the source-language transcript only.',
    },
    {
      kind: 'language',
      name: 'source_language',
      label: 'Spoken language',
      help: 'Leave on Detect unless detection gets it wrong.',
    },
  ],
};

export const DUBBING_TASK: TaskSpec = {
  type: 'dubbing',
  title: 'Dubbing',
  description:
    'Dubs the video into each chosen language. Billed per second × languages (10 s minimum).',
  result: 'video',
  fields: [
    video('https URLs only; at most 300 s.'),
    {
      kind: 'languages',
      name: 'languages',
      label: 'Languages',
      initial: DEFAULT_DUBBING_LANGUAGES,
      help: 'Each language is billed.',
    },
    {
      kind: 'boolean',
      name: 'lipsync',
      label: 'Lip-sync',
      initial: true,
      help: 'Off keeps the picture untouched; only the audio is replaced.',
    },
    {
      kind: 'boolean',
      name: 'ducking',
      label: 'Duck the background under the voice',
      initial: false,
      help: 'Free. The background is kept either way.',
    },
    {
      kind: 'scripts',
      name: 'subtitles',
      languagesField: 'languages',
      label: 'Scripts to speak (optional)',
      help: 'One .srt/.vtt per language, spoken verbatim instead of translated.',
    },
    {
      kind: 'boolean',
      name: 'export_srt',
      label: 'Export re-timed subtitles',
      initial: false,
      help: 'Needs a script for every language.',
    },
  ],
};
