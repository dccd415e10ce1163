import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/job';
import { batchProgress, cellState, pendingRequests, readinessCounts } from './batch-state';
import { planDubBatch, splitAmount, type DubBatchInput } from './batch-plan';
import type { DubBatchSettings, ScriptFacts, VideoFacts } from './cell-preflight';
import { readSubtitleFileName } from '../subtitles/file-language';
import { pairScripts } from './script-pairing';

const settings: DubBatchSettings = {
  languages: ['es', 'fr', 'de'],
  ducking: false,
  lipsync: false,
  exportSrt: true,
  engine: 'remote',
  maxUploadMb: 300,
};

const video = (
  path: string,
  durationSeconds = 60,
  extra: Partial<VideoFacts> = {},
): VideoFacts => ({
  path,
  durationSeconds,
  bytes: 10_000_000,
  hasVideo: true,
  ...extra,
});
const script = (path: string, extra: Partial<ScriptFacts> = {}): ScriptFacts => ({
  path,
  bytes: 2_000,
  cueCount: 20,
  ...extra,
});

function plan(overrides: Partial<DubBatchInput> = {}) {
  return planDubBatch({
    videos: [video('/in/clip.mp4')],
    scripts: [],
    scriptFacts: [],
    settings,
    account: { discount_factor: 1, balance: 100 },
    ...overrides,
  });
}

describe('script names', () => {
  it.each([
    ['/in/clip.es.srt', 'clip', 'es', 'suffix'],
    ['/in/clip_es.vtt', 'clip', 'es', 'suffix'],
    ['/in/clip-pt-BR.srt', 'clip', 'pt_br', 'suffix'],
    ['/in/clip_pt_br.srt', 'clip', 'pt_br', 'suffix'],
    ['/in/clip.es-419.srt', 'clip', 'es_419', 'suffix'],
    ['C:\\in\\fr\\clip.srt', 'clip', 'fr', 'folder'],
    ['/in/es/clip.srt', 'clip', 'es', 'folder'],
    ['/in/clip.srt', 'clip', null, 'none'],
  ])('%s reads as %s / %s', (path, stem, language, via) => {
    expect(readSubtitleFileName(path)).toEqual({ stem, language, via });
  });
});

describe('pairing', () => {
  const videos = ['/in/clip.mp4', '/in/Other Clip.mov'];
  it('pairs by stem and language, case and separators folded', () => {
    const pairing = pairScripts(
      videos,
      [
        { path: '/in/clip.es.srt' },
        { path: '/in/other_clip.fr.vtt' },
        { path: '/subs/de/CLIP.srt' },
      ],
      ['es', 'fr', 'de'],
    );
    expect(pairing.byVideo['/in/clip.mp4']).toEqual({
      es: ['/in/clip.es.srt'],
      de: ['/subs/de/CLIP.srt'],
    });
    expect(pairing.byVideo['/in/Other Clip.mov']).toEqual({ fr: ['/in/other_clip.fr.vtt'] });
    expect(pairing.unpaired).toEqual([]);
  });

  it('lists what it cannot pair, with a reason, and honours explicit assignment', () => {
    const pairing = pairScripts(
      videos,
      [
        { path: '/in/clip.srt' },
        { path: '/in/clip.it.srt' },
        { path: '/in/missing.es.srt' },
        { path: '/x/anything.srt', language: 'es', video: '/in/Other Clip.mov' },
      ],
      ['es', 'fr'],
    );
    expect(pairing.unpaired.map((u) => [u.path, u.language])).toEqual([
      ['/in/clip.srt', null],
      ['/in/clip.it.srt', 'it'],
      ['/in/missing.es.srt', 'es'],
    ]);
    expect(pairing.unpaired[1]!.reason).toMatch(/not one of the chosen languages/);
    expect(pairing.unpaired[2]!.reason).toMatch(/No video named "missing"/);
    expect(pairing.byVideo['/in/Other Clip.mov']).toEqual({ es: ['/x/anything.srt'] });
  });

  it('refuses to guess between two videos with one stem', () => {
    const pairing = pairScripts(
      ['/a/clip.mp4', '/b/clip.mov'],
      [{ path: '/c/clip.es.srt' }],
      ['es'],
    );
    expect(pairing.unpaired[0]!.reason).toMatch(/2 videos are named "clip"/);
  });
});

