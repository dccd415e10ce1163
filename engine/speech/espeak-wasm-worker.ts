/**
 * Source text of the worker thread that runs the espeak-ng WebAssembly build (npm `espeak-ng`,
 * GPL-3.0-or-later). It is kept apart on purpose (docs/decisions/072-portable-synthesis.md):
 * the engine never imports or bundles espeak-ng; this worker loads it at run time from the
 * absolute path it is given and exchanges only text and WAV bytes with the engine, as the
 * native espeak-ng program does. Source text because the engine ships as one bundled file,
 * where a worker cannot be a separate module file.
 *
 * Requests `{ id, kind: 'speak', voice, text }` answer `{ id, wav }` (a WAV file's bytes);
 * `{ id, kind: 'inventory' }` answers `{ id, voices, dictionaries }` (what the build's data
 * holds); failures answer `{ id, error }`. The WebAssembly module is compiled once and a fresh
 * instance speaks each line (espeak-ng's command line runs once per instance).
 */
export const ESPEAK_WASM_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');

const DATA = '/usr/local/share/espeak-ng-data';
let ready = null;

function load() {
  ready ??= (async () => {
    const factory = (await import(pathToFileURL(workerData.modulePath).href)).default;
    const compiled = await WebAssembly.compile(readFileSync(join(dirname(workerData.modulePath), 'espeak-ng.wasm')));
    return { factory, compiled };
  })();
  return ready;
}

async function run(args, files) {
  const { factory, compiled } = await load();
  const output = [];
  const errors = [];
  const instance = await factory({
    arguments: args,
    print: (line) => output.push(line),
    printErr: (line) => errors.push(line),
    preRun: [(module) => {
      for (const [path, text] of files) module.FS.writeFile(path, text);
    }],
    instantiateWasm: (imports, done) => {
      WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled));
      return {};
    },
  });
  return { instance, output, errors };
}

async function answer(request) {
  if (request.kind === 'inventory') {
    const { instance, output } = await run(['--voices'], []);
    const voices = output.slice(1).map((line) => line.trim().split(/\s+/)[1]).filter(Boolean);
    const dictionaries = instance.FS.readdir(DATA)
      .filter((name) => name.endsWith('_dict'))
      .map((name) => name.slice(0, -'_dict'.length));
    return { voices, dictionaries };
  }
  // Text goes through a file, never the argument list, so a line starting with "-" is spoken.
  const { instance, errors } = await run(
    ['-v', request.voice, '-w', '/out.wav', '-f', '/in.txt'],
    [['/in.txt', request.text]],
  );
  let wav;
  try {
    wav = instance.FS.readFile('/out.wav');
  } catch {
    throw new Error('espeak-ng (WebAssembly) wrote no audio: ' + (errors.filter((l) => !/keepRuntimeAlive/.test(l)).pop() || 'no message'));
  }
  return { wav };
}

parentPort.on('message', (request) => {
  answer(request).then(
    (result) => parentPort.postMessage({ id: request.id, ...result }),
    (error) => parentPort.postMessage({ id: request.id, error: error && error.message ? error.message : String(error) }),
  );
});
`;
