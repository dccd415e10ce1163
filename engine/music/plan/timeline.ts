import {
  PPQ,
  type PromptTraits,
  type SectionKind,
  type TempoChange,
  type TimeSignatureChange,
} from '../types';
import { fitSpans } from './fit-tempo';
import type { MusicPlan } from './choose-plan';

export type Theme = 'A' | 'B' | 'C';

export interface TimedPrompt {
  start: number;
  end: number;
  prompt: string;
  traits: PromptTraits;
}

export interface Section {
  index: number;
  kind: SectionKind;
  theme: Theme;
  /** 0 the first time a theme is heard, then 1, 2, ... (later statements get embellished). */
  variation: number;
  firstBar: number;
  barCount: number;
  startTick: number;
  endTick: number;
  energy: number;
  /** The segment prompt this section came from, when segments were given. */
  traits?: PromptTraits;
  /** Starts with a crash (section change, or a video cut landing here). */
  crash: boolean;
}

export interface Bar {
  index: number;
  section: number;
  startTick: number;
  beats: number;
}

export interface Timeline {
  beatsPerBar: number;
  sections: Section[];
  bars: Bar[];
  tempos: TempoChange[];
  timeSignatures: TimeSignatureChange[];
  /** Crash accents for cuts that could not become section starts (too close to another). */
  accentTicks: number[];
  totalTicks: number;
  durationSeconds: number;
}

interface Span {
  start: number;
  end: number;
  atCut: boolean;
  segment?: TimedPrompt;
}

const BASE_ENERGY: Record<SectionKind, number> = {
  intro: 0.35,
  verse: 0.6,
  chorus: 0.85,
  bridge: 0.55,
  break: 0.3,
  outro: 0.45,
};
const THEME_KIND: Record<Theme, SectionKind> = { A: 'verse', B: 'chorus', C: 'bridge' };
const KIND_THEME: Record<SectionKind, Theme> = {
  intro: 'A',
  verse: 'A',
  chorus: 'B',
  bridge: 'C',
  break: 'C',
  outro: 'A',
};
const THEME_CYCLE: readonly Theme[] = ['A', 'B', 'A', 'B', 'C', 'A', 'B', 'B'];
const PARTNER: Record<Theme, Theme> = { A: 'B', B: 'A', C: 'A' };

function buildSpans(
  duration: number,
  segments: readonly TimedPrompt[],
  cuts: readonly number[],
  minSpan: number,
) {
  const points = [
    ...segments.slice(1).map((s) => ({ time: s.start, cut: false })),
    ...cuts.map((time) => ({ time, cut: true })),
  ].sort((a, b) => a.time - b.time);
  const starts: { time: number; cut: boolean }[] = [{ time: 0, cut: false }];
  const accents: number[] = [];
  for (const point of points) {
    const last = starts[starts.length - 1]!;
    if (point.time - last.time >= minSpan && duration - point.time >= minSpan) starts.push(point);
    else if (Math.abs(point.time - last.time) < 0.05) last.cut ||= point.cut;
    else if (point.cut && point.time > 0 && point.time < duration) accents.push(point.time);
  }
  const spans: Span[] = starts.map((s, i) => {
    const segment =
      segments.find((seg) => seg.start <= s.time + 0.05 && s.time < seg.end - 0.05) ??
      segments[segments.length - 1];
    const span: Span = { start: s.time, end: starts[i + 1]?.time ?? duration, atCut: s.cut };
    if (segment) span.segment = segment;
    return span;
  });
  return { spans, accents };
}

/**
 * Splits a span's bars into phrase-sized sections: 8 bars in long pieces, 4 in short ones, so even
 * a 30-second piece gets an A-B-A' shape. A short remainder joins the last section.
 */
function chunkBars(count: number, size: number): number[] {
  if (count <= size * 1.5) return [count];
  const chunks: number[] = Array.from({ length: Math.floor(count / size) }, () => size);
  const rest = count % size;
  if (rest > size / 2) chunks.push(rest);
  else chunks[chunks.length - 1]! += rest;
  return chunks;
}

/**
 * Lays out the piece: spans between fixed points (segment starts, cuts, the end), the tempo that
 * puts those points on bar lines, and A-B-A'-style sections inside each span.
 */
