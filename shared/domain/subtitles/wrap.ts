import type { ReadingLimits } from './profiles';
import { breaksAnywhere } from './profiles';
import { visibleLength } from './text';

/** Markup (HTML-like tags, ASS overrides) takes no width and never starts a line on its own. */
const MARKUP = /^(?:<[^<>]*>|\{\\[^}]*\})$/;
const width = (part: string) => visibleLength(part.replace(/<[^<>]*>|\{\\[^}]*\}/g, ''));

/** The units a line may break between: words, or characters (with their marks) when unspaced. */
function units(text: string, anywhere: boolean): { parts: string[]; joiner: string } {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (anywhere && !flat.includes(' ')) {
    const parts: string[] = [];
    for (const unit of flat.match(/<[^<>]*>|\{\\[^}]*\}|\P{M}\p{M}*/gu) ?? []) {
      // Glue markup to the following character so a tag never sits alone at a line end.
      const last = parts[parts.length - 1];
      if (last !== undefined && MARKUP.test(last)) parts[parts.length - 1] = last + unit;
      else parts.push(unit);
    }
    return { parts, joiner: '' };
  }
  return { parts: flat.split(' ').filter(Boolean), joiner: ' ' };
}

function greedy(parts: string[], joiner: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    const candidate = line ? line + joiner + part : part;
    if (line && width(candidate) > maxChars) {
      lines.push(line);
      line = part;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Lays text out on lines of at most `maxLineChars` visible characters. Text that fits on two
 * lines is split at the most balanced break (the subtitle convention: bottom-heavy pyramids
 * read best, but balance matters most); longer text wraps greedily and may exceed the line
 * count, which QC then reports. Markup stays in place and is not counted.
 */
export function wrapText(
  text: string,
  limits: Pick<ReadingLimits, 'maxLineChars'>,
  language: string,
): string[] {
  const { maxLineChars } = limits;
  const { parts, joiner } = units(text, breaksAnywhere(language));
  const whole = parts.join(joiner);
  if (width(whole) <= maxLineChars) return whole ? [whole] : [];
  let best: string[] | null = null;
  let bestWidth = Infinity;
  for (let i = 1; i < parts.length; i += 1) {
    const first = parts.slice(0, i).join(joiner);
    const second = parts.slice(i).join(joiner);
    const widest = Math.max(width(first), width(second));
    if (widest <= maxLineChars && widest < bestWidth) {
      best = [first, second];
      bestWidth = widest;
    }
  }
  return best ?? greedy(parts, joiner, maxLineChars);
}
