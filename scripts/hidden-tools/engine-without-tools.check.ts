/**
 * The local engine on a machine with none of the optional media tools: run only by
 * scripts/hidden-tools/run.mjs, inside a mount namespace where hide-tools.sh has hidden the
 * system's ffmpeg, fluidsynth, espeak-ng, pocketsphinx, … and their data (README.md beside).
 * What must work there: music, effects and a scripted dub (bundled FFmpeg, SoundFont synth and
 * WebAssembly voice); what cannot work (speech recognition) must be refused before any charge.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultToolchain, findOnPath, TOOL, type ToolName } from '../../shared/node/toolchain';
import { startEngineProcess, type EngineProcess } from './engine-process';
import { audioSeconds, makeClip, meanVolumeDb, SILENT_BELOW_DB } from './media-facts';

/** The system programs the mounts hide (names, never started here). */
const HIDDEN_PROGRAMS =
  'ffmpeg ffprobe fluidsynth espeak-ng sox text2wave festival pocketsphinx_continuous apertium lt-proc'.split(
    ' ',
  );
const HIDDEN_DATA = [
  '/usr/share/sounds/sf2',
  '/usr/share/sonic-pi',
  '/usr/share/pocketsphinx',
  '/usr/share/apertium',
  '/usr/share/festival',
  '/usr/lib/x86_64-linux-gnu/espeak-ng-data',
  '/usr/share/espeak-ng-data',
];
const OPTIONAL_TOOLS: ToolName[] = [
  TOOL.fluidsynth,
  TOOL.espeakNg,
  TOOL.text2wave,
  TOOL.pocketsphinx,
  TOOL.apertium,
  TOOL.sox,
];

const SPANISH_SRT = `1
00:00:00,500 --> 00:00:03,000
Hola y bienvenidos a nuestro vídeo.

2
00:00:03,500 --> 00:00:06,500
Gracias por mirar.
`;

let engine: EngineProcess;
let dir = '';

beforeAll(async () => {
  if (process.env.SOUNDSTAGE_TOOLS_HIDDEN !== '1')
    throw new Error('Run this through `node scripts/hidden-tools/run.mjs`: tools are not hidden.');
  dir = await mkdtemp(join(tmpdir(), 'hidden-tools-'));
  engine = await startEngineProcess();
});
afterAll(async () => {
  await engine?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The engine's record of money: the balance and the usage totals of today. */
async function ledger(): Promise<{ balance: number; requests: number; cost: number }> {
  const services = await engine.get('/v1/account/services');
  const usage = await engine.get('/v1/account/usage?days=1');
  return {
    balance: Number(services.body.balance),
    requests: Number(usage.body.summary.total_requests),
    cost: Number(usage.body.summary.total_cost),
  };
}

describe('the harness', () => {
  it('hides every system media program and the data they read', () => {
    for (const name of HIDDEN_PROGRAMS) {
      expect(findOnPath(name, process.env.PATH ?? '', 'linux'), name).toBeNull();
      expect(spawnSync('which', [name]).status, `which ${name}`).not.toBe(0);
    }
    for (const data of HIDDEN_DATA.filter((path) => existsSync(path)))
      expect(readdirSync(data), data).toEqual([]);
  });

  it('resolves FFmpeg and FFprobe to the bundled copies and finds no optional tool', () => {
    const toolchain = defaultToolchain();
    expect(toolchain.resolve('ffmpeg').source).toBe('bundled');
    expect(toolchain.resolve('ffprobe').source).toBe('bundled');
    for (const name of OPTIONAL_TOOLS) expect(toolchain.has(name), name).toBe(false);
  });

  it('starts the engine on a loopback port', async () => {
    expect(engine.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await engine.get('/v1/account/services')).status).toBe(200);
  });
});

describe('the engine with no optional media tool', () => {
  it('makes 10 s of text-to-music that is not silent', async () => {
    const ack = await engine.post('/v1/text-to-music', {
      prompt: 'calm piano with soft strings and a light drum groove',
      duration: '10',
      mode: 'async',
    });
    expect(ack.status, ack.text).toBe(202);
    const task = await engine.pollTask(ack.body.task_id, 100_000);
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
    const file = await engine.download(task.audio[0].url, dir, 'music.m4a');
    expect(Math.abs((await audioSeconds(file)) - 10)).toBeLessThanOrEqual(0.5);
    expect(await meanVolumeDb(file)).toBeGreaterThan(SILENT_BELOW_DB);
  });

  it('makes a 4 s sound effect that is not silent', async () => {
    const ack = await engine.post('/v1/text-to-sfx', {
      prompt: 'a wooden door slams, then footsteps on gravel',
      duration: '4',
      audio_format: 'wav',
    });
    expect(ack.status, ack.text).toBe(202);
    const task = await engine.pollTask(ack.body.task_id, 100_000);
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
    const file = await engine.download(task.audio.url, dir, 'sfx.wav');
    expect(Math.abs((await audioSeconds(file)) - 4)).toBeLessThanOrEqual(0.5);
    expect(await meanVolumeDb(file)).toBeGreaterThan(SILENT_BELOW_DB);
  });

  it('dubs a clip into Spanish from a supplied script, with a voice in the soundtrack', async () => {
    // A silent soundtrack: whatever is heard in the dub is the voice the engine made.
    const clip = await makeClip(dir, 8, { silent: true });
    const script = join(dir, 'clip.es.srt');
    await writeFile(script, SPANISH_SRT);
    const ack = await engine.post(
      '/v1/dubbing',
      { languages: '["es"]', lipsync: 'false', ducking: 'false' },
      { video: clip, 'subtitles[es]': script },
    );
    expect(ack.status, ack.text).toBe(202);
    const task = await engine.pollTask(ack.body.task_id, 110_000);
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
    const dub = await engine.download(task.outputs.es, dir, 'dub.es.mp4');
    expect(Math.abs((await audioSeconds(dub)) - 8)).toBeLessThanOrEqual(0.5);
    expect(await meanVolumeDb(dub)).toBeGreaterThan(SILENT_BELOW_DB);
  });

  it('refuses proofread, naming speech recognition, and charges nothing', async () => {
    const clip = await makeClip(dir, 6, { silent: false });
    const before = await ledger();
    const answer = await engine.post('/v1/proofread', { languages: '["es"]' }, { video: clip });
    expect(answer.status, `proofread was accepted: ${answer.text}`).toBeGreaterThanOrEqual(400);
    expect(answer.body?.message ?? answer.text).toMatch(/speech recognition/i);
    expect(await ledger()).toEqual(before);
  });
});
