import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool, Toolchain, useDefaultToolchain } from '../../shared/node/toolchain';
import { chooseMusicSynth } from '../music/render/synth-choice';
import { sampleSource } from '../sfx/samples';
import { stopEspeakWasm } from '../speech/espeak-wasm';
import { synthesizeLine } from '../speech/tts';
import { chooseVoiceEngine } from '../speech/voice-choice';
import { startTestEngine, tempDir, type TestEngine } from '../testing/harness';
import { makeTestVideo } from '../testing/media';

/**
 * The engine on a machine without Debian's tools: fluidsynth, espeak-ng, Festival and the
 * sonic-pi samples are hidden (a toolchain with an empty PATH keeps only the bundled ffmpeg and
 * ffprobe; the samples folder points nowhere), so music, sound effects and dubbing speech must
 * come from the portable synthesisers (docs/decisions/072-portable-synthesis.md).
 */
let engine: TestEngine;
let dir = '';
const saved = { ...process.env };

beforeAll(async () => {
  dir = await tempDir('soundstage-portable-');
  process.env.SOUNDSTAGE_SYNTH = 'portable';
  process.env.SOUNDSTAGE_SAMPLES_DIR = join(dir, 'no-sonic-pi-samples');
  useDefaultToolchain(new Toolchain({ pathEnv: '' }));
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine.close();
  await stopEspeakWasm();
  useDefaultToolchain(null);
  process.env = saved;
});

async function download(url: string, name: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const path = join(dir, name);
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  return path;
}

/** Decodes with the toolchain's ffprobe and measures loudness with its ffmpeg. */
async function measure(path: string): Promise<{
  duration: number;
  sampleRate: number;
  channels: number;
  lufs: number;
}> {
  const probe = await runTool('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'a:0',
    '-show_entries',
    'stream=sample_rate,channels:format=duration',
    '-of',
    'json',
    path,
  ]);
  expect(probe.code, probe.stderr).toBe(0);
  const json = JSON.parse(probe.stdout.toString('utf8')) as {
    streams: { sample_rate: string; channels: number }[];
    format: { duration: string };
  };
  const loudness = await runTool('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-i',
    path,
    '-map',
    '0:a:0',
    '-af',
    'ebur128',
    '-f',
    'null',
    '-',
  ]);
  const summary = loudness.stderr.slice(loudness.stderr.lastIndexOf('Summary:'));
  return {
    duration: Number(json.format.duration),
    sampleRate: Number(json.streams[0]!.sample_rate),
    channels: json.streams[0]!.channels,
    lufs: Number(/I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1] ?? Number.NaN),
  };
}

describe('without fluidsynth, espeak-ng, Festival or sonic-pi samples', () => {
  it('chooses the portable synthesisers and says so', async () => {
    expect(chooseMusicSynth()).toMatchObject({ ok: true, kind: 'spessasynth' });
    expect(sampleSource()).toBe('synthesised');
    expect(await chooseVoiceEngine('es')).toEqual({
      ok: true,
      kind: 'espeak-ng-wasm',
      voice: 'es',
    });
    // English falls back to espeak-ng too when Festival is hidden.
    expect(await chooseVoiceEngine('en')).toMatchObject({ ok: true, kind: 'espeak-ng-wasm' });
  });

  it('renders text-to-music of the asked length that is not silent', async () => {
    const ack = await engine.post('/v1/text-to-music', {
      prompt: 'energetic funk with slap bass and brass',
      duration: 12,
      mode: 'async',
      output_format: 'wav',
    });
    expect(ack.status, ack.text).toBe(202);
    const task = await engine.pollTask(ack.body.task_id);
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
    const path = await download(task.audio[0].url, 'music.wav');
    const facts = await measure(path);
    expect([facts.sampleRate, facts.channels]).toEqual([44100, 2]);
    expect(Math.abs(facts.duration - 12)).toBeLessThanOrEqual(0.5);
    // Mastered to the same -14 LUFS as the native path.
    expect(Math.abs(facts.lufs - -14)).toBeLessThanOrEqual(1);
  });

  it('renders a sound effect built on samples from their synthesised stand-ins', async () => {
    const ack = await engine.post('/v1/text-to-sfx', {
      prompt: 'a door creaks open, a crow caws, the church bell rings',
      duration: 6,
      output_format: 'wav',
    });
    expect(ack.status, ack.text).toBe(202);
    const task = await engine.pollTask(ack.body.task_id);
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
    const facts = await measure(await download(task.audio.url, 'sfx.wav'));
    expect(Math.abs(facts.duration - 6)).toBeLessThanOrEqual(0.05);
    expect(facts.lufs).toBeGreaterThan(-30);
  });

  it('speaks a Spanish line with the WebAssembly voice', async () => {
    const spoken = await synthesizeLine('Hoy hablamos del tiempo en la sierra.', 'es', {
      workDir: dir,
    });
    expect(spoken.ok).toBe(true);
    if (!spoken.ok) return;
    expect(spoken.value.voice).toBe('espeak-ng-wasm:es');
    const seconds = spoken.value.samples.length / spoken.value.sampleRate;
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(5);
    const rms = Math.sqrt(
      spoken.value.samples.reduce((sum, x) => sum + x * x, 0) / spoken.value.samples.length,
    );
    expect(rms).toBeGreaterThan(0.01);
  });

  it('dubs a video into Spanish from a supplied script', async () => {
    const clip = await makeTestVideo({ seconds: 6, dir });
    const script = join(dir, 'clip.es.srt');
    await writeFile(
      script,
      '1\n00:00:00,500 --> 00:00:03,000\nHola y bienvenidos.\n\n2\n00:00:03,500 --> 00:00:05,500\nGracias por mirar.\n',
    );
    const ack = await engine.post(
      '/v1/dubbing',
      { languages: '["es"]', lipsync: 'false', ducking: 'true' },
      { video: clip, 'subtitles[es]': script },
    );
    expect(ack.status, ack.text).toBe(202);
    const task = await engine.pollTask(ack.body.task_id, { timeoutMs: 180_000 });
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
    const facts = await measure(await download(task.outputs.es, 'dub-es.mp4'));
    expect(Math.abs(facts.duration - 6)).toBeLessThanOrEqual(0.5);
    expect(facts.lufs).toBeGreaterThan(-40);
  });
});
