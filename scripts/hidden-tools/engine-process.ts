import { spawn, type ChildProcess } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const READY = /Soundstage engine listening on (http:\/\/127\.0\.0\.1:\d+)/;

export const HIDDEN_TOOLS_KEY = 'sk_hidden_tools_check';

/** What an engine answered: status, the JSON body when there is one, and the raw text. */
export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

/**
 * The local engine as `npm run engine` starts it (engine/cli.ts) in its own process on a
 * loopback port, so its tools are resolved exactly as a user's would be with nothing installed.
 */
export interface EngineProcess {
  url: string;
  output: () => string;
  get(path: string): Promise<Answer>;
  post(
    path: string,
    fields: Record<string, string>,
    files?: Record<string, string>,
  ): Promise<Answer>;
  /** Polls a task until it is no longer processing. */
  pollTask(taskId: string, timeoutMs: number): Promise<Answer['body']>;
  /** Downloads a result URL to a file in `dir`. */
  download(url: string, dir: string, name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startEngineProcess(): Promise<EngineProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hidden-tools-engine-'));
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'engine/cli.ts', '--port', '0', '--data', dataDir],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SOUNDSTAGE_ENGINE_KEY: HIDDEN_TOOLS_KEY },
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`engine did not start:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`engine exited with ${code}:\n${output}`)));
  });
  const request = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const response = await fetch(url + path, {
      ...init,
      headers: { authorization: `Bearer ${HIDDEN_TOOLS_KEY}` },
    });
    const text = await response.text();
    const json = (response.headers.get('content-type') ?? '').includes('application/json');
    return { status: response.status, body: json ? JSON.parse(text) : undefined, text };
  };
  const engine: EngineProcess = {
    url,
    output: () => output,
    get: (path) => request(path),
    async post(path, fields, files = {}) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const [name, file] of Object.entries(files))
        form.append(name, await openAsBlob(file), basename(file));
      return request(path, { method: 'POST', body: form });
    },
    async pollTask(taskId, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const answer = await request(`/v1/tasks/${encodeURIComponent(taskId)}`);
        if (answer.status !== 200) throw new Error(`task read answered ${answer.status}`);
        if (answer.body.status !== 'processing') return answer.body;
        if (Date.now() > deadline) throw new Error(`task ${taskId} still processing`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
    async download(resultUrl, dir, name) {
      const response = await fetch(resultUrl);
      if (response.status !== 200) throw new Error(`download answered ${response.status}`);
      const path = join(dir, name);
      await writeFile(path, Buffer.from(await response.arrayBuffer()));
      return path;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return engine;
}
