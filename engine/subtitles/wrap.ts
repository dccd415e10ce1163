import type { LanguageCode } from '../../shared/api/languages';
import { breaksAnywhere, displayLength, readingNorms } from './norms';

/** Splits text into the units a line may break between: words, or characters when unspaced. */
function units(text: string, anywhere: boolean): { parts: string[]; joiner: string } {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (anywhere && !flat.includes(' ')) return { parts: [...flat], joiner: '' };
  return { parts: flat.split(' ').filter(Boolean), joiner: ' ' };
}

function greedy(parts: string[], joiner: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    const candidate = line ? line + joiner + part : part;
    if (line && displayLength(candidate) > maxChars) {
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
 * Lays text out on lines of at most the language's characters per line. Text that fits on two
 * lines is split at the most balanced break (subtitle convention); longer text wraps greedily
 * and may exceed the line count, which quality checks then report.
 */
export function wrapSubtitleText(text: string, language: LanguageCode): string[] {
  const { maxLineChars } = readingNorms(language);
  const { parts, joiner } = units(text, breaksAnywhere(language));
  const whole = parts.join(joiner);
  if (displayLength(whole) <= maxLineChars) return whole ? [whole] : [];
  let best: string[] | null = null;
  let bestWidth = Infinity;
  for (let i = 1; i < parts.length; i += 1) {
    const first = parts.slice(0, i).join(joiner);
    const second = parts.slice(i).join(joiner);
    const width = Math.max(displayLength(first), displayLength(second));
    if (width <= maxLineChars && width < bestWidth) {
      best = [first, second];
      bestWidth = width;
    }
  }
  return best ?? greedy(parts, joiner, maxLineChars);
}
