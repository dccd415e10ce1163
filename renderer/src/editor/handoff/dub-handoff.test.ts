import { describe, expect, it } from 'vitest';
import { handoffAsBatch } from './dub-handoff';

describe('Send to Dub hand-over', () => {
  it('pairs every translated script with the video, leaving the source language out', () => {
    const batch = handoffAsBatch({
      videoPath: '/p/clip.mp4',
      sourceLanguage: 'en',
      scripts: { en: '/p/clip.en.srt', es: '/p/clip.es.srt', fr: '/p/clip.fr.srt' },
      sentAt: 1,
    });
    expect(batch).toEqual({
      videos: [{ path: '/p/clip.mp4' }],
      scripts: [
        { path: '/p/clip.es.srt', language: 'es', video: '/p/clip.mp4' },
        { path: '/p/clip.fr.srt', language: 'fr', video: '/p/clip.mp4' },
      ],
    });
  });
});
