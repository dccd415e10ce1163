/**
 * Frames per call when a sample loop walks a long buffer. The mixes measure and profile whole
 * pieces at once (60 s of stereo is 2.6–2.9 M frames), and a loop that runs once over all of it
 * starts in V8's unoptimised code, where each double it computes is a new heap object, until
 * on-stack replacement swaps optimised code in mid-loop. Measured in a fresh process, a meter
 * pass over 60 s in one call took ~160 ms for its first two calls against ~60 ms block by block;
 * in the bench's video soundtrack, one cold engine task allocated ~1.2 GB of short-lived heap
 * objects, half of them in the meter (~0.5 GB in all after). Called block by block, a loop is optimised like any hot function
 * after a few blocks, its scratch stays in the cache (even warm: ~58 → ~43 ms a pass), and the
 * sums are the same in the same order (docs/engine-notes.md, "Sample loops").
 */
export const DSP_BLOCK_FRAMES = 4096;

/** Calls `visit` over [0, length) in consecutive [from, to) blocks of DSP_BLOCK_FRAMES. */
export function forEachBlock(length: number, visit: (from: number, to: number) => void): void {
  for (let from = 0; from < length; from += DSP_BLOCK_FRAMES)
    visit(from, Math.min(length, from + DSP_BLOCK_FRAMES));
}
