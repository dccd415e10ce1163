import type { LanguageCode } from '../../shared/api/languages';
import { LANGUAGE_CODES, isLanguageCode } from '../../shared/api/languages';
import type { FieldReader } from '../server/field-reader';

const SUPPORTED = LANGUAGE_CODES.join(', ');

/** The 422 message for a code outside the 17 (near misses like `zh-CN` included). */
export function unsupportedLanguageMessage(code: string): string {
  return `Unsupported language code: ${code}. Supported codes: ${SUPPORTED}`;
}

/**
 * Reads a `languages` field: JSON text holding an array of supported codes, each once.
 * Problems are recorded on the reader (422); omitted gives undefined. `allowEmpty` is true for
 * proofread (`[]` = transcript only) and false for dubbing, where clients omit the field instead.
 */
export function readLanguagesField(
  fields: FieldReader,
  options: { allowEmpty: boolean },
): LanguageCode[] | undefined {
  const value = fields.json('languages');
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    fields.problem(
      'languages',
      'languages must be a JSON array of language code strings, e.g. ["es","fr"]',
      'list_type',
    );
    return [];
  }
  if (value.length === 0 && !options.allowEmpty) {
    fields.problem(
      'languages',
      'languages must not be an empty array; omit the field to use the default languages',
      'too_short',
    );
    return [];
  }
  const codes: LanguageCode[] = [];
  for (const item of value as string[]) {
    if (!isLanguageCode(item)) {
      fields.problem('languages', unsupportedLanguageMessage(item), 'enum');
    } else if (codes.includes(item)) {
      fields.problem('languages', `languages lists ${item} more than once`, 'value_error');
    } else {
      codes.push(item);
    }
  }
  return codes;
}

/** Reads an optional single code field such as proofread's `source_language`. */
export function readLanguageCode(fields: FieldReader, name: string): LanguageCode | undefined {
  const value = fields.string(name);
  if (value === undefined) return undefined;
  if (!isLanguageCode(value)) {
    fields.problem(name, unsupportedLanguageMessage(value), 'enum');
    return undefined;
  }
  return value;
}
