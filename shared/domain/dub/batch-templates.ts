import { z } from 'zod';
import { LANGUAGE_CODES } from '../../api/languages';

/**
 * Saved starting points for new batches: a template keeps languages and options, a language
 * preset only a named set of languages (the options then stay at their defaults).
 */
export const batchTemplateSchema = z.object({
  id: z.string().min(1).max(100),
  kind: z.enum(['template', 'preset']),
  name: z.string().min(1).max(200),
  languages: z.array(z.enum(LANGUAGE_CODES)).min(1).max(LANGUAGE_CODES.length),
  options: z
    .object({ ducking: z.boolean(), lipsync: z.boolean(), exportSrt: z.boolean() })
    .optional(),
});
export type BatchTemplate = z.infer<typeof batchTemplateSchema>;

const storedSchema = z.array(z.unknown());

/** Reads stored templates, keeping every one that still parses (a bad one is dropped alone). */
export function readTemplates(stored: unknown): BatchTemplate[] {
  const list = storedSchema.safeParse(stored);
  if (!list.success) return [];
  return list.data.flatMap((item) => {
    const parsed = batchTemplateSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export type TemplateChange = { ok: true; list: BatchTemplate[] } | { ok: false; reason: string };

/** Adds a template or preset; a name already used by one of the same kind replaces it. */
export function saveTemplate(
  list: readonly BatchTemplate[],
  template: BatchTemplate,
): TemplateChange {
  const name = template.name.trim();
  if (!name) return { ok: false, reason: 'Give it a name first.' };
  if (template.languages.length === 0)
    return { ok: false, reason: 'Pick at least one language first: there is nothing to save.' };
  const kept = list.filter(
    (t) => !(t.kind === template.kind && t.name.toLowerCase() === name.toLowerCase()),
  );
  return { ok: true, list: [...kept, { ...template, name }] };
}
