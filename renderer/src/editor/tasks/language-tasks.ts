import { DEFAULT_DUBBING_LANGUAGES } from '../../../../shared/api/languages';
import { videoSource, type TaskSpec } from './task-specs';

export const PROOFREAD_TASK: TaskSpec = {
  type: 'proofread',
  title: 'Proofread',
  description:
    'Transcribes the video and translates the transcript into one editable .srt per language, plus the source transcript.',
  result: 'subtitles',
  fields: [
    videoSource('Needs an audio track; at most 300 s.'),
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
    videoSource('https URLs only; at most 300 s.'),
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
      localEngine: {
        value: false,
        reason: 'The built-in local engine cannot re-render mouths: the picture is kept untouched.',
      },
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
