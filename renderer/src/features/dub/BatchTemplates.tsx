import { useState } from 'react';
import { create } from 'zustand';
import { LANGUAGE_NAMES } from '../../../../shared/api/languages';
import { readTemplates, saveTemplate, type BatchTemplate } from '../../../../shared/domain/dub';
import { errorMessage } from '../../bridge/invoke';
import { Button } from '../../ui/Button';
import { useDubBatch } from './batch-store';
import { newBatch } from './batch-list-actions';
import { newBatchId } from './batch-list-store';

const TEMPLATES_KEY = 'soundstage.dub.templates';
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

const useTemplates = create<{ list: BatchTemplate[]; commit(list: BatchTemplate[]): void }>()(
  (set) => ({
    list: (() => {
      try {
        return readTemplates(JSON.parse(storage()?.getItem(TEMPLATES_KEY) ?? '[]'));
      } catch {
        return [];
      }
    })(),
    commit: (list) => {
      try {
        storage()?.setItem(TEMPLATES_KEY, JSON.stringify(list));
      } catch {
        // Kept for this session; the next save tries again.
      }
      set({ list });
    },
  }),
);

/**
 * Templates (languages + options) and language presets: saved from the shown batch, applied by
 * starting a new batch from one, deleted here.
 */
export function BatchTemplates() {
  const templates = useTemplates((s) => s.list);
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = (kind: BatchTemplate['kind']) => {
    const { languages, ducking, lipsync, exportSrt } = useDubBatch.getState();
    const template: BatchTemplate = { id: newBatchId(), kind, name, languages: [...languages] };
    if (kind === 'template') template.options = { ducking, lipsync, exportSrt };
    const { list, commit } = useTemplates.getState();
    const changed = saveTemplate(list, template);
    if (!changed.ok) return setMessage(changed.reason);
    commit(changed.list);
    setName('');
    setMessage(`Saved ${kind === 'template' ? 'template' : 'language preset'} “${name.trim()}”.`);
  };
  const apply = (template: BatchTemplate) => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    newBatch(template.name, { languages: template.languages, ...template.options })
      .catch((cause: unknown) => setMessage(errorMessage(cause)))
      .finally(() => setBusy(false));
  };
  const remove = (id: string) => {
    const { list, commit } = useTemplates.getState();
    commit(list.filter((t) => t.id !== id));
  };

  return (
    <details className="dub-templates" data-testid="dub-templates">
      <summary>Templates and language presets ({templates.length})</summary>
      <div className="row">
        <input
          className="input"
          aria-label="Name for a template or preset"
          placeholder="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button size="small" data-testid="dub-template-save" onClick={() => save('template')}>
          Save as template
        </Button>
        <Button size="small" data-testid="dub-preset-save" onClick={() => save('preset')}>
          Save languages as preset
        </Button>
      </div>
      <ul className="dub-templates__list" data-testid="dub-template-list">
        {templates.map((template) => (
          <li key={template.id} data-testid="dub-template" data-kind={template.kind}>
            <span>
              <strong>{template.name}</strong>{' '}
              <span className="small faint">
                {template.kind === 'template' ? 'template' : 'preset'}:{' '}
                {template.languages.map((code) => LANGUAGE_NAMES[code]).join(', ')}
              </span>
            </span>
            <Button
              size="small"
              data-testid="dub-template-apply"
              busy={busy}
              aria-label={`New batch from ${template.name}`}
              onClick={() => apply(template)}
            >
              New batch from it
            </Button>
            <Button
              size="small"
              variant="ghost"
              data-testid="dub-template-delete"
              aria-label={`Delete ${template.name}`}
              onClick={() => remove(template.id)}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
      {message && (
        <p className="small" role="status">
          {message}
        </p>
      )}
    </details>
  );
}
