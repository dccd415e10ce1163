import { LIMITS } from '../../shared/api/limits';
import type { PictureStats, VideoAnalysis } from './analysis-stats';
import {
  BASE_BPM,
  MUSIC_TAKES,
  SFX_TAKES,
  colourFlavour,
  energyOf,
  keyMode,
  lightOf,
  musicPalette,
  paceOf,
  promptExcerpt,
  sfxAmbience,
} from './brief-words';
import { fitTempoToCuts, mergeSpans, type Span, wholeSecondSpans } from './brief-spans';

export type BriefMode = 'both' | 'music' | 'sfx';

export interface BriefSegment {
  start: number;
  end: number;
  label: string;
  prompt: string;
}

export interface CreativeBrief {
  mode: BriefMode;
  segments: BriefSegment[];
  variations: { prompt: string }[];
  sfx_segments?: BriefSegment[];
  sfx_prompt?: string;
}

export interface BriefOptions {
  prompt?: string;
  variantsNum: number;
  mode: BriefMode;
}

/** Music sections shorter than this are merged (text-to-music segment starts are ≥ 5 s apart). */
const MIN_MUSIC_SECTION_SECONDS = 5;
const SEGMENT_PROMPT_MAX = LIMITS.segments.promptMax;
const VARIATION_PROMPT_MAX = 1000;

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function withStyle(core: string, userPrompt: string | undefined, max: number): string {
  const room = max - core.length - ' Style: '.length;
  const excerpt = room >= 12 ? promptExcerpt(userPrompt, room) : '';
  return (excerpt ? `${core} Style: ${excerpt}` : core).slice(0, max);
}

/** Labels from energy: intro and outro at the ends, chorus for the most energetic middle spans. */
function labelSpans(spans: Span[]): string[] {
  if (spans.length === 1) return ['none'];
  const energies = spans.map(energyOf);
  if (spans.length === 2)
    return (energies[0] ?? 0) > (energies[1] ?? 0) ? ['chorus', 'outro'] : ['intro', 'chorus'];
  const middle = energies.slice(1, -1);
  const peak = Math.max(...middle);
  const low = Math.min(...middle);
  const average = middle.reduce((sum, e) => sum + e, 0) / middle.length;
  return spans.map((span, index) => {
    if (index === 0) return 'intro';
    if (index === spans.length - 1) return 'outro';
    const energy = energies[index] ?? 0;
    if (middle.length > 1 && energy >= peak * 0.75 && energy > average) return 'chorus';
    if (middle.length > 2 && energy === low && energy < average * 0.6)
      return paceOf(span.motion) === 'still' ? 'break' : 'bridge';
    return 'verse';
  });
}

function describe(stats: PictureStats): {
  light: ReturnType<typeof lightOf>;
  pace: ReturnType<typeof paceOf>;
} {
  return { light: lightOf(stats.brightness), pace: paceOf(stats.motion) };
}

function musicSegmentPrompt(span: Span, cuts: number[], userPrompt: string | undefined): string {
  const { light, pace } = describe(span);
  const bpm = fitTempoToCuts(BASE_BPM[pace], cuts, span.start, span.end);
  const what = span.shotCount > 1 ? `section (${span.shotCount} shots)` : 'shot';
  const core =
    `${capitalise(light)}, ${pace} ${what} in ${span.colour}: ${musicPalette(light, pace)}, ` +
    `${bpm} BPM, ${keyMode(light)}, ${colourFlavour(span.colour)} tone.`;
  return withStyle(core, userPrompt, SEGMENT_PROMPT_MAX);
}

function timesText(times: number[], max = 12): string {
  const shown = times.slice(0, max).map((t) => `${Math.round(t * 10) / 10} s`);
  return times.length > max
    ? `${shown.join(', ')} and ${times.length - max} more`
    : shown.join(', ');
}

function sfxSegmentPrompt(
  span: Span,
  analysis: VideoAnalysis,
  userPrompt: string | undefined,
): string {
  const { light, pace } = describe(span);
  const parts = [capitalise(sfxAmbience(light, pace))];
  if (span.start > 0 && analysis.cuts.some((cut) => Math.abs(cut - span.start) < 1))
    parts.push('a transition whoosh into the cut');
  const peaks = analysis.motionPeaks.filter((t) => t >= span.start && t < span.end);
  if (peaks.length > 0)
    parts.push(`${peaks.length === 1 ? 'a hit' : 'hits'} at ${timesText(peaks, 4)}`);
  return withStyle(`${parts.join(', ')}.`, userPrompt, SEGMENT_PROMPT_MAX);
}

