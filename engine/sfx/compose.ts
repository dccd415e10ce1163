import type { LayerSpec } from './catalog';
import { addAt, dbToGain, fadeEdges, SAMPLE_RATE, stereo, type Stereo } from './dsp/buffer';
import { Biquad } from './dsp/filters';
import type { Rng } from './dsp/random';
import { renderBed, renderShot } from './layers';
import type { SfxPlan } from './plan';

/** Room tone under one-shot-only sounds, so gaps are never digitally dead (and carry the mark). */
const FLOOR_LAYER: LayerSpec = { kind: 'bed', name: 'roomTone', gainDb: -26 };
const CROSSFADE_SECONDS = 0.3;

export interface PlannedSpan {
  start: number;
  end: number;
  plan: SfxPlan;
}

export interface VideoScore {
  durationSeconds: number;
  spans: PlannedSpan[];
  /** Played so that its loudest moment lands on each cut. */
  cutShot: LayerSpec;
  /** Played at each motion peak not already near a cut. */
  motionShot: LayerSpec;
}

function checkAbort(signal?: AbortSignal): void {
  if (signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
}

/** Renders one prompt's layers for `frames`: beds mixed, one-shots placed, optional muffling. */
export async function renderPlan(
  plan: SfxPlan,
  frames: number,
  rng: Rng,
  signal?: AbortSignal,
): Promise<Stereo> {
  const out = stereo(frames);
  const beds = plan.beds.length > 0 ? plan.beds : [FLOOR_LAYER];
  for (const [index, layer] of beds.entries()) {
    checkAbort(signal);
    // Later-named beds sit under the first one.
    addAt(
      out,
      await renderBed(layer, frames, rng, plan.intensity, signal),
      0,
      index === 0 ? 1 : dbToGain(-4),
    );
  }
  if (plan.shots.length > 0) {
    const shots: Stereo[] = [];
    for (const layer of plan.shots)
      shots.push(await renderShot(layer, rng.fork(`shot:${layer.name}`), plan.intensity, signal));
    const longest = Math.max(...shots.map((shot) => shot[0].length)) / SAMPLE_RATE;
    for (const at of shotTimes(frames / SAMPLE_RATE, longest, plan.beds.length > 0, rng)) {
      for (const shot of shots) addAt(out, shot, at * SAMPLE_RATE);
    }
  }
  if (plan.muffled) {
    for (const channel of out) new Biquad('lowpass', SAMPLE_RATE, 2200, 0.7).run(channel);
  }
  return out;
}

/**
 * When one-shots play: the first early (at once when nothing else plays), then repeated with
 * breathing room so a 10 s "door knock" is several knocks, not one knock and silence.
 */
export function shotTimes(
  durationSeconds: number,
  shotSeconds: number,
  overBeds: boolean,
  rng: Rng,
): number[] {
  const times: number[] = [];
  let t = overBeds ? Math.min(1, durationSeconds * 0.15) : 0.05;
  do {
    times.push(t);
    t += shotSeconds + (overBeds ? rng.range(4, 8) : rng.range(0.8, 2.5));
    // A repeat must fit mostly inside the sound.
  } while (t + shotSeconds * 0.6 < durationSeconds);
  return times;
}

/** The whole text-to-sfx render. */
export async function composeText(
  plan: SfxPlan,
  durationSeconds: number,
  rng: Rng,
  signal?: AbortSignal,
): Promise<Stereo> {
  const frames = Math.round(durationSeconds * SAMPLE_RATE);
  const out = await renderPlan(plan, frames, rng, signal);
  fadeEdges(out, Math.round(0.005 * SAMPLE_RATE), Math.round(0.02 * SAMPLE_RATE));
  return out;
}

/** What a video's effects track needs from the picture analysis: where its one-shots play. */
export interface VideoHits {
  cuts: number[];
  motionPeaks: number[];
}

/**
 * A video's effects track, first half: each span's ambience crossfaded into the next. It needs
 * nothing from the picture, so the pipeline renders it while the picture is still analysed. Each span draws from its own fork of `rng`, so
 * the result does not depend on when the hits are added.
 */
export async function composeVideoBeds(
  score: Pick<VideoScore, 'durationSeconds' | 'spans'>,
  rng: Rng,
  signal?: AbortSignal,
): Promise<Stereo> {
  const frames = Math.round(score.durationSeconds * SAMPLE_RATE);
  const out = stereo(frames);
  const fade = Math.round(CROSSFADE_SECONDS * SAMPLE_RATE);
  for (const [index, span] of score.spans.entries()) {
    checkAbort(signal);
    const first = index === 0;
    const last = index === score.spans.length - 1;
    const start = Math.max(0, Math.round(span.start * SAMPLE_RATE) - (first ? 0 : fade / 2));
    const end = Math.min(frames, Math.round(span.end * SAMPLE_RATE) + (last ? 0 : fade / 2));
    if (end <= start) continue;
    const audio = await renderPlan(span.plan, end - start, rng.fork(`span${index}`), signal);
    // A last span that stops before the video's end fades out briefly instead of cutting off.
    const tailFade = span.end < score.durationSeconds - 0.01 ? Math.round(0.05 * SAMPLE_RATE) : 0;
    fadeEdges(audio, first ? 0 : fade, last ? tailFade : fade);
    addAt(out, audio, start);
  }
  return out;
}

/**
 * A video's effects track, second half: a cut one-shot peaking on every cut and a motion
 * one-shot on motion peaks away from cuts, then the edge fades.
 */
export async function addVideoHits(
  out: Stereo,
  shots: Pick<VideoScore, 'cutShot' | 'motionShot'>,
  hits: VideoHits,
  rng: Rng,
  signal?: AbortSignal,
): Promise<Stereo> {
  const cutShot = await renderShot(shots.cutShot, rng.fork('cut'), 1, signal);
  const cutPeak = peakPosition(cutShot);
  for (const cut of hits.cuts) addAt(out, cutShot, cut * SAMPLE_RATE - cutPeak, 0.8);
  const motionShot = await renderShot(shots.motionShot, rng.fork('motion'), 1, signal);
  for (const peak of hits.motionPeaks) {
    if (hits.cuts.some((cut) => Math.abs(cut - peak) < 0.6)) continue;
    addAt(out, motionShot, peak * SAMPLE_RATE, 0.6);
  }
  fadeEdges(out, Math.round(0.005 * SAMPLE_RATE), Math.round(0.02 * SAMPLE_RATE));
  return out;
}

/** Frame of the loudest 10 ms of a sound (where a whoosh "passes"). */
function peakPosition(audio: Stereo): number {
  const window = Math.round(0.01 * SAMPLE_RATE);
  let best = 0;
  let bestEnergy = -1;
  for (let start = 0; start + window <= audio[0].length; start += window) {
    let energy = 0;
    for (let i = start; i < start + window; i++) energy += audio[0][i]! ** 2 + audio[1][i]! ** 2;
    if (energy > bestEnergy) {
      bestEnergy = energy;
      best = start + window / 2;
    }
  }
  return best;
}
