import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** Seconds since `start` (a performance.now() value). */
export function since(start: number): number {
  return (performance.now() - start) / 1000;
}

export function ratio(a: number, b: number): string {
  return b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a';
}

export function formatRow(label: string, ...cells: string[]): string {
  return [label.padEnd(44), ...cells.map((c) => c.padStart(14))].join(' ');
}

/**
 * Runs curl on an NDJSON stream and reports its time to first byte and to the first
 * audio_chunk line, measured from the moment curl is started.
 */
export function curlStream(
  url: string,
  key: string,
  fields: Record<string, string>,
): Promise<{ firstByte: number; firstAudio: number; total: number }> {
  const args = ['-sS', '-N', '-X', 'POST', url, '-H', `Authorization: Bearer ${key}`];
  for (const [name, value] of Object.entries(fields)) args.push('-F', `${name}=${value}`);
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('curl', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let firstByte = 0;
    let firstAudio = 0;
    child.stdout.once('data', () => (firstByte = since(start)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!firstAudio && line.includes('"audio_chunk"')) firstAudio = since(start);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve({ firstByte, firstAudio, total: since(start) })
        : reject(new Error(`curl exited ${code}`)),
    );
  });
}

/** Uploads a file with `curl -F` and reports the seconds it took. */
/** Seconds from "1m2.345s" as bash's `times` prints them. */
function bashSeconds(text: string): number {
  const match = /(\d+)m([\d.]+)s/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
}

/**
 * `curl -F` of one file: wall seconds, and curl's own CPU seconds (user + system, from bash's
 * `times` for its children), so a slow figure on a busy machine can be read against work done.
 */
export function curlUpload(
  url: string,
  key: string,
  field: string,
  path: string,
): Promise<{ seconds: number; cpuSeconds: number }> {
  const start = performance.now();
  const script = 'curl "$@"; status=$?; times >&2; exit $status';
  return new Promise((resolve, reject) => {
    let timesOutput = '';
    const child = spawn(
      'bash',
      [
        '-c',
        script,
        'bash',
        '-sS',
        '-o',
        '/dev/null',
        '-X',
        'POST',
        url,
        '-H',
        `Authorization: Bearer ${key}`,
        '-F',
        `${field}=@${path}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child.stderr.on('data', (chunk: Buffer) => (timesOutput += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`curl exited ${code}: ${timesOutput.trim()}`));
      // The second line of `times` is the children's: "user sys".
      const [user = '', system = ''] = (timesOutput.trim().split('\n').at(-1) ?? '').split(/\s+/);
      resolve({ seconds: since(start), cpuSeconds: bashSeconds(user) + bashSeconds(system) });
    });
  });
}

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // The process ended between samples.
  }
}

/** The pids of a process's descendants (the engine's ffmpeg and fluidsynth children). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone already.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of parents.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * Samples resident memory until stopped and reports the peak in MB: of the process alone, or
 * with `tree` of the process and all its descendants together.
 */
export function sampleRss(pid: number, everyMs = 50, tree = false): { stop: () => number } {
  let peak = 0;
  const read = () => {
    const pids = tree ? [pid, ...descendants(pid)] : [pid];
    peak = Math.max(peak, pids.reduce((sum, p) => sum + rssKb(p), 0) / 1024);
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      read();
      return peak;
    },
  };
}
