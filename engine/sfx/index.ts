import type { Segment } from '../../shared/api/segments';
import type { LayerSpec } from './catalog';
import {
  addVideoHits,
  composeText,
  composeVideoBeds,
  type PlannedSpan,
  type VideoHits,
} from './compose';
import { createRng, seedFromText } from './dsp/random';
import { finishAudio, type RenderedAudio, type RenderOptions } from './finish';
import { planFromPrompt } from './plan';
import { heavyStages } from '../tasks/work-gate';

export type { RenderedAudio, RenderOptions } from './finish';
export { planFromPrompt, type SfxPlan } from './plan';
export { SFX_TARGET_LUFS, SFX_TRUE_PEAK_DB } from './finish';
export type { VideoHits } from './compose';

export interface TextSfxSpec {
  prompt: string;
  durationSeconds: number;
}

export interface VideoSfxSpec {
  durationSeconds: number;
  prompt?: string;
  segments?: Segment[];
  /** Hard cuts (s): a one-shot peaks on each. */
  cuts: number[];
  /** Sudden motion (s): a one-shot starts on each one away from a cut. */
  motionPeaks: number[];
}

/** Sound effect from a prompt: keyword-chosen layers, watermarked, at -18 LUFS, in `format`. */
export function renderSfxFromText(spec: TextSfxSpec, opts: RenderOptions): Promise<RenderedAudio> {
  // The whole mix is held as floats until encoded: one per core at most, the rest wait
  // (docs/decisions/094-heavy-stage-gate.md).
  return heavyStages.run(() => sfxFromText(spec, opts), opts.signal);
}

async function sfxFromText(spec: TextSfxSpec, opts: RenderOptions): Promise<RenderedAudio> {
  const rng = createRng(
    seedFromText(`text|${spec.prompt}|${spec.durationSeconds}|${opts.watermarkPayload}`),
  );
  const audio = await composeText(
    planFromPrompt(spec.prompt),
    spec.durationSeconds,
    rng,
    opts.signal,
  );
  return finishAudio(audio, opts);
}

const DEFAULT_CUT_SHOT: LayerSpec = { kind: 'shot', name: 'whoosh' };
const DEFAULT_MOTION_SHOT: LayerSpec = { kind: 'shot', name: 'impact', gainDb: -4 };

/** A video's effects track before the picture is analysed: everything but the hits. */
export type VideoSfxBeds = Omit<VideoSfxSpec, 'cuts' | 'motionPeaks'>;

/**
 * Effects track for a video: ambience per segment prompt (or the prompt, or a neutral fallback),
 * a whoosh peaking on each cut and an impact on motion peaks. A prompt that names one-shots
 * ("laser", "punch") uses them in place of the whoosh and the impact.
 */
export function renderSfxForVideo(spec: VideoSfxSpec, opts: RenderOptions): Promise<RenderedAudio> {
  return renderSfxWhileAnalysing(spec, Promise.resolve(spec), opts);
}

/**
 * renderSfxForVideo for a picture still being analysed: the ambience, which is most of the
 * synthesis, renders at once, and the one-shots are added when `hits` resolves (a rejection
 * ends the render with it). Same output as renderSfxForVideo given the same hits.
 */
export function renderSfxWhileAnalysing(
  spec: VideoSfxBeds,
  hits: Promise<VideoHits>,
  opts: RenderOptions,
): Promise<RenderedAudio> {
  // The hits are awaited only once the ambience is rendered: a failed analysis before then must
  // not count as an unhandled rejection (the await below still receives it).
  hits.catch(() => undefined);
  return heavyStages.run(() => sfxForVideo(spec, hits, opts), opts.signal);
}

async function sfxForVideo(
  spec: VideoSfxBeds,
  hits: Promise<VideoHits>,
  opts: RenderOptions,
): Promise<RenderedAudio> {
  const rng = createRng(
    seedFromText(
      `video|${spec.prompt ?? ''}|${JSON.stringify(spec.segments ?? [])}|${spec.durationSeconds}|${opts.watermarkPayload}`,
    ),
  );
  const globalPlan = planFromPrompt(spec.prompt ?? '');
  const segments = spec.segments && spec.segments.length > 0 ? spec.segments : undefined;
  const spans: PlannedSpan[] = segments
    ? segments.map((segment) => {
        const own = planFromPrompt(segment.prompt);
        return {
          start: segment.start,
          end: Math.min(segment.end, spec.durationSeconds),
          plan: own.matched[0] === 'fallback' && spec.prompt ? globalPlan : own,
        };
      })
    : [{ start: 0, end: spec.durationSeconds, plan: globalPlan }];
  // Segments need not reach the end: the uncovered tail gets no effects (docs/api-notes.md 6.5).
  const coveredEnd = spans[spans.length - 1]!.end;
  const beds = await composeVideoBeds(
    { durationSeconds: spec.durationSeconds, spans },
    rng,
    opts.signal,
  );
  const { cuts, motionPeaks } = await hits;
  const audio = await addVideoHits(
    beds,
    {
      cutShot: globalPlan.shots[0] ?? DEFAULT_CUT_SHOT,
      motionShot: globalPlan.shots[1] ?? DEFAULT_MOTION_SHOT,
    },
    {
      cuts: cuts.filter((t) => t > 0 && t < coveredEnd),
      motionPeaks: motionPeaks.filter((t) => t >= 0 && t < coveredEnd - 0.2),
    },
    rng,
    opts.signal,
  );
  return finishAudio(audio, opts);
}
