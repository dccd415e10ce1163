import type { GlossaryRules } from './glossary';

/**
 * The glossary as CSV (RFC 4180: comma separated, fields with commas, quotes or line breaks in
 * double quotes, a quote inside doubled). Header: `term,<lang>,<lang>…,keep`; one row per term
 * with its required rendering per language, and do-not-translate words as rows with `keep` set
 * to `yes` (their other cells empty).
 */
type Glossary = {
  terms: { source: string; targets: Record<string, string> }[];
  doNotTranslate: string[];
};

const quote = (field: string) =>
  /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;

export function glossaryToCsv(glossary: GlossaryRules): string {
  const languages = [...new Set(glossary.terms.flatMap((t) => Object.keys(t.targets)))].sort();
  const lines = [['term', ...languages, 'keep']];
  for (const term of glossary.terms)
    lines.push([term.source, ...languages.map((code) => term.targets[code] ?? ''), '']);
  for (const word of glossary.doNotTranslate) lines.push([word, ...languages.map(() => ''), 'yes']);
  return lines.map((fields) => fields.map(quote).join(',')).join('\r\n') + '\r\n';
}

/** Records of an RFC 4180 text, each with the line it starts on; or the line where it breaks. */
export function parseCsv(
  text: string,
):
  | { ok: true; rows: { line: number; fields: string[] }[] }
  | { ok: false; line: number; message: string } {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let quoted = false;
  let wasQuoted = false;
  const endRow = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !wasQuoted))
      rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
    wasQuoted = false;
  };
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field !== '' || wasQuoted)
        return {
          ok: false,
          line,
          message:
            'A quote in the middle of a field: put the whole field in quotes and double the quote.',
        };
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      wasQuoted = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      if (wasQuoted)
        return { ok: false, line, message: 'Text after a closing quote: a comma must follow it.' };
      field += char;
    }
  }
  if (quoted) return { ok: false, line: rowLine, message: 'A quoted field is never closed.' };
  if (field !== '' || fields.length > 0 || wasQuoted) endRow();
  return { ok: true, rows };
}

const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * Reads a glossary CSV written by glossaryToCsv (or by hand, or a spreadsheet). All or nothing:
 * the first bad row is reported with its line number and nothing is imported.
 */
export function glossaryFromCsv(
  text: string,
): { ok: true; glossary: Glossary } | { ok: false; line: number; message: string } {
  const parsed = parseCsv(text);
  if (!parsed.ok) return parsed;
  const [header, ...rows] = parsed.rows;
  if (!header)
    return {
      ok: false,
      line: 1,
      message: 'The file is empty: expected a header "term,<language>…,keep".',
    };
  const names = header.fields.map((f) => f.trim());
  if (names[0]?.toLowerCase() !== 'term')
    return { ok: false, line: header.line, message: 'The first column must be "term".' };
  const keepAt = names.findIndex((n) => n.toLowerCase() === 'keep');
  const languageColumns = names
    .map((name, index) => ({ name, index }))
    .filter((c) => c.index > 0 && c.index !== keepAt);
  const bad = languageColumns.find((c) => !LANGUAGE.test(c.name));
  if (bad)
    return {
      ok: false,
      line: header.line,
      message: `Column "${bad.name}" is not a language code (like es or pt-BR).`,
    };
  const glossary: Glossary = { terms: [], doNotTranslate: [] };
  for (const row of rows) {
    if (row.fields.length !== names.length)
      return {
        ok: false,
        line: row.line,
        message: `Expected ${names.length} fields, found ${row.fields.length}.`,
      };
    const term = row.fields[0]!.trim();
    if (!term) return { ok: false, line: row.line, message: 'The term is empty.' };
    if (term.length > 200 || row.fields.some((f) => f.length > 200))
      return { ok: false, line: row.line, message: 'A field is longer than 200 characters.' };
    const keep = keepAt >= 0 ? row.fields[keepAt]!.trim().toLowerCase() : '';
    if (keep && !['yes', 'no', 'true', 'false', '1', '0', 'x'].includes(keep))
      return { ok: false, line: row.line, message: `"keep" must be yes or empty, not "${keep}".` };
    if (['yes', 'true', '1', 'x'].includes(keep)) {
      glossary.doNotTranslate.push(term);
      continue;
    }
    const targets: Record<string, string> = {};
    for (const column of languageColumns) {
      const value = row.fields[column.index]!.trim();
      if (value) targets[column.name] = value;
    }
    if (Object.keys(targets).length === 0)
      return {
        ok: false,
        line: row.line,
        message: `"${term}" has no rendering in any language and is not marked keep.`,
      };
    glossary.terms.push({ source: term, targets });
  }
  return { ok: true, glossary };
}
