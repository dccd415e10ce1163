/**
 * Chord voicing with simple voice leading: among the inversions that sit around a centre pitch,
 * take the one that moves the least from the previous chord.
 */
export function voiceChord(
  pitchClasses: readonly number[],
  center: number,
  previous?: readonly number[],
  voices = 4,
): number[] {
  const tones = pitchClasses.slice(0, voices);
  if (tones.length < voices && tones.length > 0) tones.push(tones[0]!);
  let best: number[] = [];
  let bestScore = Infinity;
  for (let inversion = 0; inversion < tones.length; inversion++) {
    for (const base of [center - 12, center - 6, center]) {
      const notes: number[] = [];
      let floor = base - 1;
      for (let i = 0; i < tones.length; i++) {
        const pc = tones[(inversion + i) % tones.length]!;
        let note = floor + 1 + ((((pc - (floor + 1)) % 12) + 12) % 12);
        if (i > 0 && note === notes[i - 1]) note += 12;
        notes.push(note);
        floor = note;
      }
      const mid = (notes[0]! + notes[notes.length - 1]!) / 2;
      let score = Math.abs(mid - center) * 0.5;
      if (previous && previous.length === notes.length) {
        score += notes.reduce((sum, n, i) => sum + Math.abs(n - previous[i]!), 0);
      }
      if (score < bestScore) {
        bestScore = score;
        best = notes;
      }
    }
  }
  return best;
}

/** The MIDI note of a pitch class nearest to a target pitch. */
export function nearestPitch(pitchClass: number, target: number): number {
  const base = target - ((((target - pitchClass) % 12) + 12) % 12);
  return target - base > 6 ? base + 12 : base;
}
