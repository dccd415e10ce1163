import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/domain/jobs/job';
import { succeededJob } from '../../../../shared/domain/jobs/test-helpers';
import { audioFileOf, suggestedSaveName, takeFormat, takeTitle } from './take-view';

const job = (patch: Partial<Job>): Job =>
  succeededJob(
    {
      type: 'text_to_music',
      delivery: 'async',
      fields: { prompt: 'dark synth pulse', output_format: 'wav' },
      files: {},
      label: 'Music: dark',
    },
    patch,
  );

describe('take view', () => {
  it('picks the audio result and names it from the title', () => {
    const take = job({
      title: 'Neon: Rain?',
      files: [
        { path: '/p/brief.json', role: 'result' },
        { path: '/p/t/take.WAV', role: 'audio[0]', contentType: 'audio/wav' },
      ],
    });
    const file = audioFileOf(take)!;
    expect(file.role).toBe('audio[0]');
    expect(suggestedSaveName(take, file)).toBe('Neon Rain.wav');
    expect(takeFormat(take)).toBe('wav');
  });
  it('falls back to the prompt and to m4a for streams', () => {
    const take = job({
      request: {
        type: 'text_to_music',
        delivery: 'stream',
        fields: { prompt: ' soft pads ' },
        files: {},
        label: 'x',
      },
    });
    expect(takeTitle(take)).toBe('soft pads');
    expect(takeFormat(take)).toBe('m4a');
    expect(audioFileOf(take)).toBeUndefined();
  });
});
