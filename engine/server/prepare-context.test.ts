import { createReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskType } from '../../shared/api/task-types';
import { tempDir } from '../testing/harness';
import { makeTestVideo } from '../testing/media';
import { RequestForm, type FormEntry } from './form';
import { createPrepareContext } from './prepare-context';

let dir: string;
let video: string;
let silentVideo: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await tempDir('soundstage-prepare-');
  video = await makeTestVideo({ seconds: 3, dir });
  silentVideo = await makeTestVideo({ seconds: 2, withAudio: false, dir });
  const { size } = await stat(video);
  server = createServer((req, res) => {
    if (req.url === '/clip.mp4') {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size });
      createReadStream(video).pipe(res);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

let counter = 0;
function context(
  entries: FormEntry[],
  type: TaskType = 'video_to_sfx',
  options: { loopback?: boolean; maxMb?: number } = {},
) {
  return createPrepareContext({
    type,
    taskId: `t${counter}`,
    workDir: join(dir, `work${counter++}`),
    form: new RequestForm(entries),
    account: { id: 'a', maxUploadSizeMb: options.maxMb ?? 300 },
    allowLoopbackUrls: options.loopback ?? true,
  });
}
const text = (name: string, value: string): FormEntry => ({ name, kind: 'text', value });
const file = (name: string, path: string): FormEntry => ({
  name,
  kind: 'file',
  file: { field: name, filename: 'v.mp4', contentType: 'video/mp4', path, size: 1 },
});

describe('resolveMedia', () => {
  it('resolves an upload and probes it', async () => {
    const result = await context([file('video', video)]).resolveMedia({
      requireAudio: true,
      requireVideo: true,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.source).toBe('file');
    expect(result.value.probe.durationSeconds).toBeCloseTo(3, 0);
    expect(result.value.probe).toMatchObject({
      hasVideo: true,
      hasAudio: true,
      width: 320,
      height: 240,
    });
  });

  it('fetches a URL into the work folder', async () => {
    const result = await context([text('video_url', `${base}/clip.mp4`)]).resolveMedia();
    expect(result.ok && result.value.source).toBe('url');
    expect(result.ok && result.value.path.endsWith('video_url.mp4')).toBe(true);
  });

  it('wants exactly one of video and video_url (400)', async () => {
    for (const entries of [
      [],
      [file('video', video), text('video_url', `${base}/clip.mp4`)],
      [text('video', 'not a file')],
    ]) {
      const result = await context(entries).resolveMedia();
      expect(result.ok ? 200 : result.error.status).toBe(400);
      expect(result.ok ? '' : result.error.code).toBe('invalid_request');
    }
    const optional = await context([]).resolveMedia({
      fileField: 'music_file',
      urlField: 'music_url',
      required: false,
    });
    expect(optional).toEqual({ ok: true, value: undefined });
  });

  it('refuses private URLs and plain http where https is required (422)', async () => {
    const blocked = await context([text('video_url', `${base}/clip.mp4`)], 'video_to_sfx', {
      loopback: false,
    }).resolveMedia();
    expect(blocked.ok ? 200 : blocked.error.status).toBe(422);
    const metadata = await context([
      text('video_url', 'http://169.254.169.254/latest'),
    ]).resolveMedia();
    expect(metadata.ok ? 200 : metadata.error.status).toBe(422);
    const plain = await context([text('video_url', `${base}/clip.mp4`)], 'dubbing').resolveMedia({
      httpsOnly: true,
    });
    expect(plain.ok ? '' : plain.error.message).toBe('video_url must be an https URL');
    const missing = await context([text('video_url', `${base}/missing.mp4`)]).resolveMedia();
    expect(missing.ok ? '' : missing.error.message).toMatch(/^Could not download video_url: .*404/);
  });

  it('applies the upload cap to URLs (413)', async () => {
    const sized = await context([text('video_url', `${base}/clip.mp4`)], 'video_to_sfx', {
      maxMb: 0.0001,
    }).resolveMedia();
    expect(sized.ok ? 200 : sized.error).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('answers 422 for unreadable media and missing tracks', async () => {
    const junk = join(dir, 'junk.mp4');
    await writeFile(junk, 'not media at all');
    const unreadable = await context([file('video', junk)]).resolveMedia();
    expect(unreadable.ok ? 200 : unreadable.error.status).toBe(422);
    const silent = await context([file('video', silentVideo)], 'proofread').resolveMedia({
      requireAudio: true,
    });
    expect(silent.ok ? '' : silent.error.message).toBe('The video has no audio track');
  });
});

describe('checkDuration', () => {
  it('words the cap like the live service', () => {
    expect(context([], 'video_to_sfx').checkDuration(240)?.message).toBe(
      'Video duration 240.0s exceeds the 180s video-to-sfx maximum',
    );
    expect(context([], 'video_to_sfx').checkDuration(180)).toBeUndefined();
    expect(context([], 'text_to_music').checkDuration(9999)).toBeUndefined();
  });
});

describe('parseSegments and preserveSpeech', () => {
  it('checks segments with the shared rules', () => {
    const good = context([
      text('segments', '[{"start":0,"end":2,"prompt":"a"},{"start":2,"end":3,"prompt":"b"}]'),
    ]).parseSegments('segments', 3);
    expect(good.ok && good.value?.length).toBe(2);
    const late = context([text('segments', '[{"start":0,"end":5,"prompt":"a"}]')]).parseSegments(
      'segments',
      3,
    );
    expect(late.ok ? 200 : late.error.status).toBe(422);
    expect(context([]).parseSegments()).toEqual({ ok: true, value: undefined });
  });

  it('ORs the legacy isolate_vocals into preserve_speech', () => {
    expect(context([text('isolate_vocals', 'true')]).preserveSpeech()).toBe(true);
    expect(
      context([text('preserve_speech', 'true'), text('isolate_vocals', 'false')]).preserveSpeech(),
    ).toBe(true);
    expect(context([text('preserve_speech', 'false')]).preserveSpeech()).toBe(false);
    const bad = context([text('preserve_speech', 'perhaps')]);
    bad.preserveSpeech();
    expect(bad.fields.failed).toBe(true);
  });
});
