import { describe, expect, it } from 'vitest';
import { FillingPiece } from './filling-piece';

const piece = (frames: number) => [new Float32Array(frames), new Float32Array(frames)];

async function collect(blocks: AsyncIterable<Float32Array[]>): Promise<number[]> {
  const lengths: number[] = [];
  for await (const block of blocks) lengths.push(block[0]!.length);
  return lengths;
}

describe('FillingPiece', () => {
  it('hands a reader each stretch once it is written, in blocks, as views of the piece', async () => {
    const pcm = piece(10);
    const filling = new FillingPiece(pcm, 4);
    const seen: number[][] = [];
    const reading = (async () => {
      for await (const block of filling.blocks()) {
        expect(block[0]!.buffer).toBe(pcm[0]!.buffer);
        seen.push(Array.from(block[0]!));
      }
    })();
    for (let i = 0; i < 10; i++) pcm[0]![i] = i;
    filling.advance(6);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Only what is written: the reader waits at frame 6 instead of reading ahead.
    expect(seen).toEqual([
      [0, 1, 2, 3],
      [4, 5],
    ]);
    filling.advance(10);
    await reading;
    expect(seen.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('lets the writer run ahead of a reader that is not reading, which then catches up', async () => {
    const filling = new FillingPiece(piece(8), 2);
    const reader = filling.blocks();
    const first = reader.next(); // waits: nothing is written yet
    for (let to = 1; to <= 8; to++) filling.advance(to); // the writer never waits for it
    filling.close();
    expect((await first).value?.[0]?.length).toBe(2);
    const rest: number[] = [];
    for (let next = await reader.next(); !next.done; next = await reader.next())
      rest.push(next.value[0]!.length);
    expect(rest).toEqual([2, 2, 2]);
  });

  it('stops its readers at what was written once closed', async () => {
    const filling = new FillingPiece(piece(10), 4);
    filling.advance(5);
    const reading = collect(filling.blocks());
    filling.close();
    expect(await reading).toEqual([4, 1]);
  });

  it('serves a second reader the whole piece once it is complete', async () => {
    const filling = new FillingPiece(piece(9), 4);
    filling.advance(9);
    expect(await collect(filling.blocks())).toEqual([4, 4, 1]);
    expect(await collect(filling.blocks())).toEqual([4, 4, 1]);
  });
});
