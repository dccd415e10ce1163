import type { Locator, Page } from '@playwright/test';

export interface SegmentBox {
  startMs: number;
  endMs: number;
  locator: Locator;
}

/** The Score workspace: open, timeline lanes, actions and the export dialog. */
export class ScorePage {
  readonly open: Locator;
  readonly video: Locator;
  readonly timeline: Locator;
  readonly shotMarkers: Locator;
  readonly analyse: Locator;
  readonly generate: Locator;
  readonly exportButton: Locator;
  readonly exportResult: Locator;
  readonly undoDepth: Locator;
  readonly streamAudio: Locator;

  constructor(readonly page: Page) {
    this.open = page.getByTestId('score-open');
    this.video = page.getByTestId('score-video');
    this.timeline = page.getByTestId('timeline');
    this.shotMarkers = page.getByTestId('shot-marker');
    this.analyse = page.getByTestId('score-analyse');
    this.generate = page.getByTestId('score-generate');
    this.exportButton = page.getByTestId('score-export');
    this.exportResult = page.getByTestId('export-result');
    this.undoDepth = page.getByTestId('undo-depth');
    this.streamAudio = page.getByTestId('score-stream-audio');
  }

  /** Opens a local video through the Open… button's file chooser (uploaded in browser mode). */
  async openVideo(path: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.open.getByRole('button', { name: /open video/i }).click();
    await (await chooser).setFiles(path);
    await this.video.waitFor();
  }

  async shotTimesMs(): Promise<number[]> {
    return this.shotMarkers.evaluateAll((markers) =>
      markers.map((marker) => Number(marker.getAttribute('data-ms'))),
    );
  }

  segments(lane: 'music' | 'sfx'): Locator {
    return this.page.locator(`[data-testid="segment"][data-lane="${lane}"]`);
  }

  async segmentTimes(lane: 'music' | 'sfx'): Promise<{ startMs: number; endMs: number }[]> {
    return this.segments(lane).evaluateAll((items) =>
      items.map((item) => ({
        startMs: Number(item.getAttribute('data-start-ms')),
        endMs: Number(item.getAttribute('data-end-ms')),
      })),
    );
  }

  /**
   * Drags the edge after segment `index` of a lane to `toMs`, in small pointer steps. The scale
   * comes from two edges' own times and positions, so zoom and the lane head do not matter.
   */
  async dragRightEdge(lane: 'music' | 'sfx', index: number, toMs: number): Promise<void> {
    const edges = this.page.locator(`[data-testid="segment-edge"][data-lane="${lane}"]`);
    await this.lane(lane).scrollIntoViewIfNeeded();
    const centre = async (edge: Locator) => {
      const box = (await edge.boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const first = edges.first();
    const last = edges.last();
    const [firstMs, lastMs] = [
      Number(await first.getAttribute('data-ms')),
      Number(await last.getAttribute('data-ms')),
    ];
    const [a, b] = [await centre(first), await centre(last)];
    const pxPerMs = (b.x - a.x) / (lastMs - firstMs);
    const from = await centre(edges.nth(index));
    const targetX = a.x + (toMs - firstMs) * pxPerMs;
    await this.page.mouse.move(from.x, from.y);
    await this.page.mouse.down();
    for (let step = 1; step <= 8; step++) {
      await this.page.mouse.move(from.x + ((targetX - from.x) * step) / 8, from.y);
    }
    await this.page.mouse.up();
  }

  lane(lane: 'source' | 'music' | 'sfx' | 'take'): Locator {
    return this.page.locator(`[data-testid="lane"][data-lane="${lane}"]`).first();
  }

  /** Both clocks read in one evaluation, so the page round trip does not skew them. */
  async mediaTimes(): Promise<{ video: number; audio: number }> {
    return this.page.evaluate(() => {
      const time = (id: string) =>
        (document.querySelector(`[data-testid="${id}"]`) as HTMLMediaElement | null)?.currentTime ??
        -1;
      return { video: time('score-video'), audio: time('score-stream-audio') };
    });
  }
}
