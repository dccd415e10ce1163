import type { LanguageCode } from '../../shared/api/languages';
import type { Cue } from '../../shared/domain/subtitles/cue';
import { visibleText } from '../../shared/domain/subtitles/text';
import { fitToSlot } from './fit';
import type { SpeechResult } from './result';
import { speechFail, speechOk } from './result';
import type { SynthesisOptions } from './tts';
import { synthesizeLine } from './tts';

/** Where one cue's line was actually spoken in the dub. */
export interface VoicedLine {
  /** Id of the cue this line speaks. */
  cue: string;
  text: string;
  slotStart: number;
  slotEnd: number;
  start: number;
  end: number;
  tempo: number;
  overflowSeconds: number;
}

export interface VoiceTrack {
  samples: Float32Array;
  sampleRate: number;
  lines: VoicedLine[];
  /** Report codes: line_too_long_for_slot, line_sped_up, speech_truncated_at_end, kanji_read_as_letters. */
  issues: string[];
  voice: string;
}

/** Silence kept between two spoken lines when an overflowing line pushes the next one later. */
const LINE_GAP = 0.05;
/** Overflow below this is rounding in the tempo filter, not a line that does not fit. */
const OVERFLOW_TOLERANCE = 0.1;

/**
 * Speaks every cue in its slot and lays the lines on one mono track as long as the media: each
 * line starts at its cue (or just after the previous line if that one overflowed), is sped up
 * to fit as far as MAX_TEMPO allows, and is cut at the end of the media.
 */
export async function renderVoiceTrack(
  cues: readonly Cue[],
  language: LanguageCode,
  durationSeconds: number,
  options: SynthesisOptions & { sampleRate?: number },
): Promise<SpeechResult<VoiceTrack>> {
  const sampleRate = options.sampleRate ?? 48000;
  const total = Math.round(durationSeconds * sampleRate);
  const track = new Float32Array(total);
  const lines: VoicedLine[] = [];
  const issues = new Set<string>();
  let voice = '';
  let previousEnd = 0;
  for (const cue of cues) {
    const text = visibleText(cue.text).replace(/\n/g, ' ');
    const spoken = await synthesizeLine(text, language, options);
    if (!spoken.ok) return spoken;
    voice = spoken.value.voice;
    const fitted = await fitToSlot(
      spoken.value.samples,
      spoken.value.sampleRate,
      (cue.endMs - cue.startMs) / 1000,
      sampleRate,
      options.signal,
    );
    if (!fitted.ok)
      return speechFail(
        'TTS_FAILED',
        `Cannot fit cue ${lines.length + 1} to its slot: ${fitted.message}`,
      );
    const { samples, tempo, overflowSeconds } = fitted.value;
    if (tempo > 1) issues.add('line_sped_up');
    if (overflowSeconds > OVERFLOW_TOLERANCE) issues.add('line_too_long_for_slot');
    const slotStart = cue.startMs / 1000;
    const start = Math.max(slotStart, lines.length > 0 ? previousEnd + LINE_GAP : 0);
    const first = Math.round(start * sampleRate);
    const room = Math.max(0, total - first);
    if (samples.length > room) issues.add('speech_truncated_at_end');
    track.set(samples.subarray(0, room), Math.min(first, total));
    const end = Math.min(durationSeconds, start + samples.length / sampleRate);
    if (samples.length > 0) previousEnd = end;
    lines.push({
      cue: cue.id,
      text,
      slotStart,
      slotEnd: cue.endMs / 1000,
      start,
      end: Math.max(start, end),
      tempo,
      overflowSeconds,
    });
  }
  if (language === 'ja' && cues.some((c) => /\p{Script=Han}/u.test(c.text)))
    issues.add('kanji_read_as_letters');
  return speechOk({ samples: track, sampleRate, lines, issues: [...issues], voice });
}

/** The dub's own timing as subtitle cues (ids kept): each line's text over the span it was spoken. */
export function retimedCues(lines: readonly VoicedLine[], originals: readonly Cue[]): Cue[] {
  return lines
    .filter((line) => line.end > line.start)
    .map((line) => ({
      id: line.cue,
      startMs: Math.round(line.start * 1000),
      endMs: Math.round(line.end * 1000),
      text: originals.find((c) => c.id === line.cue)?.text ?? line.text,
    }));
}

/**
 * Share of the dubbed speech that falls outside its cue's slot, averaged over lines: 0 when every
 * line is spoken inside its slot, 1 when none is. A short line inside a long slot costs nothing.
 */
export function alignmentLoss(lines: readonly VoicedLine[]): number {
  const spoken = lines.filter((line) => line.end > line.start);
  if (spoken.length === 0) return 0;
  const losses = spoken.map((line) => {
    const inside = Math.max(
      0,
      Math.min(line.end, line.slotEnd) - Math.max(line.start, line.slotStart),
    );
    return 1 - inside / (line.end - line.start);
  });
  return losses.reduce((a, b) => a + b, 0) / losses.length;
}
