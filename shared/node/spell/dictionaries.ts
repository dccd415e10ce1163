import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Languages with a Hunspell dictionary installed from npm (dictionary-* packages, licences in
 * README.md). The code is the primary subtag: `pt-BR` and `en-GB` use `pt` and `en`.
 */
export const SPELL_PACKAGES: Readonly<Record<string, string>> = {
  en: 'dictionary-en',
  es: 'dictionary-es',
  fr: 'dictionary-fr',
  de: 'dictionary-de',
  it: 'dictionary-it',
  pt: 'dictionary-pt',
  ru: 'dictionary-ru',
  tr: 'dictionary-tr',
};

/** `es-MX` -> `es`: dictionaries are per language, not per region. */
export function spellLanguage(code: string): string {
  return code.toLowerCase().split(/[-_]/)[0] ?? '';
}

export interface DictionaryFiles {
  aff: string;
  dic: string;
}

function packageRequire(): NodeRequire {
  // CommonJS bundles (main) have __filename; ES modules (tsx, vitest) have import.meta.url.
  const here = typeof __filename === 'string' ? pathToFileURL(__filename).href : import.meta.url;
  return createRequire(here);
}

/**
 * Where a language's .aff/.dic files are, or null when none is installed. The packages are ES
 * modules that read their files with top-level await, which a CommonJS bundle cannot import, so
 * the files are located beside the package's entry and read directly.
 */
export function dictionaryFiles(language: string): DictionaryFiles | null {
  const name = SPELL_PACKAGES[spellLanguage(language)];
  if (!name) return null;
  try {
    const folder = dirname(packageRequire().resolve(name));
    return { aff: join(folder, 'index.aff'), dic: join(folder, 'index.dic') };
  } catch {
    return null;
  }
}

/** The path of nspell's entry, required by the spell worker (it runs outside the bundle). */
export function nspellEntry(): string {
  return packageRequire().resolve('nspell');
}
