import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestChannels } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/ipc/result';
import { subtitleHandlers } from './handlers-subtitles';
import { FileAccess } from '../services/file-access/file-access';

/**
 * subtitles:read and subtitles:write on real files: requests parsed by the contract's schemas,
 * main's real FileAccess, the shared reader, answers checked against the response schemas.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/node/subtitles/__fixtures__');
let base: string;
const dirs = { project: '', userData: '', outside: '' };
let files: FileAccess;
let handlers: ReturnType<typeof subtitleHandlers>;

beforeAll(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'subtitle-handlers-')));
  for (const name of ['project', 'userData', 'outside'] as const) {
    dirs[name] = path.join(base, name);
    await fs.mkdir(dirs[name]);
  }
  for (const name of ['windows-1252.srt', 'not-subtitles.srt', 'binary.srt', 'blocks.vtt'])
    await fs.copyFile(path.join(FIXTURES, name), path.join(dirs.project, name));
  await fs.copyFile(path.join(FIXTURES, 'crlf.srt'), path.join(dirs.outside, 'picked.srt'));
  files = new FileAccess({
    homeDir: path.join(base, 'home'),
    userDataDir: dirs.userData,
    projectFolder: () => dirs.project,
  });
  handlers = subtitleHandlers({ files, projectFolder: () => path.join(dirs.project, 'exports') });
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

/** What dispatch does: parse with the channel's schema, run the handler, check the answer. */
async function call<C extends keyof typeof handlers>(
  channel: C,
  raw: unknown,
): Promise<Result<unknown>> {
  const parsed = requestChannels[channel].request.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      error: {
        code: 'invalid_request',
        message: parsed.error.issues[0]?.message ?? '',
        retryable: false,
      },
    };
  const handler = handlers[channel] as (request: unknown) => Promise<Result<unknown>>;
  const answer = await handler(parsed.data);
  if (answer.ok) requestChannels[channel].response.parse(answer.value);
  return answer;
}

const value = (answer: Result<unknown>) => {
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.value as Record<string, unknown> & {
    cues: { id: string; startMs: number; endMs: number; text: string }[];
  };
};

describe('subtitles:read', () => {
  it('reads a Windows-1252 file in the project folder and says which encoding it used', async () => {
    const read = value(
      await call('subtitles:read', { path: path.join(dirs.project, 'windows-1252.srt') }),
    );
    expect(read).toMatchObject({ format: 'srt', encoding: 'windows-1252', labelledLanguage: null });
    expect(read.cues[0]).toEqual({
      id: 'c1',
      startMs: 1000,
      endMs: 3000,
      text: 'Café à la crème, 5 €',
    });
    expect(read.repairs).toEqual([expect.objectContaining({ code: 'line-endings' })]);
  });

  it('reads a file outside the folders only once the user picked it', async () => {
    const picked = path.join(dirs.outside, 'picked.srt');
    expect(await call('subtitles:read', { path: picked })).toMatchObject({
      ok: false,
      error: { code: 'path_not_allowed' },
    });
    await files.rememberPicked([picked]);
    expect(value(await call('subtitles:read', { path: picked })).cues).toHaveLength(2);
  });

  it('fails with the line where reading stopped, or the reason a file is not text', async () => {
    expect(
      await call('subtitles:read', { path: path.join(dirs.project, 'not-subtitles.srt') }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'not_subtitles',
        line: 3,
        field: 'path',
        message: expect.stringMatching(/^Line 3: /),
      },
    });
    expect(
      await call('subtitles:read', { path: path.join(dirs.project, 'binary.srt') }),
    ).toMatchObject({
      ok: false,
      error: { code: 'binary_file' },
    });
    expect(await call('subtitles:read', { path: dirs.project })).toMatchObject({
      ok: false,
      error: { code: 'not_a_file' },
    });
    expect(await call('subtitles:read', { path: 'relative.srt' })).toMatchObject({
      ok: false,
      error: { code: 'path_not_allowed' },
    });
  });

  it('checks the labelled language it is given', async () => {
    const read = value(
      await call('subtitles:read', { path: path.join(dirs.project, 'blocks.vtt'), language: 'de' }),
    );
    expect(read.labelledLanguage).toBe('de');
  });
});

describe('subtitles:write', () => {
  it('writes by name into the project folder; reading it back gives the same cues and VTT blocks', async () => {
    const first = value(
      await call('subtitles:read', { path: path.join(dirs.project, 'blocks.vtt') }),
    );
    const edited = first.cues.map((cue) =>
      cue.id === 'c2' ? { ...cue, text: 'Edited line' } : cue,
    );
    const written = value(
      await call('subtitles:write', {
        name: 'clip.en',
        format: 'vtt',
        cues: edited,
        vtt: first.vtt,
      }),
    );
    expect(written.path).toBe(path.join(dirs.project, 'exports', 'clip.en.vtt'));
    const again = value(await call('subtitles:read', { path: written.path }));
    expect(again.cues).toEqual(edited);
    expect(again.vtt).toEqual(first.vtt);
    expect(await fs.readFile(written.path as string, 'utf8')).toMatch(
      /^WEBVTT - Demo title\nKind: captions\n\nSTYLE\n/,
    );
  });

  it('writes a new file next to an allowed one, and overwrites an existing one', async () => {
    const target = path.join(dirs.project, 'new.srt');
    const cues = [{ id: 'a', startMs: 0, endMs: 1500, text: 'Hola' }];
    expect(value(await call('subtitles:write', { path: target, format: 'srt', cues })).path).toBe(
      target,
    );
    expect(await fs.readFile(target, 'utf8')).toBe('1\n00:00:00,000 --> 00:00:01,500\nHola\n');
    await call('subtitles:write', {
      path: target,
      format: 'srt',
      cues: [{ ...cues[0]!, text: 'Adiós' }],
    });
    expect(await fs.readFile(target, 'utf8')).toContain('Adiós');
    expect((await fs.readdir(dirs.project)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses places outside the folders, bad requests and cues it cannot write', async () => {
    const cues = [{ id: 'a', startMs: 0, endMs: 1500, text: 'Hola' }];
    expect(
      await call('subtitles:write', {
        path: path.join(dirs.outside, 'x.srt'),
        format: 'srt',
        cues,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'path_not_allowed' },
    });
    expect(await call('subtitles:write', { name: '../escape', format: 'srt', cues })).toMatchObject(
      {
        ok: false,
        error: { code: 'invalid_request' },
      },
    );
    expect(
      await call('subtitles:write', {
        name: 'a',
        path: path.join(dirs.project, 'a.srt'),
        format: 'srt',
        cues,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(
      await call('subtitles:write', {
        name: 'neg',
        format: 'srt',
        cues: [{ ...cues[0]!, startMs: -40 }],
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'cannot_write', field: 'cues' },
    });
    await expect(fs.stat(path.join(dirs.project, 'exports', 'neg.srt'))).rejects.toThrow();
  });
});
