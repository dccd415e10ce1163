import { decodeEntities } from './text';

/**
 * Cue markup as formatting: subtitle files carry HTML-like tags (`<i>`, `<b>`, `<u>`,
 * `<font color="#ff0">`) and ASS override blocks (`{\i1}`, `{\b1}`, `{\an8}`) in the text. The
 * editor keeps them visible in the text field (a round trip loses nothing); the picture overlay
 * draws them as formatting with these runs; the QC rules count only what `visibleText` leaves
 * (docs/subtitles.md). Tags we cannot draw (`{\an8}`, `<c.x>`, karaoke times) are dropped here.
 */

export interface MarkupRun {
  text: string;
  italic: boolean;
  bold: boolean;
  underline: boolean;
  /** CSS colour (`#rrggbb` or a colour name) from `<font color>` or ASS `\c`. */
  color: string | null;
}

export { visibleText } from './text';

interface Style {
  italic: boolean;
  bold: boolean;
  underline: boolean;
  color: string | null;
}

const TOKEN = /<\/?[a-zA-Z][^<>\n]*>|\{\\[^}\n]*\}|\\[Nn]/g;

/** ASS `\c&HBBGGRR&` (blue-green-red) -> `#rrggbb`. */
function assColor(value: string): string | null {
  const hex = /&?H?([0-9a-fA-F]{1,8})&?/.exec(value)?.[1];
  if (!hex) return null;
  const bgr = hex.padStart(6, '0').slice(-6);
  return `#${bgr.slice(4, 6)}${bgr.slice(2, 4)}${bgr.slice(0, 2)}`.toLowerCase();
}

function fontColor(tag: string): string | null {
  const value = /color\s*=\s*["']?([#\w]+)/i.exec(tag)?.[1];
  return value && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+)$/.test(value) ? value : null;
}

/** Applies one ASS override block (`{\i1\b1}`) to the style. */
function applyAss(block: string, style: Style, base: Style): Style {
  const next = { ...style };
  for (const part of block.slice(2, -1).split('\\')) {
    const match = /^(i|b|u)(\d*)$/.exec(part);
    if (match) {
      const on = match[2] !== '0' && match[2] !== '';
      if (match[1] === 'i') next.italic = on;
      if (match[1] === 'b') next.bold = on;
      if (match[1] === 'u') next.underline = on;
    } else if (/^1?c&?H/i.test(part)) next.color = assColor(part.replace(/^1?c/i, ''));
    else if (part === 'r') Object.assign(next, base);
  }
  return next;
}

/** Applies one HTML-like tag to the style stack (`<i>` pushes, `</i>` pops its own kind). */
function applyTag(tag: string, stack: Style[]): void {
  const closing = tag[1] === '/';
  const name = /^<\/?([a-zA-Z]+)/.exec(tag)?.[1]?.toLowerCase() ?? '';
  const current = stack[stack.length - 1]!;
  if (!['i', 'b', 'u', 'font'].includes(name)) return;
  if (closing) {
    if (stack.length > 1) stack.pop();
    return;
  }
  stack.push({
    ...current,
    ...(name === 'i' ? { italic: true } : {}),
    ...(name === 'b' ? { bold: true } : {}),
    ...(name === 'u' ? { underline: true } : {}),
    ...(name === 'font' ? { color: fontColor(tag) ?? current.color } : {}),
  });
}

/**
 * The text as runs of one style each, markup removed and entities decoded; line breaks stay
 * as `\n` inside run text (ASS `\N` becomes one).
 */
export function parseMarkup(text: string): MarkupRun[] {
  const base: Style = { italic: false, bold: false, underline: false, color: null };
  const stack: Style[] = [base];
  const runs: MarkupRun[] = [];
  const push = (raw: string) => {
    if (raw === '') return;
    const style = stack[stack.length - 1]!;
    const chunk = decodeEntities(raw);
    const last = runs[runs.length - 1];
    if (
      last &&
      last.italic === style.italic &&
      last.bold === style.bold &&
      last.underline === style.underline &&
      last.color === style.color
    )
      last.text += chunk;
    else runs.push({ text: chunk, ...style });
  };
  let at = 0;
  for (const match of text.matchAll(TOKEN)) {
    push(text.slice(at, match.index));
    at = match.index + match[0].length;
    const token = match[0];
    if (token === '\\N' || token === '\\n') push('\n');
    else if (token.startsWith('{'))
      stack[stack.length - 1] = applyAss(token, stack[stack.length - 1]!, base);
    else applyTag(token, stack);
  }
  push(text.slice(at));
  return runs;
}
