export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const clampByte = (value: number): number => Math.max(0, Math.min(255, Math.round(value)));

/** Converts 8-bit limited-range BT.709 Y'CbCr averages (signalstats YAVG/UAVG/VAVG) to RGB. */
export function yuvToRgb(y: number, u: number, v: number): Rgb {
  const luma = ((y - 16) * 255) / 219;
  const cb = ((u - 128) * 255) / 224;
  const cr = ((v - 128) * 255) / 224;
  return {
    r: clampByte(luma + 1.5748 * cr),
    g: clampByte(luma - 0.1873 * cb - 0.4681 * cr),
    b: clampByte(luma + 1.8556 * cb),
  };
}

export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const HUE_NAMES: readonly [number, string][] = [
  [15, 'red'],
  [40, 'orange'],
  [65, 'yellow'],
  [160, 'green'],
  [195, 'teal'],
  [255, 'blue'],
  [290, 'purple'],
  [335, 'magenta'],
  [360, 'red'],
];

/**
 * A plain colour word for a shot's average colour ("dark blue", "warm orange", "grey"), used in
 * prompt text. Low saturation gives a grey scale word; otherwise hue name plus a lightness cue.
 */
export function nameColour({ r, g, b }: Rgb): string {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const lightness = (max + min) / 2;
  const chroma = max - min;
  if (chroma < 0.08) {
    if (lightness < 0.12) return 'black';
    if (lightness < 0.35) return 'dark grey';
    if (lightness < 0.7) return 'grey';
    if (lightness < 0.9) return 'light grey';
    return 'white';
  }
  let hue: number;
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  if (max === rn) hue = ((gn - bn) / chroma) % 6;
  else if (max === gn) hue = (bn - rn) / chroma + 2;
  else hue = (rn - gn) / chroma + 4;
  hue = (hue * 60 + 360) % 360;
  const name = HUE_NAMES.find(([limit]) => hue < limit)?.[1] ?? 'red';
  if (lightness < 0.25) return `dark ${name}`;
  if (lightness > 0.75) return `pale ${name}`;
  if (chroma < 0.2) return `muted ${name}`;
  return name;
}
