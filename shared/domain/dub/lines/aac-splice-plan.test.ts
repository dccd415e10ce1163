import { describe, expect, it } from 'vitest';
import {
  AAC_FRAME_SAMPLES,
  packetStart,
  parseAdtsFrames,
  planAacSplice,
  SPLICE_MARGIN_FRAMES,
} from './aac-splice-plan';

const track = { frameCount: 1000, priming: 1024 };

describe('planAacSplice', () => {
  it('re-encodes the frames the window touches plus the margin, nothing else', () => {
    const plan = planAacSplice(track, 100_000, 200_000);
    const margin = SPLICE_MARGIN_FRAMES * AAC_FRAME_SAMPLES;
    expect(plan.pcmFrom).toBe(packetStart(track, plan.firstNew));
    expect(plan.changedFrom).toBeLessThanOrEqual(100_000 - margin);
    expect(plan.changedFrom).toBeGreaterThan(100_000 - margin - AAC_FRAME_SAMPLES);
    expect(packetStart(track, plan.tailFrom)).toBeGreaterThanOrEqual(200_000 + margin);
    expect(plan.changedTo).toBe(packetStart(track, plan.tailFrom) + AAC_FRAME_SAMPLES);
    // The encoder's input covers the last new frame's whole window.
    expect(plan.pcmSamples).toBe((plan.tailFrom - plan.firstNew + 1) * AAC_FRAME_SAMPLES);
  });

  it('keeps the priming frame and stops at the last frame', () => {
    const atStart = planAacSplice(track, 0, 5000);
    expect(atStart.firstNew).toBe(1);
    expect(atStart.pcmFrom).toBe(0);
    const atEnd = planAacSplice(track, 1_000_000, 1_100_000);
    expect(atEnd.tailFrom).toBe(track.frameCount);
  });
});

describe('parseAdtsFrames', () => {
  const header = (length: number) => [
    0xff,
    0xf1,
    0x50,
    0x80 | ((length >> 11) & 0x03),
    (length >> 3) & 0xff,
    ((length & 0x07) << 5) | 0x1f,
    0xfc,
  ];
  it('splits a stream by the lengths in its headers', () => {
    const bytes = Uint8Array.from([...header(9), 1, 2, ...header(7)]);
    expect(parseAdtsFrames(bytes)).toEqual([
      { offset: 0, length: 9 },
      { offset: 9, length: 7 },
    ]);
  });

  it('refuses bytes that are not ADTS or are cut short', () => {
    expect(parseAdtsFrames(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7]))).toBeNull();
    expect(parseAdtsFrames(Uint8Array.from([...header(12), 1]))).toBeNull();
  });
});