function arcText(spans: Span[]): string {
  const shown = spans.slice(0, 8).map((span) => {
    const { light, pace } = describe(span);
    return `${span.start}–${span.end} s ${light} and ${pace} (${span.colour})`;
  });
  return `${shown.join('; ')}${spans.length > 8 ? `; then ${spans.length - 8} more sections` : ''}`;
}

function musicVariation(
  index: number,
  spans: Span[],
  analysis: VideoAnalysis,
  userPrompt?: string,
): string {
  const overall = mergeSpans(spans);
  const { light, pace } = describe(overall);
  const bpm = fitTempoToCuts(BASE_BPM[pace], analysis.cuts, 0, analysis.durationSeconds);
  const cuts =
    analysis.cuts.length > 0
      ? ` Accents on the cuts at ${timesText(analysis.cuts)}.`
      : ' One continuous shot.';
  const user = promptExcerpt(userPrompt, 300);
  const text =
    `${MUSIC_TAKES[index % MUSIC_TAKES.length]}${user ? `: ${user}` : ''}. ` +
    `Overall ${light} and ${pace}, ${musicPalette(light, pace)}, about ${bpm} BPM, ${keyMode(light)}. ` +
    `Arc: ${arcText(spans)}.${cuts}`;
  return text.slice(0, VARIATION_PROMPT_MAX);
}

function sfxOverview(shots: Span[], analysis: VideoAnalysis, userPrompt?: string): string {
  const dark = shots.filter(
    (s) => lightOf(s.brightness) === 'dark' || lightOf(s.brightness) === 'dim',
  ).length;
  const user = promptExcerpt(userPrompt, 600);
  const parts = [
    `${user ? `${user}. ` : ''}Sound design for ${shots.length} ${shots.length === 1 ? 'shot' : 'shots'} over ${Math.round(analysis.durationSeconds)} s`,
    analysis.cuts.length > 0
      ? `transition hits on the cuts at ${timesText(analysis.cuts)}`
      : 'no cuts, one continuous bed',
  ];
  if (analysis.motionPeaks.length > 0)
    parts.push(`motion accents at ${timesText(analysis.motionPeaks)}`);
  parts.push(`ambience follows the light (${dark} dark or dim, ${shots.length - dark} lit)`);
  return `${parts.join('; ')}.`;
}

/**
 * The creative brief for a video, built only from what was measured (cuts, brightness, motion,
 * colour) and the user's prompt. Segments start at 0, are contiguous whole seconds and each has
 * a label; there is one variation per requested variant. Mode `both` adds shot-sized
 * `sfx_segments` and one `sfx_prompt`; mode `sfx` returns the sound-design brief in
 * `segments` + `variations` (labels "none") and no `sfx_*` keys.
 */
export function buildBrief(analysis: VideoAnalysis, options: BriefOptions): CreativeBrief {
  const variants = Math.max(1, Math.floor(options.variantsNum));
  const shots = wholeSecondSpans(analysis, 0);
  const sfxSegments: BriefSegment[] = shots.map((span) => ({
    start: span.start,
    end: span.end,
    label: 'none',
    prompt: sfxSegmentPrompt(span, analysis, options.prompt),
  }));
  const overview = sfxOverview(shots, analysis, options.prompt);
  if (options.mode === 'sfx') {
    const variations = Array.from({ length: variants }, (_, i) => ({
      prompt: `${SFX_TAKES[i % SFX_TAKES.length]}. ${overview}`.slice(0, VARIATION_PROMPT_MAX),
    }));
    return { mode: 'sfx', segments: sfxSegments, variations };
  }
  const sections = wholeSecondSpans(analysis, MIN_MUSIC_SECTION_SECONDS);
  const labels = labelSpans(sections);
  const segments = sections.map((span, index) => ({
    start: span.start,
    end: span.end,
    label: labels[index] ?? 'none',
    prompt: musicSegmentPrompt(span, analysis.cuts, options.prompt),
  }));
  const variations = Array.from({ length: variants }, (_, i) => ({
    prompt: musicVariation(i, sections, analysis, options.prompt),
  }));
  if (options.mode === 'music') return { mode: 'music', segments, variations };
  return {
    mode: 'both',
    segments,
    variations,
    sfx_segments: sfxSegments,
    sfx_prompt: overview.slice(0, LIMITS.promptMaxChars),
  };
}