describe('plan: grouping into requests the API accepts', () => {
  it('puts scripted languages with their scripts in one request and the rest in another', () => {
    const result = plan({
      scripts: [{ path: '/in/clip.es.srt' }, { path: '/in/clip.fr.srt' }],
      scriptFacts: [script('/in/clip.es.srt'), script('/in/clip.fr.srt')],
    });
    expect(result.requests.map((r) => [r.languages, r.scripted])).toEqual([
      [['es', 'fr'], true],
      [['de'], false],
    ]);
    const scripted = result.requests[0]!.form;
    expect(scripted.files).toEqual({
      video: '/in/clip.mp4',
      'subtitles[es]': '/in/clip.es.srt',
      'subtitles[fr]': '/in/clip.fr.srt',
    });
    expect(scripted.fields.languages).toBe('["es","fr"]');
    expect(scripted.fields.export_srt).toBe('true');
    // export_srt needs scripts (rule 9): the unscripted request never asks for it.
    expect(result.requests[1]!.form.fields.export_srt).toBe('false');
    expect(result.requests[1]!.form.files).toEqual({ video: '/in/clip.mp4' });
  });

  it('locks lip-sync off on the local engine and says why', () => {
    const result = plan({ settings: { ...settings, lipsync: true, engine: 'local' } });
    expect(result.requests[0]!.form.fields.lipsync).toBe('false');
    const cell = result.rows[0]!.cells[0]!;
    expect(cell.preflight).toBe('ok');
    expect(cell.reasons.map((r) => r.code)).toContain('lipsync_local');
  });
});

describe('plan: preflight mirrors the server rules before any charge', () => {
  it('blocks a whole row for a video over 300 s, too large, unreadable or http://', () => {
    const result = plan({
      videos: [
        video('/in/long.mp4', 301),
        video('/in/big.mp4', 60, { bytes: 301 * 1024 * 1024 }),
        video('/in/bad.mp4', undefined, { error: 'moov atom not found' }),
        { path: 'http://example.com/v.mp4', isUrl: true },
      ],
    });
    expect(result.rows.map((row) => row.reasons.map((r) => r.code))).toEqual([
      ['video_too_long'],
      ['video_too_large'],
      ['video_unreadable'],
      ['url_not_https'],
    ]);
    for (const row of result.rows)
      for (const cell of row.cells) expect(cell.preflight).toBe('blocked');
    expect(result.requests).toEqual([]);
    expect(result.total).toBe(0);
  });

  it('blocks unscripted cells of a video with no sound or a silent one, not scripted cells', () => {
    const result = plan({
      videos: [
        video('/in/mute.mp4', 60, { hasAudio: false }),
        video('/in/hiss.mp4', 60, { hasAudio: true, peakLevel: 1 / 127 }),
        video('/in/quiet.mp4', 60, { hasAudio: true, peakLevel: 0.05 }),
      ],
      scripts: [{ path: '/in/mute.es.srt' }],
      scriptFacts: [script('/in/mute.es.srt', { detectedLanguage: 'es' })],
    });
    const codes = (row: number) =>
      result.rows[row]!.cells.map((cell) => [
        cell.language,
        cell.preflight,
        // (no_srt_export: the batch asks for .srt files, which unscripted cells cannot give.)
        cell.reasons.map((r) => r.code).filter((code) => code !== 'no_srt_export'),
      ]);
    expect(codes(0)).toEqual([
      ['es', 'ok', []],
      ['fr', 'blocked', ['no_audio']],
      ['de', 'blocked', ['no_audio']],
    ]);
    expect(codes(1).map(([, level, reasons]) => [level, reasons])).toEqual([
      ['blocked', ['silent_audio']],
      ['blocked', ['silent_audio']],
      ['blocked', ['silent_audio']],
    ]);
    const silent = result.rows[1]!.cells[0]!.reasons[0]!;
    expect(silent.message).toContain('-42 dBFS');
    expect(silent.fix).toContain('hiss.<language>.srt');
    expect(codes(2).every(([, level]) => level === 'ok')).toBe(true);
    // Only the scripted Spanish cell of the mute video and the quiet video are priced.
    expect(result.requests.map((request) => request.video)).toEqual([
      '/in/mute.mp4',
      '/in/quiet.mp4',
    ]);
  });

  it('blocks a cell whose script is in the wrong language, empty, too big or doubled', () => {
    const result = plan({
      videos: [video('/in/a.mp4'), video('/in/b.mp4'), video('/in/c.mp4')],
      scripts: [
        { path: '/in/a.es.srt' },
        { path: '/in/a.fr.srt' },
        { path: '/in/b.es.srt' },
        { path: '/in/b_es.vtt' },
        { path: '/in/c.es.srt' },
      ],
      scriptFacts: [
        script('/in/a.es.srt', { detectedLanguage: 'fr' }),
        script('/in/a.fr.srt', { bytes: 0, cueCount: 0 }),
        script('/in/b.es.srt'),
        script('/in/b_es.vtt'),
        script('/in/c.es.srt', { bytes: 1024 * 1024 + 1 }),
      ],
    });
    const codes = (row: number, lang: string) =>
      result.rows[row]!.cells.find((c) => c.language === lang)!.reasons.map((r) => r.code);
    expect(codes(0, 'es')).toEqual(['script_wrong_language']);
    expect(codes(0, 'fr')).toEqual(['script_empty']);
    expect(codes(1, 'es')).toEqual(['script_conflict']);
    expect(codes(2, 'es')).toEqual(['script_too_large']);
    // Blocked cells ride in no request; their neighbours still run, translated.
    expect(result.requests.map((r) => [r.video, r.languages])).toEqual([
      ['/in/a.mp4', ['de']],
      ['/in/b.mp4', ['fr', 'de']],
      ['/in/c.mp4', ['fr', 'de']],
    ]);
    expect(result.counts).toEqual({ ok: 5, warn: 0, blocked: 4 });
  });

  it('warns, without blocking, on QC warnings', () => {
    const result = plan({
      scripts: [{ path: '/in/clip.es.srt' }],
      scriptFacts: [script('/in/clip.es.srt', { qcWarnings: 3 })],
    });
    expect(result.rows[0]!.cells[0]!.preflight).toBe('warn');
    expect(result.requests[0]!.languages).toEqual(['es']);
  });
});

