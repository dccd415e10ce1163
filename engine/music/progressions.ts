/**
 * Chord progressions shared by several styles, as degree tokens (see Style in ./styles).
 */
export const POP_MAJOR = [
  ['1', '5', '6', '4'],
  ['6', '4', '1', '5'],
  ['1', '6', '4', '5'],
  ['4', '1', '5', '6'],
  ['1', '4', '6', '5'],
] as const;
export const POP_MINOR = [
  ['1', '6', '3', '7'],
  ['1', '7', '6', '7'],
  ['6', '7', '1', '1'],
  ['1', '4', '7', '3'],
  ['1', '6', '4', '5M'],
] as const;
export const JAZZ_MAJOR = [
  ['2', '5', '1', '1', '6', '2', '5', '1'],
  ['1', '6', '2', '5', '3', '6', '2', '5'],
  ['4', '4', '3', '6', '2', '5', '1', '1'],
] as const;
export const JAZZ_MINOR = [
  ['2', '5M', '1', '1', '4', '7', '3', '6'],
  ['1', '1', '4', '4', '2', '5M', '1', '1'],
  ['6', '2', '5M', '1', '4', '7', '3', '3'],
] as const;
export const BLUES = [
  ['1M', '1M', '1M', '1M', '4M', '4M', '1M', '1M', '5M', '4M', '1M', '5M'],
] as const;
export const CINEMATIC_MINOR = [
  ['1', '6', '3', '7'],
  ['1', '1', '6', '6'],
  ['6', '4', '1', '5M'],
  ['1', '3', '7', '4'],
] as const;
export const CLASSICAL_MAJOR = [
  ['1', '4', '5', '1'],
  ['1', '6', '2', '5'],
  ['1', '5', '6', '3', '4', '1', '4', '5'],
  ['4', '5', '3', '6'],
] as const;
export const CLASSICAL_MINOR = [
  ['1', '4', '5M', '1'],
  ['1', '6', '2', '5M'],
  ['1', '7', '6', '5M'],
  ['4', '5M', '1', '6'],
] as const;
