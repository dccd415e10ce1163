import { describe, expect, it } from 'vitest';
import { scorePartSchema, type ScorePart } from '../../../../shared/domain/project/document';
import { wireFormOf } from '../../../../shared/domain/jobs/test-helpers';
import { analysisJob, generateJob, type Built } from './score-requests';

/** What main sends for a built job: the form it renders from the typed request. */
const sent = (built: Built) => (built.ok ? wireFormOf(built.job) : undefined);

const part: ScorePart = scorePartSchema.parse({
  video: { path: '/p/clip.mp4', durationMs: 12_000, hasAudio: true },
  lanes: {
    music: [
      { id: 'a', startMs: 0, endMs: 6000, prompt: 'soft pads' },
      { id: 'b', startMs: 6000, endMs: 12_000, prompt: 'drums enter' },
    ],
    sfx: [{ id: 'c', startMs: 0, endMs: 12_000, prompt: 'rain' }],
  },
  prompts: { music: 'warm, 90 BPM', sfx: '' },
});

describe('score requests', () => {
  it('analyses in mode both, billed on the video length and the variants', () => {
    const built = analysisJob(part, 2);
    expect(sent(built)).toMatchObject({
      type: 'video_analysis',
      delivery: 'async',
      fields: { mode: 'both', variants_num: '2' },
      files: { video: '/p/clip.mp4' },
    });
    expect(built.ok && built.units).toEqual({ type: 'video_analysis', seconds: 12, variants: 2 });
  });

  it('streams music from the music lane in seconds, with the lane prompt', () => {
    const built = generateJob(part, 'music');
    expect(sent(built)?.delivery).toBe('stream');
    expect(built.ok && built.job.type).toBe('video_to_music');
    const fields = sent(built)?.fields ?? {};
    expect(fields.prompt).toBe('warm, 90 BPM');
    expect(JSON.parse(String(fields.segments))).toEqual([
      { start: 0, end: 6, prompt: 'soft pads' },
      { start: 6, end: 12, prompt: 'drums enter' },
    ]);
  });

  it('sends the SFX lane to video-to-sfx and both as video-to-sound', () => {
    const sfx = generateJob(part, 'sfx');
    expect(sfx.ok && sfx.job.type).toBe('video_to_sfx');
    expect(JSON.parse(String(sent(sfx)?.fields.segments))).toEqual([
      { start: 0, end: 12, prompt: 'rain' },
    ]);
    const both = generateJob(part, 'both');
    expect(both.ok && both.job.type).toBe('video_to_sound');
    expect(sent(both)?.fields.music_prompt).toBe('warm, 90 BPM');
  });

  it('refuses a lane that breaks the API rules, with the rule in words', () => {
    const broken = {
      ...part,
      lanes: { ...part.lanes, music: [{ id: 'a', startMs: 0, endMs: 6000, prompt: '' }] },
    };
    const built = generateJob(broken, 'music');
    expect(built.ok).toBe(false);
    expect(!built.ok && built.reason).toMatch(/prompt|character/i);
  });

  it('needs a video', () => {
    const { video: _video, ...none } = part;
    expect(generateJob(none, 'sfx')).toEqual({ ok: false, reason: 'Open a video first.' });
  });
});