describe('plan: cost', () => {
  it('bills duration × languages with the 10 s floor per request, and cells add up', () => {
    const result = plan({
      videos: [video('/in/short.mp4', 3), video('/in/long.mp4', 100)],
      scripts: [{ path: '/in/long.es.srt' }],
      scriptFacts: [script('/in/long.es.srt')],
    });
    // short: one request of 3 languages × 3 s = 9 s, raised to 10 s.
    // long: scripted es (100 s) and translated fr+de (200 s).
    const rate = 0.197;
    expect(result.requests.map((r) => r.charge.amount)).toEqual(
      [10 * rate, 100 * rate, 200 * rate].map((a) => Math.round(a * 10_000) / 10_000),
    );
    const cells = result.rows.flatMap((row) => row.cells);
    const sumCells = Math.round(cells.reduce((s, c) => s + c.amount, 0) * 10_000) / 10_000;
    expect(sumCells).toBe(result.total);
    expect(result.rows.map((row) => row.amount)).toEqual([1.97, 59.1]);
    expect(result.balanceAfter).toEqual({ balance: 100 - 61.07, sufficient: true });
  });

  it('applies the discount factor and reports a short balance', () => {
    const result = plan({ account: { discount_factor: 0.5, balance: 10 } });
    // 60 s × 3 languages × 0.197 × 0.5
    expect(result.total).toBe(17.73);
    expect(result.balanceAfter).toEqual({ balance: -7.73, sufficient: false });
  });

  it('splits a charge into shares of 0.0001 that add up exactly', () => {
    for (const [amount, n] of [
      [1.97, 3],
      [0.0001, 2],
      [59.1, 7],
    ] as const) {
      const shares = splitAmount(amount, n);
      expect(shares).toHaveLength(n);
      expect(Math.round(shares.reduce((s, x) => s + x, 0) * 10_000)).toBe(
        Math.round(amount * 10_000),
      );
    }
  });
});

