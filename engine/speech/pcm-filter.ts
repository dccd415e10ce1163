import { FFMPEG_QUIET_OVERWRITE, lastErrorLine, runTool, TOOL } from '../../shared/node/toolchain';

/** Copies a Node Buffer of little-endian float32 samples into an aligned Float32Array. */
export function floatsFromBuffer(bytes: Buffer): Float32Array {
  const out = new Float32Array(Math.floor(bytes.length / 4));
  new Uint8Array(out.buffer).set(bytes.subarray(0, out.length * 4));
  return out;
}

/**
 * Runs mono float samples through an ffmpeg audio filter chain (atempo, resampling) over pipes,
 * so no temporary files are needed for short lines.
 */
export async function filterMonoPcm(
  samples: Float32Array,
  inputRate: number,
  filter: string,
  outputRate: number,
  signal?: AbortSignal,
): Promise<{ ok: true; samples: Float32Array } | { ok: false; message: string }> {
  const args = [
    ...FFMPEG_QUIET_OVERWRITE,
    '-f',
    'f32le',
    '-ar',
    String(inputRate),
    '-ac',
    '1',
    '-i',
    'pipe:0',
    '-af',
    filter ? `${filter},aresample=${outputRate}` : `aresample=${outputRate}`,
    '-f',
    'f32le',
    '-ar',
    String(outputRate),
    '-ac',
    '1',
    'pipe:1',
  ];
  const input = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const run = await runTool(TOOL.ffmpeg, args, { signal, stdin: input });
  if (run.code !== 0) return { ok: false, message: lastErrorLine(run.stderr) };
  return { ok: true, samples: floatsFromBuffer(run.stdout) };
}
