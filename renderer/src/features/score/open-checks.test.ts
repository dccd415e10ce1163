import { describe, expect, it } from 'vitest';
import type { MediaInfo } from '../../../../shared/ipc/channels/media';
import { judgeOpenedVideo, notAVideoByName } from './open-checks';

const clip: MediaInfo = {
  path: '/p/clip.mp4',
  durationMs: 10_000,
  bytes: 2_000_000,
  container: 'mov,mp4,m4a,3gp,3g2,mj2',
  video: { codec: 'h264', width: 1280, height: 720, fps: 25 },
  audio: { codec: 'aac', channels: 2, sampleRate: 48_000 },
};

describe('judgeOpenedVideo', () => {
  it('accepts a short clip with sound and blocks nothing', () => {
    expect(judgeOpenedVideo(clip)).toEqual({ notices: [], blocked: {} });
  });

  it('refuses a file without picture', () => {
    const { video: _video, ...audioOnly } = clip;
    expect(judgeOpenedVideo(audioOnly).refusal).toMatch(/no picture/);
  });

  it('opens a silent video with a notice that there is no source lane', () => {
    const { audio: _audio, ...silent } = clip;
    const verdict = judgeOpenedVideo(silent);
    expect(verdict.refusal).toBeUndefined();
    expect(verdict.notices.join(' ')).toMatch(/no audio track.*no source lane/);
  });

  it('blocks each action whose endpoint takes less than the clip', () => {
    // 4 minutes: over video-to-sfx (180 s), within music (360 s), analysis and sound (480 s).
    const verdict = judgeOpenedVideo({ ...clip, durationMs: 240_000 });
    expect(Object.keys(verdict.blocked)).toEqual(['sfx']);
    expect(verdict.blocked.sfx).toMatch(/at most 180 s/);
    // 9 minutes: over every endpoint.
    expect(Object.keys(judgeOpenedVideo({ ...clip, durationMs: 540_000 }).blocked)).toEqual([
      'analyse',
      'music',
      'sfx',
      'both',
    ]);
  });

  it("blocks every action when the file is over the account's upload size", () => {
    const verdict = judgeOpenedVideo({ ...clip, bytes: 400 * 1024 * 1024 }, 300);
    expect(verdict.blocked.analyse).toMatch(/300 MB/);
  });
});

describe('notAVideoByName', () => {
  it('names the accepted formats for anything else', () => {
    expect(notAVideoByName('/x/notes.txt')).toMatch(/notes\.txt is not a video.*\.mp4/);
    expect(notAVideoByName('/x/CLIP.MOV')).toBeUndefined();
  });
});
