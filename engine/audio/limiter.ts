/**
 * ffmpeg's look-ahead `alimiter` with its delay taken back out, as `latency=true` does on ffmpeg
 * 4.4 and later. The bundled 2018 ffmpeg (docs/decisions/071-bundled-ffmpeg.md) has no `latency`
 * option: its limiter delays the sound by floor(rate × attack) − 1 samples (measured) and drops
 * that much of the end. So the input is padded by the delay, the limiter runs, and the delay is
 * cut from the front: the output lines up sample for sample with the input and is as long.
 */
export function alignedLimiter(
  options: { limit: number; attackMs?: number; releaseMs?: number; digits?: number },
  sampleRate: number,
): string {
  const attackMs = options.attackMs ?? 5;
  const delay = Math.max(0, Math.floor((sampleRate * attackMs) / 1000) - 1);
  const release = options.releaseMs === undefined ? '' : `:release=${options.releaseMs}`;
  const limiter = `alimiter=limit=${options.limit.toFixed(options.digits ?? 4)}:attack=${attackMs}${release}:level=false`;
  return `apad=pad_len=${delay},${limiter},atrim=start_sample=${delay},asetpts=PTS-STARTPTS`;
}
