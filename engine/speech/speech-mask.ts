import { readWav, writeWav } from '../audio/wav';
import type { SpeechSpan } from '../media/vad';
import { detectSpeechInFile } from '../media/vad';

/** Kept around each detected span so word onsets and endings are not cut. */
const SPAN_PAD_SECONDS = 0.15;

export type SpeechMask =
  { kind: 'no_speech' } | { kind: 'masked'; spans: SpeechSpan[] } | { kind: 'unavailable' };

/**
 * Silences everything outside the voice detector's speech spans, in place. Keeping the file's
 * length (rather than cutting out segments) keeps every recognised word on the media's clock,
 * while music and noise between phrases no longer reach the recogniser as fake words.
 */
export async function maskNonSpeech(wavPath: string, signal?: AbortSignal): Promise<SpeechMask> {
  const detected = await detectSpeechInFile(wavPath, signal);
  if (!detected.ok) return { kind: 'unavailable' };
  if (detected.value.length === 0) return { kind: 'no_speech' };
  const audio = await readWav(wavPath);
  const rate = audio.sampleRate;
  for (const channel of audio.channels) {
    const keep = new Uint8Array(channel.length);
    for (const span of detected.value) {
      const from = Math.max(0, Math.floor((span.start - SPAN_PAD_SECONDS) * rate));
      const to = Math.min(channel.length, Math.ceil((span.end + SPAN_PAD_SECONDS) * rate));
      keep.fill(1, from, to);
    }
    for (let i = 0; i < channel.length; i += 1) if (!keep[i]) channel[i] = 0;
  }
  await writeWav(wavPath, audio, 16);
  return { kind: 'masked', spans: detected.value };
}
