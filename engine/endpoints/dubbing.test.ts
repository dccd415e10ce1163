import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  download,
  festivalSpeech,
  makeTempDir,
  probeDuration,
  speechOverMusicVideo,
  videoStreamMd5,
  spanishSpeechVideo,
} from '../speech/__tests__/media-fixtures';
import { parseSubtitleText } from '../../shared/node/subtitles/parse';
import { startTestEngine, type Fields, type Files, type TestEngine } from '../testing/harness';
import { hasApertium, hasPocketsphinxEnglish } from '../testing/optional-tools';
import { DEFAULT_WATERMARK_KEY, detectWatermarkFile } from '../watermark';
import { toolPath } from '../../shared/node/toolchain';

const exec = promisify(execFile);

const SPANISH_SRT = `1
00:00:00,500 --> 00:00:03,500
Hola y bienvenidos a nuestro vídeo.

2
00:00:04,000 --> 00:00:07,000
Hoy hablamos del tiempo en la sierra.

3
00:00:07,500 --> 00:00:09,500
Gracias por mirar.
`;

let engine: TestEngine;
let dir = '';
let cleanup = async () => undefined as void;
let clip = '';
let esScript = '';

beforeAll(async () => {
  engine = await startTestEngine();
  ({ dir, cleanup } = await makeTempDir('dubbing-contract-'));
  const speech = await festivalSpeech(
    dir,
    'Hello and welcome to our video. Today we talk about the weather in the hills. Thank you for watching.',
  );
  clip = await speechOverMusicVideo(dir, speech, 10);
  esScript = join(dir, 'clip.es.srt');
  await writeFile(esScript, SPANISH_SRT);
});
afterAll(async () => {
  await engine.close();
  await cleanup();
});

async function balance(): Promise<number> {
  return Number((await engine.get('/v1/account/services')).body.balance);
}

async function requestsToday(): Promise<number> {
  return Number((await engine.get('/v1/account/usage?days=1')).body.summary.total_requests);
}

describe('POST /v1/dubbing with a supplied script', () => {
  it('dubs into es with the picture bit-exact, a watermarked soundtrack of the same length and a re-timed SRT', async () => {
    const ack = await engine.post(
      '/v1/dubbing',
      { languages: '["es"]', lipsync: 'false', ducking: 'true', export_srt: 'true' },
      { video: clip, 'subtitles[es]': esScript },
    );
    expect(ack.status, ack.text).toBe(202);
    expect(ack.body.subtitle_preflight.es).toMatchObject({
      status: 'ok',
      cue_count: 3,
      issues: [],
      changes_count: 0,
      report_url: null,
    });
    const task = await engine.pollTask(ack.body.task_id);
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
    expect(Object.keys(task.outputs)).toEqual(['es']);
    // lipsync=false was sent: nothing to warn about.
    expect(task.warnings).toBeUndefined();
    expect(task.output_url).toBeUndefined();
    expect(task.audio).toBeUndefined();
    expect(task.subtitle_preflight.es.status).toBe('ok');
    expect(task.subtitle_preflight.es.report_url).toMatch(/\.json$/);

    const mp4 = join(dir, 'dub-es.mp4');
    const got = await download(task.outputs.es, mp4);
    expect([got.status, got.contentType]).toEqual([200, 'video/mp4']);
    expect(await videoStreamMd5(mp4)).toBe(await videoStreamMd5(clip));
    expect(Math.abs((await probeDuration(mp4, 'a')) - 10)).toBeLessThanOrEqual(0.5);
    const mark = await detectWatermarkFile(mp4, DEFAULT_WATERMARK_KEY);
    expect(mark.found).toBe(true);
    expect((await detectWatermarkFile(clip, DEFAULT_WATERMARK_KEY)).found).toBe(false);

    expect(['exported', 'exported_review_required']).toContain(task.subtitle_export.es.status);
    expect(task.subtitle_export.es).toMatchObject({
      error: null,
      report_url: expect.stringMatching(/\.json$/),
    });
    expect(typeof task.subtitle_export.es.alignment_loss).toBe('number');
    const srtPath = join(dir, 'dub-es.srt');
    await download(task.subtitles.es, srtPath);
    const srt = (text: string) => {
      const parsed = parseSubtitleText(text, 'srt');
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.value.cues;
    };
    const cues = srt(await readFile(srtPath, 'utf8'));
    expect(cues.map((c) => c.text)).toEqual(srt(SPANISH_SRT).map((c) => c.text));
    expect(cues[0]!.startMs).toBeGreaterThanOrEqual(495);
    expect(cues[0]!.startMs).toBeLessThanOrEqual(505);
    for (const cue of cues) expect(cue.endMs).toBeLessThanOrEqual(10_000);
  });
});

