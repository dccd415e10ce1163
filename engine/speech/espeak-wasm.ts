import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ESPEAK_WASM_WORKER_SOURCE } from './espeak-wasm-worker';

/**
 * The portable espeak-ng: its WebAssembly build (npm `espeak-ng`, GPL-3.0-or-later) run in a
 * worker thread of its own (espeak-wasm-worker.ts says why it is kept apart). One worker serves
 * the process, one line at a time; it does not keep the process alive when idle.
 */

type Answer =
  | { id: number; wav: Uint8Array }
  | { id: number; voices: string[]; dictionaries: string[] }
  | { id: number; error: string };

export interface EspeakWasmInventory {
  voices: string[];
  dictionaries: string[];
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();
let inventory: Promise<EspeakWasmInventory | null> | null = null;
/**
 * An idle worker is stopped after this long: its WebAssembly heap and voice data stay resident
 * while it lives (docs/decisions/094-heavy-stage-gate.md), and restarting one costs well under
 * a second, against a dubbing run that speaks its lines back to back.
 */
const IDLE_STOP_MS = 30_000;
let idleTimer: NodeJS.Timeout | null = null;

function stopWhenIdle(target: Worker): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (worker === target && pending.size === 0) {
      worker = null;
      void target.terminate();
    }
  }, IDLE_STOP_MS);
  idleTimer.unref();
}

function moduleUrl(): string {
  return typeof __filename === 'string' ? pathToFileURL(__filename).href : import.meta.url;
}

/** The espeak-ng WebAssembly build's entry file, or null when it is not installed. */
export function espeakWasmModulePath(): string | null {
  try {
    return createRequire(moduleUrl()).resolve('espeak-ng');
  } catch {
    return null;
  }
}

function failAll(message: string): void {
  for (const { reject } of pending.values()) reject(new Error(message));
  pending.clear();
}

function ensureWorker(modulePath: string): Worker {
  if (worker) return worker;
  const started = new Worker(ESPEAK_WASM_WORKER_SOURCE, { eval: true, workerData: { modulePath } });
  started.unref();
  started.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) {
      started.unref();
      stopWhenIdle(started);
    }
    waiting?.resolve(answer);
  });
  started.on('error', (error) => {
    if (worker === started) worker = null;
    failAll(`espeak-ng (WebAssembly) failed: ${error.message}`);
  });
  started.on('exit', (code) => {
    if (worker === started) worker = null;
    failAll(`espeak-ng (WebAssembly) stopped (exit ${code})`);
  });
  worker = started;
  return started;
}

function ask(request: { kind: 'speak'; voice: string; text: string } | { kind: 'inventory' }) {
  const modulePath = espeakWasmModulePath();
  if (!modulePath)
    return Promise.reject(
      new Error(
        'The bundled espeak-ng voice is missing from this installation: reinstall Soundstage.',
      ),
    );
  const target = ensureWorker(modulePath);
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const id = nextId++;
  return new Promise<Answer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Referenced while a line is being spoken, so a script waiting on it is not cut short.
    target.ref();
    target.postMessage({ id, ...request });
  });
}

/** Speaks `text` with an espeak-ng voice; resolves to the WAV file's bytes. */
export async function speakWithEspeakWasm(voice: string, text: string): Promise<Uint8Array> {
  const answer = await ask({ kind: 'speak', voice, text });
  if ('error' in answer) throw new Error(answer.error);
  if (!('wav' in answer)) throw new Error('espeak-ng (WebAssembly) answered without audio');
  return answer.wav;
}

/** The voices and dictionaries in the WebAssembly build's data (asked once per process). */
export function espeakWasmInventory(): Promise<EspeakWasmInventory | null> {
  inventory ??= ask({ kind: 'inventory' }).then(
    (answer) =>
      'voices' in answer ? { voices: answer.voices, dictionaries: answer.dictionaries } : null,
    () => null,
  );
  return inventory;
}

/** Stops the worker (tests and shutdown); the next request starts a new one. */
export async function stopEspeakWasm(): Promise<void> {
  const running = worker;
  worker = null;
  failAll('espeak-ng (WebAssembly) was stopped');
  await running?.terminate();
}
