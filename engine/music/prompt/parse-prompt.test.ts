import { describe, expect, it } from 'vitest';
import { parseBpm, parseKey, parsePrompt } from './parse-prompt';

describe('parsePrompt', () => {
  it.each([
    ['upbeat synthwave for a night drive', 'synthwave'],
    ['lo-fi hip hop beats to study to', 'lofi'],
    ['Epic orchestral trailer music', 'cinematic'],
    ['smooth jazz with saxophone', 'jazz'],
    ['8-bit video game level theme', 'chiptune'],
    ['a rocket launch', undefined],
  ])('finds the genre of %j', (prompt, genre) => {
    expect(parsePrompt(prompt).genre).toBe(genre);
  });

  it('reads moods in the order they are named', () => {
    expect(parsePrompt('dark and tense, slightly mysterious').moods).toEqual([
      'dark',
      'tense',
      'mysterious',
    ]);
  });

  it('reads explicit tempo and tempo words', () => {
    expect(parsePrompt('house at 126 BPM').bpm).toBe(126);
    expect(parseBpm('900 bpm')).toBe(200);
    expect(parsePrompt('very slow piano').tempoBias).toBe(-2);
    expect(parsePrompt('fast punk').tempoBias).toBe(1);
  });

  it.each([
    ['ballad in D minor', { tonic: 'D', mode: 'aeolian' }],
    ['in F# major please', { tonic: 'F#', mode: 'ionian' }],
    ['key of Bb', { tonic: 'Bb' }],
    ['Eb dorian groove', { tonic: 'Eb', mode: 'dorian' }],
    ['in Am', { tonic: 'A', mode: 'aeolian' }],
    ['a song in a minute', {}],
    ['dark strings, minor key', { mode: 'aeolian' }],
    ['Amazing emotional track', {}],
  ])('reads the key of %j', (prompt, key) => {
    expect(parseKey(prompt)).toEqual(key);
  });

  it('maps instruments to roles, longest phrase first', () => {
    const traits = parsePrompt('electric piano chords, a flute melody and an upright bass');
    expect(traits.instruments).toEqual({ comp: 4, lead: 73, bass: 32 });
    expect(traits.instrumentNames).toEqual(['electric piano', 'flute', 'upright bass']);
  });

  it('reads energy words, section labels, soft-drum requests and titles', () => {
    const traits = parsePrompt('Quiet sparse intro, no drums, titled "morning light"');
    expect(traits.energyBias).toBeLessThan(-0.5);
    expect(traits.sectionKind).toBe('intro');
    expect(traits.softDrums).toBe(true);
    expect(traits.title).toBe('Morning Light');
    expect(parsePrompt('the big drop').sectionKind).toBe('chorus');
  });
});
