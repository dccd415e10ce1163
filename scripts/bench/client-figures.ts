import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient } from '../../electron/main/services/api-client/api-client';
import type { JobRequest } from '../../shared/domain/jobs/job';
import { processCpuSeconds } from '../../shared/node/toolchain';
import { curlStream, curlUpload, formatRow, ratio, sampleRss, since } from './measure';

export interface Target {
  url: string;
  key: string;
  workDir: string;
  /** The engine's process, so a figure can print what receiving cost it (Linux only). */
  enginePid?: number;
}

const STREAM_FIELDS = { prompt: 'Uplifting synth pop with bright drums, 118 BPM', duration: '60' };

function client(target: Target): ApiClient {
  return new ApiClient({
    baseUrl: target.url,
    getKey: async () => target.key,
    clientVersion: 'bench',
  });
}

/** Generate-to-first-audio through ApiClient versus curl on the same stream, alternated. */
export async function streamLatency(target: Target, rounds = 3): Promise<string[]> {
  const app: number[] = [];
  const curlFirstByte: number[] = [];
  const curlFirstAudio: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const request: JobRequest = {
      type: 'text_to_music',
      delivery: 'stream',
      fields: STREAM_FIELDS,
      files: {},
      label: 'bench',
    };
    const start = performance.now();
    let first = 0;
    const result = await client(target).stream(request, {
      onBytes: () => void (first ||= since(start)),
    });
    if (!result.ok) throw new Error(`stream failed: ${result.error.message}`);
    app.push(first);
    const curl = await curlStream(`${target.url}/v1/text-to-music`, target.key, STREAM_FIELDS);
    curlFirstByte.push(curl.firstByte);
    curlFirstAudio.push(curl.firstAudio);
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const appMedian = median(app);
  const curlAudio = median(curlFirstAudio);
  return [
    formatRow('Generate → first audio (median of 3)', 'ApiClient', 'curl', 'ratio'),
    formatRow(
      '  first audio_chunk received',
      `${appMedian.toFixed(3)} s`,
      `${curlAudio.toFixed(3)} s`,
      ratio(appMedian, curlAudio),
    ),
    formatRow(
      '  (curl first byte of the stream: title line)',
      '',
      `${median(curlFirstByte).toFixed(3)} s`,
      '',
    ),
  ];
}

async function makeSparseFile(path: string, bytes: number): Promise<void> {
  // Real bytes, not a sparse hole, so both clients read the same data from disk.
  const handle = await open(path, 'w');
  const block = Buffer.alloc(8 * 1024 * 1024, 7);
  for (let written = 0; written < bytes; written += block.length) {
    await handle.write(block, 0, Math.min(block.length, bytes - written));
  }
  await handle.close();
}

/**
 * A 300 MB upload through ApiClient (multipart streamed from disk) versus `curl -F`, both to the
 * engine's video-analysis endpoint, which stores the upload and then refuses the unreadable
 * media with a 422: the upload itself is what is timed.
 */
export async function uploadThroughput(target: Target, megabytes = 300): Promise<string[]> {
  const file = join(target.workDir, 'upload.bin');
  const bytes = megabytes * 1000 * 1000;
  await makeSparseFile(file, bytes);
  try {
    const request: JobRequest = {
      type: 'video_analysis',
      delivery: 'async',
      fields: { mode: 'both', variants_num: 1 },
      files: { video: file },
      label: 'bench',
    };
    // Alternated (app, curl, curl, app) so page-cache and write-back effects fall on both alike.
    const appRuns: number[] = [];
    const appCpu: number[] = [];
    const curlRuns: number[] = [];
    const curlCpu: number[] = [];
    // What receiving each client's upload cost the engine: equal figures mean the ratio above
    // compares the clients, not how the server was scheduled (docs/decisions/108-*.md).
    const engineCpu = { app: [] as number[], curl: [] as number[] };
    const engineSeconds = () =>
      target.enginePid === undefined ? null : processCpuSeconds(target.enginePid);
    const countEngine = async (into: number[], run: () => Promise<void>) => {
      const before = engineSeconds();
      await run();
      const after = engineSeconds();
      if (before !== null && after !== null) into.push(after - before);
    };
    let peakGrowth = 0;
    const runApp = async () => {
      global.gc?.();
      const rssBefore = process.memoryUsage().rss / 1024 / 1024;
      const rss = sampleRss(process.pid, 20);
      const start = performance.now();
      const cpuBefore = process.cpuUsage();
      const result = await client(target).submit(request);
      appRuns.push(since(start));
      const cpu = process.cpuUsage(cpuBefore);
      appCpu.push((cpu.user + cpu.system) / 1e6);
      peakGrowth = Math.max(peakGrowth, rss.stop() - rssBefore);
      if (result.ok || result.error.kind !== 'unprocessable') {
        throw new Error(
          `expected the engine to refuse the bytes as media, got ${result.ok ? 'a task' : result.error.kind}`,
        );
      }
    };
    const runCurl = async () => {
      const run = await curlUpload(`${target.url}/v1/video-analysis`, target.key, 'video', file);
      curlRuns.push(run.seconds);
      curlCpu.push(run.cpuSeconds);
    };
    // One untimed upload each first: the engine's first upload pays for its own warm-up (JIT of
    // the multipart parser, the first file creation in its store), which the alternation below
    // would otherwise charge to whichever client went first.
    await client(target).submit(request);
    await curlUpload(`${target.url}/v1/video-analysis`, target.key, 'video', file);
    await countEngine(engineCpu.app, runApp);
    await countEngine(engineCpu.curl, runCurl);
    await countEngine(engineCpu.curl, runCurl);
    await countEngine(engineCpu.app, runApp);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const appSeconds = mean(appRuns);
    const curlSeconds = mean(curlRuns);
    const mbps = (seconds: number) => `${(megabytes / seconds).toFixed(0)} MB/s`;
    return [
      formatRow(
        `Upload of ${megabytes} MB (multipart, mean of 2)`,
        'ApiClient',
        'curl -F',
        'ratio',
      ),
      // Goals stay off the figure lines so each line carries one ratio to read.
      `  goals: throughput ≥ 0.95× curl, RSS growth ≤ 64 MB`,
      formatRow(
        '  throughput',
        mbps(appSeconds),
        mbps(curlSeconds),
        ratio(curlSeconds, appSeconds),
      ),
      formatRow(
        '  CPU of the uploading process (user + system)',
        `${mean(appCpu).toFixed(2)} s`,
        `${mean(curlCpu).toFixed(2)} s`,
        ratio(mean(curlCpu), mean(appCpu)),
      ),
      ...(engineCpu.app.length === 2 && engineCpu.curl.length === 2
        ? [
            formatRow(
              '  CPU of the engine receiving it',
              `${mean(engineCpu.app).toFixed(2)} s`,
              `${mean(engineCpu.curl).toFixed(2)} s`,
              ratio(mean(engineCpu.curl), mean(engineCpu.app)),
            ),
          ]
        : []),
      formatRow(
        '  peak RSS growth of the uploading process',
        `${peakGrowth.toFixed(1)} MB`,
        '',
        '',
      ),
    ];
  } finally {
    await rm(file, { force: true });
  }
}
