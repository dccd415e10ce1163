import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import WaveSurfer from 'wavesurfer.js';
import shadowCss from './waveform-shadow.css?raw';

/** Dispatched on window when a waveform starts playing (detail: the player), so others pause. */
export const EXCLUSIVE_PLAY = 'soundstage:waveform-play';

let sheet: CSSStyleSheet | null = null;
function shadowSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(shadowCss);
  }
  return sheet;
}

/** Gives a wavesurfer instance its layout under the app's CSP (see waveform-shadow.css). */
export function adoptWaveformStyles(ws: WaveSurfer): void {
  const root = ws.getWrapper().getRootNode();
  if (root instanceof ShadowRoot)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, shadowSheet()];
}

function themeColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

export interface WaveState {
  ready: boolean;
  playing: boolean;
  currentTime: number;
  duration: number;
  error?: string;
}

export interface WaveControls {
  playPause: () => void;
  seek: (seconds: number) => void;
}

/** A wavesurfer.js instance in `containerRef`, loading `url`; destroyed with the component. */
export function useWaveSurfer(
  containerRef: RefObject<HTMLDivElement | null>,
  url: string | undefined,
  options: {
    height: number;
    resume?: (() => { time: number; playing: boolean } | undefined) | undefined;
  },
): [WaveState, WaveControls] {
  const [state, setState] = useState<WaveState>({
    ready: false,
    playing: false,
    currentTime: 0,
    duration: 0,
  });
  const instance = useRef<WaveSurfer | null>(null);
  const resumeFrom = useEffectEvent(() => options.resume?.());

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !url) return;
    const ws = WaveSurfer.create({
      container,
      height: options.height,
      waveColor: themeColor('--surface-3', '#3a4250'),
      progressColor: themeColor('--accent', '#5ec4b6'),
      cursorColor: themeColor('--focus', '#9fe3d8'),
      cursorWidth: 2,
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      normalize: true,
      dragToSeek: true,
    });
    adoptWaveformStyles(ws);
    instance.current = ws;
    setState({ ready: false, playing: false, currentTime: 0, duration: 0 });
    const offs = [
      ws.on('ready', (duration) => {
        setState((s) => ({ ...s, ready: true, duration }));
        const start = resumeFrom();
        if (start && start.time > 0 && start.time < duration) ws.setTime(start.time);
        if (start?.playing) void ws.play().catch(() => undefined);
      }),
      ws.on('play', () => {
        setState((s) => ({ ...s, playing: true }));
        // One take at a time, so takes can be compared by clicking from one to the next.
        window.dispatchEvent(new CustomEvent(EXCLUSIVE_PLAY, { detail: ws }));
      }),
      ws.on('pause', () => setState((s) => ({ ...s, playing: false }))),
      ws.on('finish', () => setState((s) => ({ ...s, playing: false }))),
      ws.on('timeupdate', (currentTime) =>
        setState((s) => (Math.abs(s.currentTime - currentTime) < 0.1 ? s : { ...s, currentTime })),
      ),
      ws.on('error', (error) =>
        setState((s) => ({ ...s, error: error.message || 'The audio could not be loaded.' })),
      ),
    ];
    ws.load(url).catch((error: unknown) => {
      // Loading is aborted on unmount; only report real failures.
      if (instance.current === ws)
        setState((s) => ({ ...s, error: error instanceof Error ? error.message : String(error) }));
    });
    const onOtherPlay = (event: Event) => {
      if ((event as CustomEvent).detail !== ws) ws.pause();
    };
    window.addEventListener(EXCLUSIVE_PLAY, onOtherPlay);
    return () => {
      window.removeEventListener(EXCLUSIVE_PLAY, onOtherPlay);
      offs.forEach((off) => off());
      instance.current = null;
      ws.destroy();
    };
  }, [containerRef, url, options.height]);

  const controls: WaveControls = {
    playPause: () => void instance.current?.playPause().catch(() => undefined),
    seek: (seconds) => instance.current?.setTime(seconds),
  };
  return [state, controls];
}
