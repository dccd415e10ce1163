import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import type { Cue } from '../../../../shared/domain/subtitles/cue';
import { placeCueEdge, setCueTiming } from '../../../../shared/domain/subtitles/edits';
import { limitsFor, profileById } from '../../../../shared/domain/subtitles/profiles';
import type { DecodedPeaks } from '../../editor/timeline';
import { adoptWaveformStyles } from '../../ui/waveform/use-wavesurfer';
import * as player from '../../editor/media/player';
import { useTransport } from '../../editor/media/transport-store';
import { editLanguage, subsPart, useSubsView } from './subs-store';
import { WaveTools } from './WaveTools';
import { followLoop, pxPerSecond, useWaveView, zoomWave } from './wave-view';
import { COLORS, markCurrent, numberLabel, style } from './wave-regions';

/** Snapping reaches 8 px either side at the start zoom, as on the Score timeline. */
const SNAP_MS = (8 / 60) * 1000;

/**
 * Where a finished region drag lands: each moved edge snaps to a shot change within 8 px and
 * keeps the profile's minimum gap to the neighbours (Alt or Shift held: no snapping).
 */
function settle(
  cues: readonly Cue[],
  id: string,
  region: Region,
  free: boolean,
  shotsMs: readonly number[],
) {
  const part = subsPart();
  const language = part.shown[0]!;
  const limits = limitsFor(profileById(part.profile), language);
  const options = {
    snapTargets: free ? [] : shotsMs,
    toleranceMs: SNAP_MS,
    minGapMs: limits.minGapMs,
  };
  const cue = cues.find((c) => c.id === id);
  if (!cue) return cues;
  const startMs = Math.round(region.start * 1000);
  const endMs = Math.round(region.end * 1000);
  if (startMs !== cue.startMs && endMs !== cue.endMs) {
    // The whole region moved: its start leads, the length stays.
    const start = placeCueEdge(cues, id, 'start', startMs, options).ms;
    return setCueTiming(cues, id, { startMs: start, endMs: start + (cue.endMs - cue.startMs) });
  }
  if (startMs !== cue.startMs)
    return setCueTiming(cues, id, {
      startMs: placeCueEdge(cues, id, 'start', startMs, options).ms,
    });
  return setCueTiming(cues, id, { endMs: placeCueEdge(cues, id, 'end', endMs, options).ms });
}

