import { describe, expect, it } from 'vitest';
import { readTemplates, saveTemplate, type BatchTemplate } from './batch-templates';

const romance: BatchTemplate = {
  id: 't1',
  kind: 'template',
  name: 'Romance',
  languages: ['es', 'fr', 'it'],
  options: { ducking: true, lipsync: false, exportSrt: true },
};

describe('batch templates', () => {
  it('reads what it stored and drops only entries that no longer parse', () => {
    const read = readTemplates([
      romance,
      { id: 'x', kind: 'preset', name: 'Bad', languages: ['xx'] },
    ]);
    expect(read).toEqual([romance]);
    expect(readTemplates('junk')).toEqual([]);
  });

  it('replaces a template of the same kind and name, keeps a preset of that name', () => {
    const preset: BatchTemplate = { id: 'p1', kind: 'preset', name: 'romance', languages: ['es'] };
    const first = saveTemplate([romance], preset);
    expect(first.ok && first.list).toHaveLength(2);
    const again = saveTemplate([romance], { ...romance, id: 't2', languages: ['pt'] });
    expect(again.ok && again.list.map((t) => [t.id, t.languages])).toEqual([['t2', ['pt']]]);
  });

  it('refuses an empty name or no languages, saying what to do', () => {
    expect(saveTemplate([], { ...romance, name: ' ' })).toEqual({
      ok: false,
      reason: 'Give it a name first.',
    });
    expect(saveTemplate([], { ...romance, languages: [] }).ok).toBe(false);
  });
});
