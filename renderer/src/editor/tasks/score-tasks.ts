import { ANALYSIS_MODES } from '../../../../shared/api/requests/analysis';
import { LIMITS, MUSIC_OUTPUT_FORMATS } from '../../../../shared/api/limits';
import {
  audioFormatField,
  preserveSpeechField,
  promptField,
  segmentsField,
  videoSource,
  type TaskSpec,
} from './task-specs';

/** The sound tools of the Score screen, one form each. */
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
      audioFormatField,
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
      videoSource(),
      promptField('prompt', 'Style hint', 'optional, e.g. minimal piano, hopeful'),
      segmentsField,
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
        ...preserveSpeechField,
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
      videoSource(),
      promptField('prompt', 'Prompt', 'optional, e.g. rainy city street'),
      segmentsField,
      audioFormatField,
    ],
  },
  {
    type: 'video_to_sound',
    title: 'Video to sound (music + effects)',
    description: 'One combined track of music and sound effects for the video.',
    result: 'audio',
    fields: [
      videoSource(),
      promptField('music_prompt', 'Music prompt'),
      promptField('sfx_prompt', 'Sound-effects prompt'),
      segmentsField,
      preserveSpeechField,
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
    fields: [videoSource(), promptField('prompt', 'Style hint'), preserveSpeechField],
  },
  {
    type: 'video_to_video_sfx',
    title: 'Video with sound effects',
    description: 'The video back with generated sound effects muxed in.',
    result: 'video',
    fields: [videoSource(), promptField(), segmentsField],
  },
  {
    type: 'video_to_video_sound',
    title: 'Video with music and effects',
    description: 'The video back with a finished soundtrack (music and effects) muxed in.',
    result: 'video',
    fields: [
      videoSource(),
      promptField('music_prompt', 'Music prompt'),
      promptField('sfx_prompt', 'Sound-effects prompt'),
      segmentsField,
      preserveSpeechField,
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
      videoSource(),
      promptField('prompt', 'What to aim for', 'optional, steers the analysis'),
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