/** The waveform with one region per cue of the left-hand language; drag edges to re-time. */
export function SubsWaveform({
  peaks,
  durationMs,
  cues,
  shotsMs,
}: {
  peaks: DecodedPeaks | undefined;
  durationMs: number;
  cues: readonly Cue[];
  shotsMs: readonly number[];
}) {
  const container = useRef<HTMLDivElement>(null);
  const wave = useRef<{
    ws: WaveSurfer;
    regions: ReturnType<typeof RegionsPlugin.create>;
    shots: ReturnType<typeof RegionsPlugin.create>;
  } | null>(null);
  const zoom = useWaveView((s) => s.zoom);
  const currentId = useSubsView((s) => s.cueId);
  const follow = useWaveView((s) => s.follow);
  const free = useRef(false);
  /** Bumped when wavesurfer knows the duration: regions added before would collapse to 0. */
  const [ready, setReady] = useState(0);
  const latest = useRef({ cues, shotsMs });
  useLayoutEffect(() => {
    latest.current = { cues, shotsMs };
  });

  useEffect(() => {
    const element = container.current;
    if (!element || durationMs <= 0) return;
    const regions = RegionsPlugin.create();
    // Shot changes live in their own plugin: the cue sync below removes regions it does not know.
    const shots = RegionsPlugin.create();
    const ws = WaveSurfer.create({
      container: element,
      height: 88,
      minPxPerSec: pxPerSecond(useWaveView.getState().zoom),
      autoScroll: useWaveView.getState().follow,
      autoCenter: useWaveView.getState().follow,
      peaks: peaks ? [peaks.max, peaks.min] : [new Float32Array(2)],
      duration: durationMs / 1000,
      // The light text grey, not a surface grey: the wave must read through the cue regions'
      // teal tint (a surface grey on it was barely visible).
      waveColor: style('--text-dim', '#a0a8b5'),
      progressColor: style('--accent', '#5ec4b6'),
      cursorColor: style('--focus', '#9fe3d8'),
      interact: true,
      plugins: [regions, shots],
    });
    adoptWaveformStyles(ws);
    wave.current = { ws, regions, shots };
    const offs = [
      ws.on('ready', () => setReady((n) => n + 1)),
      ws.on('decode', () => setReady((n) => n + 1)),
      ws.on('interaction', (seconds) => player.seek(seconds * 1000)),
      regions.on('region-clicked', (region, event) => {
        event.stopPropagation();
        useSubsView.getState().set({ cueId: region.id });
        player.seek(region.start * 1000);
      }),
      regions.on('region-updated', (region) => {
        const language = subsPart().shown[0];
        if (!language) return;
        editLanguage('Re-time cue', language, (list) =>
          settle(list, region.id, region, free.current, latest.current.shotsMs),
        );
        // The store's answer (snapped, held) is drawn by the sync effect; put it back now too.
        const cue = subsPart().languages[language]?.find((c) => c.id === region.id);
        if (cue) region.setOptions({ start: cue.startMs / 1000, end: cue.endMs / 1000 });
      }),
    ];
    const unsubscribe = useTransport.subscribe((state) => {
      if (Math.abs(ws.getCurrentTime() * 1000 - state.playheadMs) > 30)
        ws.setTime(state.playheadMs / 1000);
    });
    const stopLoop = followLoop();
    // Ctrl+wheel (and a trackpad pinch, which Chromium sends as one) zooms; React's wheel
    // listener is passive, so the page would zoom too.
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.altKey) return;
      event.preventDefault();
      zoomWave(event.deltaY < 0 ? 1 : -1);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      offs.forEach((off) => off());
      unsubscribe();
      stopLoop();
      element.removeEventListener('wheel', onWheel);
      ws.destroy();
      wave.current = null;
    };
  }, [peaks, durationMs]);

  useEffect(() => {
    const current = wave.current;
    if (!current || ready === 0) return;
    current.ws.zoom(pxPerSecond(zoom));
  }, [zoom, ready]);

  useEffect(() => {
    wave.current?.ws.setOptions({ autoScroll: follow, autoCenter: follow });
  }, [follow, ready]);

  // Shot changes main reported, drawn as lines; nothing when there are none.
  useEffect(() => {
    const current = wave.current;
    if (!current || ready === 0) return;
    current.shots.clearRegions();
    const color = style('--info', '#7aa7ff');
    for (const ms of shotsMs) {
      const line = current.shots.addRegion({ start: ms / 1000, color, drag: false, resize: false });
      line.element?.setAttribute('data-testid', 'subs-shot-line');
      line.element?.setAttribute('data-ms', String(ms));
    }
  }, [shotsMs, ready]);

  // Regions follow the cues: added, moved or removed by id, never all redrawn per keystroke.
  useEffect(() => {
    const current = wave.current;
    if (!current || ready === 0) return;
    const existing = new Map(current.regions.getRegions().map((r) => [r.id, r]));
    const color = COLORS().fill;
    const { cueId } = useSubsView.getState();
    for (const [index, cue] of cues.entries()) {
      const region = existing.get(cue.id);
      existing.delete(cue.id);
      const start = cue.startMs / 1000;
      const end = Math.max(cue.endMs, cue.startMs + 1) / 1000;
      if (region) {
        if (region.start !== start || region.end !== end) region.setOptions({ start, end });
      }
      const shown =
        region ??
        current.regions.addRegion({ id: cue.id, start, end, color, drag: true, resize: true });
      // The number the table shows for the cue, so a region can be found by it.
      const number = String(index + 1);
      if (shown.content?.textContent !== number) shown.setContent(numberLabel(number));
      markCurrent(shown, cue.id === cueId, COLORS());
      const el = shown.element;
      if (!el) continue;
      el.setAttribute('data-testid', 'cue-region');
      el.setAttribute('data-cue-id', cue.id);
      el.setAttribute('data-start-ms', String(cue.startMs));
      el.setAttribute('data-end-ms', String(cue.endMs));
    }
    for (const stale of existing.values()) stale.remove();
  }, [cues, ready]);

  // The current cue (picked in the table, by a key or on the waveform) is marked.
  useEffect(() => {
    const current = wave.current;
    if (!current || ready === 0) return;
    const colors = COLORS();
    for (const region of current.regions.getRegions())
      markCurrent(region, region.id === currentId, colors);
  }, [currentId, ready]);

  return (
    <div className="subs-wave-box">
      <WaveTools />
      <div
        ref={container}
        className="subs-wave"
        role="group"
        data-testid="subs-waveform"
        data-shots={shotsMs.join(' ')}
        aria-label="Waveform: drag a cue's edges to re-time it (Alt or Shift: no snapping)"
        onPointerDownCapture={(event) => (free.current = event.altKey || event.shiftKey)}
      />
    </div>
  );
}
