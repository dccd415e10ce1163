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

  /** Drags the right edge of segment `index` so it lands `toX` pixels from the lane's left. */
  async dragRightEdge(lane: 'music' | 'sfx', index: number, toMs: number): Promise<void> {
    const segment = this.segments(lane).nth(index);
    const box = (await segment.boundingBox())!;
    const timelineBox = (await this.lane(lane).boundingBox())!;
    const duration = Number(await this.timeline.getAttribute('data-duration-ms'));
    const pxPerMs = (await this.laneWidthPx(lane)) / duration;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + box.width - 2, y);
    await this.page.mouse.down();
    const targetX = timelineBox.x + toMs * pxPerMs - (await this.laneScrollPx(lane));
    for (const step of [0.25, 0.5, 0.75, 1]) {
      await this.page.mouse.move(
        box.x + box.width - 2 + (targetX - box.x - box.width + 2) * step,
        y,
      );
    }
    await this.page.mouse.up();
  }

  lane(lane: 'source' | 'music' | 'sfx' | 'take'): Locator {
    return this.page.locator(`[data-testid="lane"][data-lane="${lane}"]`).first();
  }

  /** Width in px of the whole timeline content (duration at the current zoom). */
  private async laneWidthPx(lane: 'music' | 'sfx'): Promise<number> {
    return this.lane(lane).evaluate((element) => element.scrollWidth);
  }

  private async laneScrollPx(lane: 'music' | 'sfx'): Promise<number> {
    return this.lane(lane).evaluate((element) => {
      let node: Element | null = element;
      while (node && node.scrollLeft === 0) node = node.parentElement;
      return node?.scrollLeft ?? 0;
    });
  }

  async mediaTimes(): Promise<{ video: number; audio: number }> {
    const video = await this.video.evaluate((v) => (v as HTMLVideoElement).currentTime);
    const audio = await this.streamAudio.evaluate((a) => (a as HTMLAudioElement).currentTime);
    return { video, audio };
  }
}
