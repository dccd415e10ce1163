import type { LanguageCode } from '../../../shared/api/languages';
import { isLanguageCode } from '../../../shared/api/languages';
import type { FieldReader } from '../../server/field-reader';
import type { FormEntry, RequestForm } from '../../server/form';
import { unsupportedLanguageMessage } from '../languages-field';

/** One `subtitles[<lang>]` part: a file upload or an https URL to fetch. */
export type ScriptPart =
  | { language: LanguageCode; kind: 'file'; filename: string; path: string; size: number }
  | { language: LanguageCode; kind: 'url'; url: string };

const BRACKET_NAME = /^subtitles\[(.*)\]$/;

function readPart(
  language: LanguageCode,
  entry: FormEntry,
  fields: FieldReader,
  name: string,
): ScriptPart | null {
  if (entry.kind === 'file') {
    if (entry.file.size === 0) {
      fields.problem(name, `${name} is empty`);
      return null;
    }
    return {
      language,
      kind: 'file',
      filename: entry.file.filename,
      path: entry.file.path,
      size: entry.file.size,
    };
  }
  const value = entry.value.trim();
  if (value === '') {
    fields.problem(name, `${name} is empty`);
    return null;
  }
  if (/^http:\/\//i.test(value)) {
    fields.problem(name, `${name} must be an https URL; plain http is refused`);
    return null;
  }
  if (!/^https:\/\//i.test(value)) {
    fields.problem(name, `${name} must be a .srt or .vtt file upload or an https URL`);
    return null;
  }
  return { language, kind: 'url', url: value };
}

/**
 * Applies dubbing's subtitle rules (api-spec validation 5-9): no bare `subtitles`, bracket keys
 * must be supported codes (near misses such as `zh-CN` refused), each key once, no empty value,
 * the key set equal to `languages` (missing and extra codes named), and `export_srt` only with
 * scripts. Problems go on the reader; the parts found are returned in `languages` order.
 */
export function readSubtitleParts(
  form: RequestForm,
  fields: FieldReader,
  languages: readonly LanguageCode[],
  exportSrt: boolean,
): ScriptPart[] {
  const parts: ScriptPart[] = [];
  const keys: string[] = [];
  for (const name of form.names()) {
    if (!name.startsWith('subtitles')) continue;
    if (name === 'subtitles') {
      fields.problem(
        name,
        'A bare subtitles field is not accepted; send one subtitles[<language>] per language',
      );
      continue;
    }
    const match = BRACKET_NAME.exec(name);
    if (!match) {
      fields.problem(name, `Unrecognised field ${name}; use subtitles[<language>]`);
      continue;
    }
    const key = match[1] ?? '';
    keys.push(key);
    if (!isLanguageCode(key)) {
      fields.problem(name, unsupportedLanguageMessage(key), 'enum');
      continue;
    }
    if (form.count(name) > 1) {
      fields.problem(
        name,
        `${name} was sent ${form.count(name)} times; send each language's script once`,
      );
      continue;
    }
    const entry = form.all(name)[0];
    const part = entry ? readPart(key, entry, fields, name) : null;
    if (part) parts.push(part);
  }
  if (keys.length > 0) {
    const missing = languages.filter((code) => !keys.includes(code));
    const extra = keys.filter((key) => !(languages as readonly string[]).includes(key));
    if (missing.length > 0 || extra.length > 0) {
      const said = [
        missing.length > 0 ? `missing subtitles for: ${missing.join(', ')}` : '',
        extra.length > 0 ? `subtitles for languages not requested: ${extra.join(', ')}` : '',
      ].filter(Boolean);
      fields.problem(
        'subtitles',
        `The subtitles languages must equal languages exactly (${said.join('; ')})`,
      );
    }
  } else if (exportSrt) {
    fields.problem('export_srt', 'export_srt=true requires subtitles[<language>] scripts');
  }
  return languages.flatMap((code) => parts.filter((part) => part.language === code));
}
