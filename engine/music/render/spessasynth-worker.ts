import { FAST_REVERB_SOURCE } from './spessasynth-fast-reverb';

/**
 * What the portable renderer's worker thread runs, given as source text (`new Worker(source,
 * { eval: true })`): the engine ships as one bundled file, so a worker cannot be a separate
 * module file next to it. It stays plain JavaScript that only loads spessasynth_core (by the
 * absolute path in workerData) and Node built-ins.
 *
 * Protocol: workerData {corePath, soundFont, midiPath, sampleRate, gain, voiceCap, blockFrames,
 * window, tailFrames, libraryReverb?}; the worker posts `{ left, right }` blocks (buffers transferred) while it
 * holds credit, waits for the parent to post a number (more credit), and ends with `{ done, fastReverb }`
 * or `{ error }`. Credit keeps at most `window` blocks in flight, so a slow encoder never makes
 * the whole piece pile up in memory.
 */
export const SPESSASYNTH_WORKER_SOURCE =
  FAST_REVERB_SOURCE +
  String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { pathToFileURL } = require('node:url');

// spessasynth's sequencer advances once per process() call: 128 frames keeps note timing
// within 3 ms, as fluidsynth's does.
const QUANTUM = 128;
let credit = workerData.window;
let wake = null;
parentPort.on('message', (more) => {
  credit += more;
  if (wake) {
    const resume = wake;
    wake = null;
    resume();
  }
});

const arrayBufferOf = (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);

async function render() {
  const core = await import(pathToFileURL(workerData.corePath).href);
  const bank = core.SoundBankLoader.fromArrayBuffer(arrayBufferOf(readFileSync(workerData.soundFont)));
  const synth = new core.SpessaSynthProcessor(workerData.sampleRate, {
    effectsEnabled: true,
    eventsEnabled: false,
  });
  // Same output, about half the reverb's CPU (spessasynth-fast-reverb.ts); off only to compare.
  const fastReverb = !workerData.libraryReverb && installFastReverb(synth);
  synth.soundBankManager.addSoundBank(bank, 'main');
  await synth.processorInitialized;
  synth.setSystemParameter('gain', workerData.gain);
  synth.setSystemParameter('voiceCap', workerData.voiceCap);
  const sequencer = new core.SpessaSynthSequencer(synth);
  // Keep the MIDI's own timeline: the piece's length and cuts are measured from time zero.
  sequencer.skipToFirstNoteOn = false;
  sequencer.loopCount = 0;
  sequencer.preload = false;
  sequencer.loadNewSongList([core.BasicMIDI.fromArrayBuffer(arrayBufferOf(readFileSync(workerData.midiPath)))]);
  sequencer.play();
  let tail = 0;
  for (;;) {
    while (credit <= 0) await new Promise((resolve) => { wake = resolve; });
    const left = new Float32Array(workerData.blockFrames);
    const right = new Float32Array(workerData.blockFrames);
    for (let at = 0; at < left.length; at += QUANTUM) {
      sequencer.processTick();
      synth.process(left, right, at, Math.min(QUANTUM, left.length - at));
    }
    credit -= 1;
    parentPort.postMessage({ left, right }, [left.buffer, right.buffer]);
    if (sequencer.isFinished) {
      tail += left.length;
      if (synth.voiceCount === 0 || tail >= workerData.tailFrames) break;
    }
  }
  parentPort.postMessage({ done: true, fastReverb });
}

render().catch((error) => {
  parentPort.postMessage({ error: error && error.message ? error.message : String(error) });
});
`;
