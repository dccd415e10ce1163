import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/host';
import { makeToneClip } from '../fixtures/tone-clip';
import { AppPage } from '../pages/app-page';
import { pickIntoBatch } from '../pages/dub-drop';

/** The dub parts of the project files in the project folder (one per batch project made). */
async function savedBatches(projectDir: string): Promise<{ videos: number; scripts: number }[]> {
  const names = (await readdir(projectDir)).filter((name) => name.endsWith('.soundstage'));
  const documents = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(projectDir, name), 'utf8'))),
  );
  return documents.map((document: { dub?: { videos: unknown[]; scripts: unknown[] } }) => ({
    videos: document.dub?.videos.length ?? 0,
    scripts: document.dub?.scripts.length ?? 0,
  }));
}

/** How long the first `project:create` is held on its way to main. */
const HELD_MS = 1500;

/** Two 4 s clips with a Spanish script each, added to Dub with Add videos… then Add scripts…. */
async function addScriptedClips(page: Page, url: string, prefix: string, stems: string[]) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const clips = stems.map((stem) => makeToneClip(join(dir, `${stem}.mp4`), { seconds: 4 }));
  const scripts = stems.map((stem) => join(dir, `${stem}.es.srt`));
  for (const path of scripts)
    await writeFile(path, '1\n00:00:00,000 --> 00:00:02,000\nBuenos días a todos.\n');
  const app = new AppPage(page);
  await app.open(url);
  await app.goTo('Dub');
  await pickIntoBatch(page, /add videos/i, clips);
  await pickIntoBatch(page, /add scripts/i, scripts);
}

test('videos and scripts added while the batch project is being made are all kept', async ({
  page,
  host,
}) => {
  // The first add makes the batch's project. Holding that request back (in the page's own
  // WebSocket to main) lets the second add start before the project exists, which is what a
  // busy machine does to a drop of videos quickly followed by their scripts.
  let held = false;
  await page.routeWebSocket(/\/ipc/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const text = typeof message === 'string' ? message : message.toString();
      if (!held && text.includes('"channel":"project:create"')) {
        held = true;
        setTimeout(() => server.send(message), HELD_MS);
        return;
      }
      server.send(message);
    });
    server.onMessage((message) => ws.send(message));
  });

  await addScriptedClips(page, host.url, 'dub-quick-', ['north', 'south']);

  // Both adds land in the one batch: two rows, each Spanish cell with its script, none unpaired.
  await expect(page.getByTestId('dub-row')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Unpaired scripts' })).toHaveCount(0);
  await expect(page.getByTestId('dub-batch')).toHaveCount(1);
  expect(held).toBe(true);
  // One project was made, and its autosave holds both adds; a reload shows them.
  await expect.poll(() => savedBatches(host.projectDir)).toEqual([{ videos: 2, scripts: 2 }]);
  await page.reload();
  await page.getByTestId('engine-status').waitFor();
  await expect(page.getByTestId('dub-row')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Unpaired scripts' })).toHaveCount(0);
});

test('a cell left out stays out after a reload, and is neither priced nor offered', async ({
  page,
  host,
}) => {
  await addScriptedClips(page, host.url, 'dub-left-out-', ['east', 'west']);
  const cell = page.locator(
    '[data-testid="dub-row"][data-file="west.mp4"] [data-testid="dub-cell"][data-lang="es"]',
  );
  await expect(cell).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  const total = page.getByTestId('dub-cost-total');
  const fullAmount = await total.getAttribute('data-amount');

  const counts = page.getByTestId('dub-counts');
  await expect(counts).toHaveText(/^4 ready · 0 with warnings/);
  await cell.click();
  await page.keyboard.press('Space');
  await expect(cell).toHaveAttribute('data-state', 'skipped');
  // Counted as left out, no longer as ready.
  await expect(counts).toHaveText(/^3 ready · 1 left out · 0 with warnings/);
  await expect(total).not.toHaveAttribute('data-amount', fullAmount ?? '');
  const trimmed = (await total.getAttribute('data-amount')) ?? '';

  // Saved with the batch, then read back: still left out, still not in the total or in Start.
  await expect
    .poll(async () => {
      const names = (await readdir(host.projectDir)).filter((n) => n.endsWith('.soundstage'));
      const documents = await Promise.all(
        names.map(async (n) => JSON.parse(await readFile(join(host.projectDir, n), 'utf8'))),
      );
      return documents.map((d: { dub?: { excluded?: unknown[] } }) => d.dub?.excluded);
    })
    .toEqual([[{ video: expect.stringMatching(/west\.mp4$/), language: 'es' }]]);
  await page.reload();
  await page.getByTestId('engine-status').waitFor();
  await new AppPage(page).goTo('Dub');
  await expect(cell).toHaveAttribute('data-state', 'skipped', { timeout: 30_000 });
  await expect(total).toHaveAttribute('data-amount', trimmed);
  await expect(page.getByTestId('dub-start')).toContainText(`Start · $${trimmed} `);
});
