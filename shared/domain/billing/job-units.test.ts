import { describe, expect, it } from 'vitest';
import type { JobRequest } from '../jobs/job';
import { billedMediaPath, billingUnitsForJob } from './job-units';

const job = (type: JobRequest['type'], fields: JobRequest['fields'], files = {}): JobRequest => ({
  type,
  delivery: 'async',
  fields,
  files,
  label: 'x',
});

describe('billingUnitsForJob', () => {
  it('bills text requests on their requested duration', () => {
    expect(billingUnitsForJob(job('text_to_sfx', { prompt: 'p', duration: 4 }))).toEqual({
      type: 'text_to_sfx',
      seconds: 4,
    });
    expect(billingUnitsForJob(job('text_to_music', { prompt: 'p' }))).toBeNull();
  });

  it('bills media requests on the probed length, with languages and variants from the fields', () => {
    const dub = job('dubbing', { languages: '["es","fr"]' }, { video: '/v.mp4' });
    expect(billingUnitsForJob(dub)).toBeNull();
    expect(billingUnitsForJob(dub, 12)).toEqual({
      type: 'dubbing',
      seconds: 12,
      languages: 2,
      scripts: false,
    });
    expect(billingUnitsForJob(job('video_analysis', { variants_num: 3 }), 8)).toMatchObject({
      variants: 3,
    });
    expect(billingUnitsForJob(job('proofread', {}), 8)).toMatchObject({ languages: 0 });
  });

  it('names the file the price depends on', () => {
    expect(billedMediaPath(job('text_to_sfx', {}))).toBeUndefined();
    expect(billedMediaPath(job('video_to_sfx', {}, { video: '/v.mp4' }))).toBe('/v.mp4');
    expect(
      billedMediaPath(job('audio_ducking', {}, { voice_file: '/voice.wav', music_file: '/m.wav' })),
    ).toBe('/voice.wav');
  });
});
