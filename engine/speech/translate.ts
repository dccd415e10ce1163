import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageCode } from '../../shared/api/languages';
import { LANGUAGE_NAMES, LOCAL_TRANSLATION_LANGUAGES } from '../../shared/api/languages';
import { lastErrorLine, runTool, TOOL } from '../../shared/node/toolchain';
import type { Cue } from '../../shared/domain/subtitles/cue';
import { limitsFor, STREAMING_PROFILE } from '../../shared/domain/subtitles/profiles';
import { visibleText } from '../../shared/domain/subtitles/text';
import { wrapText } from '../../shared/domain/subtitles/wrap';
import type { SpeechResult } from './result';
import { speechFail, speechOk } from './result';

export const MODES_DIR = '/usr/share/apertium/modes';

/** Languages with an Apertium route here (es_419 gets the es text; pt_br has its own mode). */
export const TRANSLATABLE_LANGUAGES: readonly LanguageCode[] = LOCAL_TRANSLATION_LANGUAGES;

export const TRANSLATION_COVERAGE =
  'The local engine translates only between en, es, es_419, fr, it, pt and pt_br (Apertium, draft quality).';

type Side = 'en' | 'es' | 'fr' | 'it' | 'pt' | 'pt_br';

/**
 * Apertium mode chains. en->fr/it go through Catalan (measurably better than through Spanish);
 * en->pt and every other non-Spanish pair pivot through Spanish.
 */
const DIRECT: Partial<Record<`${Side}>${Side}`, string[]>> = {
  'en>es': ['eng-spa'],
  'en>fr': ['eng-cat', 'cat-fra'],
  'en>it': ['eng-cat', 'cat-ita'],
  'en>pt': ['eng-spa', 'es-pt'],
  'en>pt_br': ['eng-spa', 'es-pt_BR'],
  'es>en': ['spa-eng'],
  'es>fr': ['es-fr'],
  'es>it': ['spa-ita'],
  'es>pt': ['es-pt'],
  'es>pt_br': ['es-pt_BR'],
  'fr>es': ['fr-es'],
  'it>es': ['ita-spa'],
  'pt>es': ['pt-es'],
};

function side(code: LanguageCode, asSource: boolean): Side | null {
  if (code === 'es_419') return 'es';
  if (code === 'pt_br') return asSource ? 'pt' : 'pt_br';
  return (['en', 'es', 'fr', 'it', 'pt'] as const).find((s) => s === code) ?? null;
}

/** The Apertium modes that take text from `source` to `target`; [] when no change is needed; null when uncovered. */
export function translationRoute(source: LanguageCode, target: LanguageCode): string[] | null {
  const from = side(source, true);
  const to = side(target, false);
  if (!from || !to) return null;
  if (from === to || (from === 'pt' && to === 'pt_br')) return [];
  const direct = DIRECT[`${from}>${to}`];
  if (direct) return direct;
  const toSpanish = from === 'es' ? [] : DIRECT[`${from}>es`];
  const fromSpanish = to === 'es' ? [] : DIRECT[`es>${to}`];
  return toSpanish && fromSpanish ? [...toSpanish, ...fromSpanish] : null;
}

async function modeInstalled(mode: string): Promise<boolean> {
  return access(`${MODES_DIR}/${mode}.mode`).then(
    () => true,
    () => false,
  );
}

/** Apertium's marks for words it could not fully handle (`@` untranslated, `#` not generated). */
function cleanLine(line: string): string {
  return line
    .replace(/(^|\s)[@#](?=\S)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Runs text through a chain of modes. The input goes through a file, not stdin: the apertium
 * script opens /dev/stdin by path, which fails on the socket Node gives a child as its stdin.
 */
async function runChain(
  modes: readonly string[],
  text: string,
  signal?: AbortSignal,
): Promise<SpeechResult<string>> {
  const dir = await mkdtemp(join(tmpdir(), 'apertium-'));
  try {
    let current = text;
    for (const [i, mode] of modes.entries()) {
      const input = join(dir, `step-${i}.txt`);
      await writeFile(input, current, 'utf8');
      const run = await runTool(TOOL.apertium, ['-u', mode, input], { signal });
      if (run.code !== 0)
        return speechFail(
          'TRANSLATION_FAILED',
          `Apertium ${mode} failed: ${lastErrorLine(run.stderr)}`,
        );
      current = run.stdout.toString('utf8');
    }
    return speechOk(current);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Translates lines with one Apertium process per mode: one line per input line (a newline is a
 * block boundary Apertium keeps). If the line count ever comes back different, each line is
 * translated on its own so no cue takes another's text.
 */
export async function translateLines(
  lines: readonly string[],
  source: LanguageCode,
  target: LanguageCode,
  signal?: AbortSignal,
): Promise<SpeechResult<string[]>> {
  const route = translationRoute(source, target);
  if (route === null) {
    const uncovered = TRANSLATABLE_LANGUAGES.includes(source) ? target : source;
    return speechFail(
      'TRANSLATION_FAILED',
      `${LANGUAGE_NAMES[uncovered]} (${uncovered}) cannot be translated offline. ${TRANSLATION_COVERAGE}`,
    );
  }
  for (const mode of route) {
    if (!(await modeInstalled(mode))) {
      return speechFail(
        'TRANSLATION_FAILED',
        `The Apertium mode ${mode} is not installed. ${TRANSLATION_COVERAGE}`,
      );
    }
  }
  const flat = lines.map((line) => line.replace(/\s+/g, ' ').trim());
  if (route.length === 0) return speechOk(flat);
  const batch = await runChain(route, `${flat.join('\n')}\n`, signal);
  if (!batch.ok) return batch;
  const out = batch.value.replace(/\n+$/, '').split('\n');
  if (out.length === flat.length) return speechOk(out.map(cleanLine));
  const single: string[] = [];
  for (const line of flat) {
    const one = await runChain(route, `${line}\n`, signal);
    if (!one.ok) return one;
    single.push(cleanLine(one.value.replace(/\n/g, ' ')));
  }
  return speechOk(single);
}

/** Translates cue texts, keeping times, and lays the result out on subtitle lines of the target. */
export async function translateCues(
  cues: readonly Cue[],
  source: LanguageCode,
  target: LanguageCode,
  signal?: AbortSignal,
): Promise<SpeechResult<Cue[]>> {
  const lines = cues.map((cue) => visibleText(cue.text).replace(/\n/g, ' '));
  const translated = await translateLines(lines, source, target, signal);
  if (!translated.ok) return translated;
  const limits = limitsFor(STREAMING_PROFILE, target);
  return speechOk(
    cues.map((cue, i) => ({
      ...cue,
      text: wrapText(translated.value[i] ?? '', limits, target).join('\n'),
    })),
  );
}
