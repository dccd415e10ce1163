import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/domain/jobs/job';
import { JobLedger, LEDGER_FILE, type LedgerEntry } from './ledger';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ledger-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const fixture = path.join(import.meta.dirname, '__tests__', 'ledger-writer.fixture.ts');

function pause(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Whether the ledger on disk is whole: it parses and holds an unbroken prefix of the jobs. */
async function assertWhole(dataDir: string): Promise<number> {
  const loaded = await new JobLedger(dataDir).load();
  expect(loaded.problem).toBeUndefined();
  expect(loaded.dropped).toBe(0);
  expect(loaded.entries.map((e) => e.job.id)).toEqual(loaded.entries.map((_, i) => `job-${i}`));
  return loaded.entries.length;
}

describe('JobLedger', () => {
  it('is whole on disk at any instant of a write loop, and after a SIGKILL', async () => {
    // A frozen process (SIGSTOP at a random instant) leaves the disk exactly as a crash at that
    // instant would, so many samples of one writer cover many crash points cheaply.
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('writing') && resolve());
      child.once('exit', (code) => reject(new Error(`writer exited early (${code})`)));
    });
    const counts: number[] = [];
    try {
      // Sample until the writer has visibly moved on several times (a slow machine just takes more samples).
      for (let sample = 0; sample < 400 && new Set(counts).size < 8; sample++) {
        await pause(Math.random() * 12);
        child.kill('SIGSTOP');
        counts.push(await assertWhole(dir));
        child.kill('SIGCONT');
      }
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    const last = await assertWhole(dir);
    expect(last).toBeGreaterThanOrEqual(counts.at(-1) ?? 0);
    expect(new Set(counts).size).toBe(8); // the writer really was writing throughout
  });

  it('reports a torn file instead of throwing, and starts empty', async () => {
    await fs.writeFile(
      path.join(dir, LEDGER_FILE),
      '{"version":1,"entries":[{"origin":"local","job":{"id":"a"',
    );
    const loaded = await new JobLedger(dir).load();
    expect(loaded.entries).toEqual([]);
    expect(loaded.problem).toBeDefined();
  });

  it('keeps the bytes of a torn, corrupt or newer ledger and never writes over them', async () => {
    const cases = [
      '{"version":1,"entries":[{"origin":"local","job":{"id":"a"',
      'not json at all',
      JSON.stringify({ version: 7, entries: [{ origin: 'local', job: { paid: true } }] }),
    ];
    for (const bytes of cases) {
      const folder = await fs.mkdtemp(path.join(dir, 'case-'));
      await fs.writeFile(path.join(folder, LEDGER_FILE), bytes);
      const ledger = new JobLedger(folder);
      const loaded = await ledger.load();
      expect(loaded.problem?.keptAt).toMatch(/jobs\.corrupt-.+\.json$/);
      expect(await fs.readFile(loaded.problem!.keptAt!, 'utf8')).toBe(bytes);
      // Starting over writes a fresh ledger; the kept copy is untouched.
      expect(await ledger.save(() => [])).toBeNull();
      expect(await fs.readFile(loaded.problem!.keptAt!, 'utf8')).toBe(bytes);
    }
  });

  it('refuses to write when an unreadable ledger cannot be set aside', async () => {
    if (process.getuid?.() === 0) return; // root ignores the folder's write bit
    const folder = await fs.mkdtemp(path.join(dir, 'ro-'));
    await fs.writeFile(path.join(folder, LEDGER_FILE), 'torn{');
    await fs.chmod(folder, 0o500);
    try {
      const ledger = new JobLedger(folder);
      const loaded = await ledger.load();
      expect(loaded.problem?.keptAt).toBeNull();
      expect(await ledger.save(() => [])).toBeInstanceOf(Error);
      expect(await fs.readFile(path.join(folder, LEDGER_FILE), 'utf8')).toBe('torn{');
    } finally {
      await fs.chmod(folder, 0o700);
    }
  });

  it('drops unreadable entries and keeps the rest', async () => {
    const good = {
      id: 'g',
      request: { type: 'text_to_sfx', delivery: 'async', fields: {}, files: {}, label: 'g' },
      stage: 'queued',
      createdAt: 1,
      updatedAt: 1,
    };
    await fs.writeFile(
      path.join(dir, LEDGER_FILE),
      JSON.stringify({
        version: 1,
        entries: [
          { origin: 'local', job: good },
          { origin: 'local', job: { id: 'bad' } },
        ],
      }),
    );
    const loaded = await new JobLedger(dir).load();
    expect(loaded.entries.map((e) => e.job.id)).toEqual(['g']);
    expect(loaded.dropped).toBe(1);
    // The unreadable entry survives in a copy, since the next save drops it from jobs.json.
    const copy = await fs.readFile(loaded.problem!.keptAt!, 'utf8');
    expect(copy).toContain('"bad"');
  });

  it('resolves each awaited save only once the state it saw is on disk', async () => {
    const ledger = new JobLedger(dir);
    const entries: LedgerEntry[] = [];
    const onDisk = async () =>
      (JSON.parse(await fs.readFile(path.join(dir, LEDGER_FILE), 'utf8')) as { entries: [] })
        .entries.length;
    // A burst: every save is asked for while earlier ones are still being written.
    const saves: Promise<{ asked: number; written: number }>[] = [];
    for (let n = 0; n < 6; n++) {
      entries.push({ origin: 'local', job: queuedJob(`j${n}`) });
      const asked = entries.length;
      saves.push(
        ledger
          .save(() => entries)
          .then(async (error) => {
            expect(error).toBeNull();
            return { asked, written: await onDisk() };
          }),
      );
    }
    for (const { asked, written } of await Promise.all(saves))
      expect(written).toBeGreaterThanOrEqual(asked);
  });

  it('answers a failed write with its error, so nothing is posted on a ledger that is not on disk', async () => {
    // The data folder is a file: no write can ever succeed.
    const blocked = path.join(dir, 'not-a-folder');
    await fs.writeFile(blocked, 'x');
    const ledger = new JobLedger(blocked);
    const error = await ledger.save(() => [{ origin: 'local', job: queuedJob('j') }]);
    expect(error).toBeInstanceOf(Error);
    expect(await ledger.flush()).toBe(error);
  });
});

function queuedJob(id: string): Job {
  return {
    id,
    request: { type: 'text_to_sfx', delivery: 'async', fields: {}, files: {}, label: id },
    stage: 'queued',
    createdAt: 1,
    updatedAt: 1,
    attempts: 1,
    files: [],
  };
}