describe('POST /v1/dubbing without scripts', () => {
  it.skipIf(!hasPocketsphinxEnglish || !hasApertium)(
    'translates the English transcript into es and dubs it (needs PocketSphinx and Apertium)',
    async () => {
      const ack = await engine.post(
        '/v1/dubbing',
        { languages: '["es"]', lipsync: 'false' },
        { video: clip },
      );
      expect(ack.status, ack.text).toBe(202);
      expect(ack.body.subtitle_preflight).toBeUndefined();
      const task = await engine.pollTask(ack.body.task_id);
      expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
      expect(task.subtitle_preflight).toBeUndefined();
      const mp4 = join(dir, 'dub-translated.mp4');
      await download(task.outputs.es, mp4);
      expect(await videoStreamMd5(mp4)).toBe(await videoStreamMd5(clip));
    },
  );

  it.skipIf(!hasPocketsphinxEnglish || !hasApertium)(
    'refuses a language no offline translator reaches before any charge (the default languages include zh_cn; needs PocketSphinx and Apertium)',
    async () => {
      const before = await balance();
      const usage = await requestsToday();
      const res = await engine.post('/v1/dubbing', { lipsync: 'false' }, { video: clip });
      expect([res.status, res.body.code]).toEqual([422, 'capability_unavailable']);
      expect(res.body.message).toMatch(/Translation for Chinese \(Simplified\) \(zh_cn\)/);
      expect(res.body.message).toMatch(/script|cloud service/);
      expect(res.body.message).not.toMatch(/\(es\)|\(fr\)/);
      expect(res.body.details).toMatchObject({ capability: 'translation' });
      expect(await balance()).toBeCloseTo(before, 6);
      expect(await requestsToday()).toBe(usage);
    },
  );
});

describe('POST /v1/dubbing of speech the engine cannot transcribe', () => {
  it.skipIf(!hasPocketsphinxEnglish || !hasApertium)(
    'fails Spanish speech with advice dubbing can follow: scripts, not source_language (needs PocketSphinx and Apertium)',
    async () => {
      const video = await spanishSpeechVideo(dir);
      const ack = await engine.post(
        '/v1/dubbing',
        { languages: '["fr"]', lipsync: 'false' },
        { video },
      );
      expect(ack.status, ack.text).toBe(202);
      const task = await engine.pollTask(ack.body.task_id);
      expect(task.status).toBe('failed');
      expect(task.error.code).toBe('TRANSCRIPTION_FAILED');
      expect(task.error.message).toMatch(/subtitles\[<language>\] scripts/);
      expect(task.error.message).not.toMatch(/source_language/);
    },
  );
});

