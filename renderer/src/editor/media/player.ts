import { useTransport } from './transport-store';

/**
 * The video element is the clock of the workspace: commands and the timeline move it through
 * these functions, and a frame loop copies its time to the transport store while it plays.
 * Backwards shuttle (J) is done by seeking, since media elements cannot play in reverse.
 */
let video: HTMLVideoElement | null = null;
let frame = 0;
let lastTick = 0;
const listeners = new Set<(ms: number) => void>();

export function attachVideo(element: HTMLVideoElement | null): void {
  video = element;
  if (!element) cancelAnimationFrame(frame);
}

export function videoElement(): HTMLVideoElement | null {
  return video;
}

/** Called on every playhead change (seek or frame of playback): audio players follow it. */
export function onPlayhead(listener: (ms: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(ms: number): void {
  useTransport.getState().set({ playheadMs: ms });
  for (const listener of listeners) listener(ms);
}

function durationMs(): number {
  return video && Number.isFinite(video.duration) ? video.duration * 1000 : 0;
}

function tick(now: number): void {
  if (!video) return;
  const { shuttle } = useTransport.getState();
  if (shuttle < 0) {
    const dt = lastTick ? (now - lastTick) / 1000 : 0;
    const next = Math.max(0, video.currentTime + shuttle * dt);
    video.currentTime = next;
    if (next === 0) stop();
  }
  lastTick = now;
  publish(video.currentTime * 1000);
  if (useTransport.getState().playing) frame = requestAnimationFrame(tick);
}

function startLoop(): void {
  cancelAnimationFrame(frame);
  lastTick = 0;
  frame = requestAnimationFrame(tick);
}

export function play(rate = 1): void {
  if (!video) return;
  video.playbackRate = Math.abs(rate);
  useTransport.getState().set({ playing: true, shuttle: rate });
  if (rate > 0) void video.play().catch(() => stop());
  else video.pause();
  startLoop();
}

export function stop(): void {
  video?.pause();
  useTransport.getState().set({ playing: false, shuttle: 0 });
  cancelAnimationFrame(frame);
  if (video) publish(video.currentTime * 1000);
}

export function togglePlay(): void {
  if (useTransport.getState().playing) stop();
  else play(1);
}

const SHUTTLE_SPEEDS = [1, 2, 4, 8];

/** J/L: each press in the same direction goes faster; the other direction starts at 1×. */
export function shuttle(direction: 1 | -1): void {
  const current = useTransport.getState().shuttle;
  const speed = Math.sign(current) === direction ? Math.abs(current) : 0;
  const next = SHUTTLE_SPEEDS.find((s) => s > speed) ?? SHUTTLE_SPEEDS.at(-1)!;
  play(direction * next);
}

export function seek(ms: number): void {
  if (!video) return;
  const clamped = Math.min(Math.max(0, ms), durationMs() || ms);
  video.currentTime = clamped / 1000;
  publish(clamped);
}

export function seekBy(deltaMs: number): void {
  seek(useTransport.getState().playheadMs + deltaMs);
}

export function seekToEnd(): void {
  seek(durationMs());
}

/** The nearest of `targets` strictly before or after the playhead (shots, segment edges). */
export function seekToNeighbour(targets: readonly number[], direction: 1 | -1): void {
  const at = useTransport.getState().playheadMs;
  // Half a millisecond of slack so a target the playhead sits on is not found again.
  const candidates =
    direction > 0 ? targets.filter((t) => t > at + 0.5) : targets.filter((t) => t < at - 0.5);
  if (candidates.length === 0) return;
  seek(direction > 0 ? Math.min(...candidates) : Math.max(...candidates));
}
