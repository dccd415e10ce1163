import { AUDIO_FORMATS, LIMITS } from '../../../../shared/api/limits';
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
      asyncOnly?: boolean;
      /** The initial value is the app's choice, not the service's default (e.g. a required duration). */
      noServiceDefault?: boolean;
    }
  | {
      /** A decimal within a range (prompt_influence). */
      kind: 'number';
      name: string;
      label: string;
      min: number;
      max: number;
      step: number;
      initial: number;
      help?: string;
    }
  | {
      kind: 'boolean';
      name: string;
      label: string;
      initial: boolean;
      help?: string;
      asyncOnly?: boolean;
      /** A value the local engine requires (e.g. no lip-sync offline), with the reason shown. */
      localEngine?: { value: boolean; reason: string };
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

/** The source field most video endpoints take. */
export const videoSource = (help?: string): FieldSpec => ({
  kind: 'source',
  file: 'video',
  url: 'video_url',
  label: 'Video',
  pick: 'video',
  ...(help ? { help } : {}),
});
export const promptField = (
  name = 'prompt',
  label = 'Prompt',
  placeholder?: string,
): FieldSpec => ({
  kind: 'text',
  name,
  label,
  max: LIMITS.promptMaxChars,
  rows: 3,
  ...(placeholder ? { placeholder } : {}),
});
export const segmentsField: FieldSpec = {
  kind: 'segments',
  name: 'segments',
  label: 'Timed segments',
  help: 'Optional. Each segment starts where the previous ends; the last ends within the video.',
};
export const preserveSpeechField: Extract<FieldSpec, { kind: 'boolean' }> = {
  kind: 'boolean',
  name: 'preserve_speech',
  label: 'Keep the original speech',
  initial: false,
  help: 'Isolates the speech and composes around it. No extra charge.',
};
/** Takes to generate; each is billed, and more than one needs async delivery on music. */
export const variantsField = (asyncOnly = false): FieldSpec => ({
  kind: 'integer',
  name: 'variants_num',
  label: 'Variants',
  min: LIMITS.generationVariantsNum.min,
  max: LIMITS.generationVariantsNum.max,
  initial: 1,
  help: 'Each variant is a separate take, billed in full.',
  ...(asyncOnly ? { asyncOnly } : {}),
});
export const promptInfluenceField: FieldSpec = {
  kind: 'number',
  name: 'prompt_influence',
  label: 'Prompt influence',
  min: LIMITS.promptInfluence.min,
  max: LIMITS.promptInfluence.max,
  step: 0.05,
  initial: LIMITS.promptInfluence.default,
  help: '0 follows the picture only, 1 follows the prompt closely. Free.',
};
export const keepOriginalSoundField: Extract<FieldSpec, { kind: 'boolean' }> = {
  kind: 'boolean',
  name: 'keep_original_sound',
  label: 'Keep the whole original soundtrack',
  initial: false,
  help: 'Mixes the source track under the new audio; wins over keeping only the speech.',
};
export const audioFormatField: FieldSpec = {
  kind: 'choice',
  name: 'audio_format',
  label: 'Audio format',
  options: AUDIO_FORMATS,
  initial: 'aac',
  help: 'aac is delivered as .m4a.',
};

/**
 * The help line with the service's default stated (the field starts on it), so a user who
 * changes a setting knows what leaving it alone would have sent.
 */
export function helpWithDefault(field: FieldSpec): string | undefined {
  let initial: string | undefined;
  switch (field.kind) {
    case 'integer':
      initial = field.noServiceDefault ? undefined : String(field.initial);
      break;
    case 'number':
    case 'choice':
      initial = String(field.initial);
      break;
    case 'boolean':
      initial = field.initial ? 'on' : 'off';
      break;
    default:
      return field.help;
  }
  if (initial === undefined) return field.help;
  const note = `Service default: ${initial}.`;
  return field.help ? `${field.help} ${note}` : note;
}
