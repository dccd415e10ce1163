import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
export function curlStream(url: string, key: string, fields: Record<string, string>): Promise<{ firstByte: number; firstAudio: number; total: number }> {
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
    child.on('exit', (code) => (code === 0 ? resolve({ firstByte, firstAudio, total: since(start) }) : reject(new Error(`curl exited ${code}`))));
  });
}

/** Uploads a file with `curl -F` and reports the seconds it took. */
export function curlUpload(url: string, key: string, field: string, path: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('curl', ['-sS', '-o', '/dev/null', '-X', 'POST', url, '-H', `Authorization: Bearer ${key}`, '-F', `${field}=@${path}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(since(start)) : reject(new Error(`curl exited ${code}`))));
  });
}

/** Samples a process's resident set size (kB from /proc) until stopped; reports the peak in MB. */
export function sampleRss(pid: number, everyMs = 50): { stop: () => number } {
  let peak = 0;
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      // The process may have ended between samples.
    }
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