/** The official MCP server's dubbing tool, as docs/api-notes.md section 2 and 6.10 describe it. */
describe("POST /v1/dubbing in the MCP server's wire form", () => {
  it('dubs a multipart request with a script and no lipsync field, warning that lip-sync is unavailable offline', async () => {
    const form = new FormData();
    form.append('video', new Blob([await readFile(clip)], { type: 'video/mp4' }), 'clip.mp4');
    form.append('languages', '["es"]');
    form.append(
      'subtitles[es]',
      new Blob([await readFile(esScript)], { type: 'application/x-subrip' }),
      'clip.es.srt',
    );
    const response = await fetch(`${engine.url}/v1/dubbing`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${engine.key}`,
        'X-Sonilo-Client': 'mcp',
        'X-Sonilo-Client-Version': '0.16.3',
        'User-Agent': 'sonilo-mcp/0.16.3',
      },
      body: form,
    });
    const ack = (await response.json()) as { task_id: string; subtitle_preflight: unknown };
    expect(response.status, JSON.stringify(ack)).toBe(202);
    expect(ack.subtitle_preflight).toBeDefined();
    const task = await engine.pollTask(ack.task_id);
    expect(task.status, JSON.stringify(task.error)).toBe('succeeded');
    expect(Object.keys(task.outputs)).toEqual(['es']);
    expect(task.warnings).toEqual([
      expect.objectContaining({ code: 'lipsync_unavailable', severity: 'warning' }),
    ]);
    expect(task.warnings[0].message).toMatch(/Lip-sync is not available offline/);
    const mp4 = join(dir, 'dub-mcp.mp4');
    await download(task.outputs.es, mp4);
    // No lip-sync: the picture is the original, bit for bit; only the audio is new.
    expect(await videoStreamMd5(mp4)).toBe(await videoStreamMd5(clip));
    expect(Math.abs((await probeDuration(mp4, 'a')) - 10)).toBeLessThanOrEqual(0.5);
  });
});

describe('POST /v1/dubbing validation (422 before billing)', () => {
  async function refused(fields: Fields, files: Files = { video: clip }) {
    const before = await balance();
    const res = await engine.post('/v1/dubbing', fields, files);
    expect(await balance()).toBeCloseTo(before, 6);
    return res;
  }

  it('refuses lipsync=true and says to send lipsync=false or omit it', async () => {
    for (const lipsync of ['true', 'TRUE', '1']) {
      const res = await refused({ languages: '["es"]', lipsync });
      expect([res.status, res.body.code]).toEqual([422, 'unprocessable_entity']);
      expect(res.body.message).toMatch(/lipsync=false/);
    }
  });

  it('1. refuses unsupported language codes, near misses and an empty list', async () => {
    for (const languages of ['["es","xx"]', '["zh-CN"]']) {
      const res = await refused({ languages, lipsync: 'false' });
      expect(res.status).toBe(422);
      expect(res.body.message).toContain(JSON.parse(languages).at(-1));
    }
    const empty = await refused({ languages: '[]', lipsync: 'false' });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toMatch(/empty/);
  });

  it('2. refuses a plain http video_url', async () => {
    const res = await refused(
      { languages: '["es"]', lipsync: 'false', video_url: 'http://example.com/clip.mp4' },
      // A script, so the refusal is about the URL even where speech recognition is missing.
      { 'subtitles[es]': esScript },
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/https/);
  });

  it('3. refuses a video over 300 s', async () => {
    const long = join(dir, 'long.mp4');
    await exec(toolPath('ffmpeg'), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:size=32x32:rate=1:duration=301',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      long,
    ]);
    // With a script, so the refusal is about the length even without speech recognition.
    const res = await refused(
      { languages: '["es"]', lipsync: 'false' },
      { video: long, 'subtitles[es]': esScript },
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/301\.0s exceeds the 300s/);
  });

  it('4. refuses a script whose text is not in its language with SUBTITLE_PREFLIGHT_BLOCKED and details', async () => {
    const english = join(dir, 'wrong.srt');
    await writeFile(
      english,
      '1\n00:00:01,000 --> 00:00:04,000\nHello and welcome to our weather video.\n',
    );
    const res = await refused({ languages: '["es","fr"]', lipsync: 'false' }, [
      ['video', clip],
      ['subtitles[es]', english],
      ['subtitles[fr]', esScript],
    ]);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('SUBTITLE_PREFLIGHT_BLOCKED');
    expect(res.body.details.es).toMatchObject({
      status: 'blocked',
      issues: ['language_mismatch'],
      report_url: null,
    });
    expect(res.body.details.fr.issues).toContain('language_mismatch');
  });

  it('5. names missing and extra subtitle languages', async () => {
    const missing = await refused({ languages: '["es","fr"]', lipsync: 'false' }, [
      ['video', clip],
      ['subtitles[es]', esScript],
    ]);
    expect(missing.status).toBe(422);
    expect(missing.body.message).toMatch(/missing subtitles for: fr/);
    const extra = await refused({ languages: '["es"]', lipsync: 'false' }, [
      ['video', clip],
      ['subtitles[es]', esScript],
      ['subtitles[it]', esScript],
    ]);
    expect(extra.status).toBe(422);
    expect(extra.body.message).toMatch(/not requested: it/);
  });

  it('6. refuses the same subtitles[<language>] sent twice', async () => {
    const res = await refused({ languages: '["es"]', lipsync: 'false' }, [
      ['video', clip],
      ['subtitles[es]', esScript],
      ['subtitles[es]', esScript],
    ]);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/subtitles\[es\] was sent 2 times/);
  });

  it('7. refuses a bare subtitles field', async () => {
    const res = await refused({ languages: '["es"]', lipsync: 'false' }, [
      ['video', clip],
      ['subtitles', esScript],
    ]);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/bare subtitles/);
  });

  it('8. refuses an empty subtitles[<language>] value, as text or as a file', async () => {
    const text = await refused({ languages: '["es"]', lipsync: 'false', 'subtitles[es]': '' });
    expect(text.status).toBe(422);
    const emptyFile = join(dir, 'empty.srt');
    await writeFile(emptyFile, '');
    const file = await refused({ languages: '["es"]', lipsync: 'false' }, [
      ['video', clip],
      ['subtitles[es]', emptyFile],
    ]);
    expect(file.status).toBe(422);
    expect(file.body.message).toMatch(/subtitles\[es\] is empty/);
  });

  it('9. refuses export_srt=true without scripts', async () => {
    const res = await refused({ languages: '["es"]', lipsync: 'false', export_srt: 'true' });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/export_srt/);
  });

  it('refuses a near-miss subtitle key and a non-.srt/.vtt script', async () => {
    const near = await refused({ languages: '["zh_cn"]', lipsync: 'false' }, [
      ['video', clip],
      ['subtitles[zh-CN]', esScript],
    ]);
    expect(near.status).toBe(422);
    expect(near.body.message).toContain('zh-CN');
    const txt = join(dir, 'script.txt');
    await writeFile(txt, SPANISH_SRT);
    const wrongExt = await refused({ languages: '["es"]', lipsync: 'false' }, [
      ['video', clip],
      ['subtitles[es]', txt],
    ]);
    expect(wrongExt.body.code).toBe('SUBTITLE_PREFLIGHT_BLOCKED');
    expect(wrongExt.body.details.es.issues).toEqual(['unsupported_extension']);
  });
});