export function buildTimeline(
  plan: MusicPlan,
  duration: number,
  segments: readonly TimedPrompt[],
  cuts: readonly number[],
): Timeline {
  const beatsPerBar = 4;
  const barSeconds = (60 * beatsPerBar) / plan.bpm;
  const { spans, accents } = buildSpans(duration, segments, cuts, Math.max(1.5, barSeconds));
  const fits = fitSpans(
    spans.map((s) => s.end - s.start),
    plan.bpm,
    beatsPerBar,
    plan.bpmExplicit,
  );

  const bars: Bar[] = [];
  const sections: Section[] = [];
  const tempos: TempoChange[] = [];
  const themeUses: Record<Theme, number> = { A: 0, B: 0, C: 0 };
  const segmentThemes = new Map<string, Theme>();
  let tick = 0;
  let plainIndex = 0;
  const phraseBars = fits.reduce((sum, fit) => sum + fit.beats, 0) / beatsPerBar >= 40 ? 8 : 4;

  spans.forEach((span, spanIndex) => {
    const fit = fits[spanIndex]!;
    if (tempos.length === 0 || Math.abs(tempos[tempos.length - 1]!.bpm - fit.bpm) > 1e-6)
      tempos.push({ tick, bpm: fit.bpm });
    const barBeats: number[] = Array.from(
      { length: Math.floor(fit.beats / beatsPerBar) },
      () => beatsPerBar,
    );
    if (fit.beats % beatsPerBar) barBeats.push(fit.beats % beatsPerBar);

    let chunks = chunkBars(barBeats.length, phraseBars);
    const plainPiece = segments.length === 0;
    const introBars = barBeats.length >= 32 ? 4 : 2;
    const addIntro = plainPiece && spanIndex === 0 && barBeats.length >= 10;
    const addOutro =
      plainPiece &&
      spanIndex === spans.length - 1 &&
      barBeats.length - (addIntro ? introBars : 0) >= 10;
    if (addIntro || addOutro) {
      const core = barBeats.length - (addIntro ? introBars : 0) - (addOutro ? introBars : 0);
      chunks = [
        ...(addIntro ? [introBars] : []),
        ...chunkBars(core, phraseBars),
        ...(addOutro ? [introBars] : []),
      ];
    }

    let barInSpan = 0;
    chunks.forEach((chunkBarsCount, chunkIndex) => {
      let kind: SectionKind;
      let theme: Theme;
      const segment = span.segment;
      if (segment) {
        const key = segment.prompt.trim().toLowerCase();
        const named = segment.traits.sectionKind;
        const base = named
          ? KIND_THEME[named]
          : (segmentThemes.get(key) ?? THEME_CYCLE[segmentThemes.size % THEME_CYCLE.length]!);
        segmentThemes.set(key, base);
        theme = chunkIndex % 2 === 0 ? base : PARTNER[base];
        kind = named && chunkIndex === 0 ? named : THEME_KIND[theme];
      } else if (addIntro && spanIndex === 0 && chunkIndex === 0) {
        kind = 'intro';
        theme = 'A';
      } else if (addOutro && chunkIndex === chunks.length - 1) {
        kind = 'outro';
        theme = 'A';
      } else {
        theme = THEME_CYCLE[plainIndex++ % THEME_CYCLE.length]!;
        kind = THEME_KIND[theme];
      }
      const variation = themeUses[theme]++;
      const bias = span.segment?.traits.energyBias ?? 0;
      const energy = Math.min(
        1,
        Math.max(
          0.15,
          BASE_ENERGY[kind] + (plan.energy - 0.6) + bias * 0.4 + 0.04 * Math.min(variation, 3),
        ),
      );
      const firstBar = bars.length;
      const startTick = tick;
      for (let b = 0; b < chunkBarsCount; b++) {
        const beats = barBeats[barInSpan++]!;
        bars.push({ index: bars.length, section: sections.length, startTick: tick, beats });
        tick += beats * PPQ;
      }
      const section: Section = {
        index: sections.length,
        kind,
        theme,
        variation,
        firstBar,
        barCount: chunkBarsCount,
        startTick,
        endTick: tick,
        energy,
        crash: sections.length > 0 && ((chunkIndex === 0 && span.atCut) || energy >= 0.5),
      };
      if (span.segment) section.traits = span.segment.traits;
      sections.push(section);
    });
  });

  const timeSignatures: TimeSignatureChange[] = [];
  for (const bar of bars) {
    const previous = timeSignatures[timeSignatures.length - 1];
    if (!previous || previous.beats !== bar.beats)
      timeSignatures.push({ tick: bar.startTick, beats: bar.beats });
  }
  const accentTicks = accents.map((seconds) => ticksAtSeconds(tempos, seconds));
  return {
    beatsPerBar,
    sections,
    bars,
    tempos,
    timeSignatures,
    accentTicks,
    totalTicks: tick,
    durationSeconds: duration,
  };
}

/** Seconds at a tick, through the tempo map. */
export function secondsAtTick(tempos: readonly TempoChange[], tick: number): number {
  let seconds = 0;
  for (let i = 0; i < tempos.length; i++) {
    const from = tempos[i]!;
    const to = tempos[i + 1]?.tick ?? Infinity;
    if (tick <= from.tick) break;
    seconds += ((Math.min(tick, to) - from.tick) / PPQ) * (60 / from.bpm);
  }
  return seconds;
}

/** The sixteenth-note tick nearest to a time, through the tempo map. */
function ticksAtSeconds(tempos: readonly TempoChange[], seconds: number): number {
  let index = 0;
  while (index + 1 < tempos.length && secondsAtTick(tempos, tempos[index + 1]!.tick) <= seconds)
    index++;
  const from = tempos[index]!;
  const tick = from.tick + ((seconds - secondsAtTick(tempos, from.tick)) * from.bpm * PPQ) / 60;
  const step = PPQ / 4;
  return Math.round(tick / step) * step;
}
