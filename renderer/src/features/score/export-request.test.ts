import { describe, expect, it } from 'vitest';
import { scorePartSchema, type ScorePart } from '../../../../shared/domain/project/document';
import { buildExportRequest } from './export-request';

const exportId = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const base: ScorePart = scorePartSchema.parse({
  video: { path: '/p/clip.mp4', durationMs: 12_000, hasAudio: true },
  lanes: {},
  takes: [
    { id: 'm1', lane: 'music', jobId: 'j1', path: '/p/m1.m4a', label: 'A', createdAt: 1 },
    { id: 'm2', lane: 'music', jobId: 'j2', path: '/p/m2.m4a', label: 'B', createdAt: 2 },
    { id: 's1', lane: 'sfx', jobId: 'j3', path: '/p/s1.wav', label: 'S', createdAt: 3 },
  ],
  activeTakes: { music: 'm2', sfx: 's1' },
});
const choice = { exportId, kind: 'video' as const, loudness: 'podcast' as const, name: 'Cut 3' };

describe('buildExportRequest', () => {
  it('exports the active take of each lane with the source and the preset', () => {
    const built = buildExportRequest(base, choice);
    expect(built.ok && built.request).toMatchObject({
      kind: 'video',
      videoPath: '/p/clip.mp4',
      durationMs: 12_000,
      source: { gainDb: 0 },
      loudness: 'podcast',
      name: 'Cut 3.mp4',
      tracks: [
        { role: 'music', path: '/p/m2.m4a', offsetMs: 0, gainDb: 0 },
        { role: 'sfx', path: '/p/s1.wav', offsetMs: 0, gainDb: 0 },
      ],
    });
  });

  it('leaves out muted lanes and names audio exports .m4a', () => {
    const part = { ...base, mix: { ...base.mix, source: { ...base.mix.source, muted: true } } };
    const built = buildExportRequest(part, { ...choice, kind: 'audio', name: 'mix.mp4' });
    expect(built.ok && built.request.source).toBeNull();
    expect(built.ok && built.request.name).toBe('mix.m4a');
  });

  it('says why when nothing would be heard', () => {
    const silent: ScorePart = {
      ...base,
      video: { path: '/p/clip.mp4', durationMs: 12_000, hasAudio: false },
      activeTakes: {},
    };
    expect(buildExportRequest(silent, choice)).toEqual({
      ok: false,
      reason: 'Nothing is audible: generate a take or unmute a lane.',
    });
  });
});