describe('batch state comes from the job ledger', () => {
  it('derives cell states and progress from runs and jobs', () => {
    const result = plan({ videos: [video('/in/a.mp4'), video('/in/b.mp4', 400)] });
    const key = result.requests[0]!.key;
    const job = { id: 'j1', stage: 'processing' } as Job;
    const jobs = new Map([['j1', job]]);
    const runs = { [key]: 'j1' };
    expect(result.rows[0]!.cells.map((c) => cellState(c, jobs, runs))).toEqual([
      'processing',
      'processing',
      'processing',
    ]);
    expect(cellState(result.rows[1]!.cells[0]!, jobs, runs)).toBe('blocked');
    expect(pendingRequests(result, runs)).toEqual([]);
    expect(batchProgress(result, jobs, runs)).toMatchObject({ done: false, running: 3 });
    job.stage = 'succeeded';
    expect(batchProgress(result, jobs, runs)).toMatchObject({
      finished: 3,
      done: true,
      fraction: 1,
      running: 0,
    });
    expect(pendingRequests(result, {})).toHaveLength(1);
  });

  it('is not running while only unsent cells are left', () => {
    const result = plan({ videos: [video('/in/a.mp4'), video('/in/b.mp4')] });
    const [first] = result.requests;
    const jobs = new Map([['j1', { id: 'j1', stage: 'succeeded' } as Job]]);
    const progress = batchProgress(result, jobs, { [first!.key]: 'j1' });
    // b's cells wait to be sent: not done, yet nothing runs, so there is nothing to pause.
    expect(progress).toMatchObject({ done: false, running: 0 });
  });
});

describe('script warnings', () => {
  it('never tell a blocked cell that its dub runs', () => {
    const result = plan({
      scripts: [{ path: '/in/clip.es.srt' }],
      scriptFacts: [script('/in/clip.es.srt', { detectedLanguage: 'fr', qcWarnings: 2 })],
    });
    const es = result.rows[0]!.cells.find((cell) => cell.language === 'es')!;
    expect(es.preflight).toBe('blocked');
    expect(es.reasons.map((r) => r.code)).toContain('script_qc');
    for (const reason of es.reasons)
      expect(`${reason.message} ${reason.fix ?? ''}`).not.toMatch(/dub (still )?runs/i);
  });
});

describe('cells the user leaves out', () => {
  it('are neither requested nor charged, and read as skipped', () => {
    const full = plan();
    const trimmed = plan({ excluded: new Set(['/in/clip.mp4\u0000fr']) });
    expect(trimmed.requests[0]!.languages).toEqual(['es', 'de']);
    expect(trimmed.total).toBeLessThan(full.total);
    const fr = trimmed.rows[0]!.cells.find((cell) => cell.language === 'fr')!;
    expect(fr.amount).toBe(0);
    expect(cellState(fr, new Map(), {})).toBe('skipped');
    expect(batchProgress(trimmed, new Map(), {}).counts).toEqual({ ready: 2, skipped: 1 });
  });

  it('are counted apart from the ready ones', () => {
    expect(readinessCounts(plan())).toEqual({ ready: 3, warn: 0, blocked: 0, leftOut: 0 });
    const trimmed = plan({ excluded: new Set(['/in/clip.mp4\u0000fr']) });
    expect(readinessCounts(trimmed)).toEqual({ ready: 2, warn: 0, blocked: 0, leftOut: 1 });
  });
});

describe('local engine translation', () => {
  it('blocks unscripted languages the local engine cannot translate into, with the fix', () => {
    const local = plan({ settings: { ...settings, engine: 'local', exportSrt: false } });
    const cells = local.rows[0]!.cells;
    expect(cells.map((cell) => [cell.language, cell.preflight])).toEqual([
      ['es', 'ok'],
      ['fr', 'ok'],
      ['de', 'blocked'],
    ]);
    expect(cells[2]!.reasons.find((r) => r.code === 'no_offline_translation')?.fix).toMatch(
      /German script/,
    );
    expect(local.requests.map((request) => request.languages)).toEqual([['es', 'fr']]);
  });

  it('lets a scripted cell through on the local engine, and any language on the cloud', () => {
    const scripted = plan({
      scripts: [{ path: '/in/clip.de.srt' }],
      scriptFacts: [script('/in/clip.de.srt', { detectedLanguage: 'de' })],
      settings: { ...settings, engine: 'local' },
    });
    expect(scripted.rows[0]!.cells.find((cell) => cell.language === 'de')?.preflight).toBe('ok');
    expect(plan().counts.blocked).toBe(0);
  });
});
