import { useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../bridge/invoke';
import { Button } from '../../ui/Button';
import { useBatchList } from './batch-list-store';
import {
  deleteBatchEntry,
  duplicateShownBatch,
  newBatch,
  renameBatchEntry,
} from './batch-list-actions';
import { switchBatch } from './batch-project';

type Busy = 'new' | 'duplicate' | 'switch' | 'delete' | null;

/**
 * The batches, one project each: pick one to show it (the others' queues keep running in main),
 * create, duplicate, rename and delete (refused with the reason while requests run).
 */
export function BatchList() {
  const list = useBatchList((s) => s.list);
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);

  const run = (what: Busy, work: () => Promise<string | null | unknown>) => {
    if (busy) return;
    setBusy(what);
    setMessage(null);
    work()
      .then((refusal) => setMessage(typeof refusal === 'string' ? refusal : null))
      .catch((cause: unknown) => setMessage(errorMessage(cause)))
      .finally(() => setBusy(null));
  };
  const finishRename = () => {
    if (!renaming) return;
    const refusal = renameBatchEntry(renaming.id, renaming.name);
    setMessage(refusal);
    if (!refusal) setRenaming(null);
  };
  const onRenameKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') finishRename();
    if (event.key === 'Escape') setRenaming(null);
  };

  return (
    <nav className="dub-batches" aria-label="Batches">
      <ul className="dub-batches__list" data-testid="dub-batch-list">
        {list.batches.map((batch) => {
          const active = batch.id === list.activeId;
          return (
            <li
              key={batch.id}
              className={`dub-batches__item${active ? ' dub-batches__item--active' : ''}`}
              data-testid="dub-batch"
              data-batch-id={batch.id}
              data-active={active ? 'true' : 'false'}
            >
              {renaming?.id === batch.id ? (
                <input
                  className="input dub-batches__rename"
                  aria-label={`New name for ${batch.name}`}
                  value={renaming.name}
                  autoFocus
                  onChange={(e) => setRenaming({ id: batch.id, name: e.target.value })}
                  onKeyDown={onRenameKey}
                  onBlur={finishRename}
                />
              ) : (
                <button
                  type="button"
                  className="dub-batches__pick"
                  aria-current={active ? 'true' : undefined}
                  onClick={() => run('switch', () => switchBatch(batch.id))}
                >
                  {batch.name}
                </button>
              )}
              <Button
                size="small"
                variant="ghost"
                aria-label={`Rename ${batch.name}`}
                data-testid="dub-batch-rename"
                onClick={() => setRenaming({ id: batch.id, name: batch.name })}
              >
                Rename
              </Button>
              <Button
                size="small"
                variant="ghost"
                aria-label={`Delete ${batch.name}`}
                data-testid="dub-batch-delete"
                busy={busy === 'delete'}
                onClick={() => run('delete', () => deleteBatchEntry(batch.id))}
              >
                Delete
              </Button>
            </li>
          );
        })}
      </ul>
      <div className="row">
        <Button
          size="small"
          data-testid="dub-batch-new"
          busy={busy === 'new'}
          onClick={() => run('new', () => newBatch('Dub batch'))}
        >
          New batch
        </Button>
        <Button
          size="small"
          data-testid="dub-batch-duplicate"
          busy={busy === 'duplicate'}
          title="Same languages, options and rows; nothing of it has run"
          onClick={() => run('duplicate', () => duplicateShownBatch())}
        >
          Duplicate
        </Button>
      </div>
      {message && (
        <p className="small dub-error" role="alert" data-testid="dub-batch-message">
          {message}
        </p>
      )}
    </nav>
  );
}
