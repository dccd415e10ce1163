import { useState } from 'react';
import type { ToolRow as ToolRowData } from '../../../../shared/api/capabilities';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { useSetToolPath } from '../../editor/capabilities/use-capabilities';

const SOURCE_WORDS = { setting: 'your path', bundled: 'bundled', system: 'system' } as const;

/**
 * One tool: the copy in use (where it came from, version, problems, install command) and the
 * path the user may set. Main checks the file is that tool and answers at the field.
 */
export function ToolRow({ tool, setPath }: { tool: ToolRowData; setPath: string | undefined }) {
  const mutation = useSetToolPath();
  const [draft, setDraft] = useState(setPath ?? '');
  const [shown, setShown] = useState(setPath);
  if (shown !== setPath) {
    setShown(setPath);
    setDraft(setPath ?? '');
  }
  const inputId = `tool-path-${tool.name}`;
  const errorId = `${inputId}-error`;
  const error =
    mutation.error && mutation.error.field === `toolPaths.${tool.name}`
      ? mutation.error.message
      : mutation.error?.message;
  const trimmed = draft.trim();

  return (
    <tr data-testid="tool-row" data-tool={tool.name} data-source={tool.source ?? 'missing'}>
      <th scope="row">
        <span className="tools-table__name">{tool.label}</span>
        <code className="tools-table__code">{tool.name}</code>
        <span className="tools-table__adds">{tool.adds}</span>
      </th>
      <td>
        {tool.source ? (
          <Badge tone={tool.source === 'setting' ? 'accent' : 'ok'}>
            {SOURCE_WORDS[tool.source]}
          </Badge>
        ) : (
          <Badge tone="warn">not found</Badge>
        )}
        {tool.version && <span className="tools-table__version">{tool.version}</span>}
        {tool.path && <code className="tools-table__path">{tool.path}</code>}
        {tool.problems.map((problem) => (
          <span key={problem} className="tools-table__problem">
            {problem}
          </span>
        ))}
        {!tool.path && tool.install && (
          <span className="tools-table__install">
            Install: <code>{tool.install}</code>
          </span>
        )}
      </td>
      <td>
        <form
          className="tools-table__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (trimmed) mutation.mutate({ tool: tool.name, path: trimmed });
          }}
        >
          <label className="field__label" htmlFor={inputId}>
            Path for {tool.label}
          </label>
          <input
            id={inputId}
            className="input tools-table__input"
            data-testid="tool-path-input"
            spellCheck={false}
            placeholder="/full/path/to/program"
            value={draft}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
          {error && (
            <span className="field__error" id={errorId} role="alert" data-testid="tool-path-error">
              {error}
            </span>
          )}
          <span className="row">
            <Button
              type="submit"
              disabled={!trimmed || trimmed === setPath}
              busy={mutation.isPending && mutation.variables?.path !== null}
            >
              Use this path
            </Button>
            {setPath && (
              <Button
                type="button"
                onClick={() => mutation.mutate({ tool: tool.name, path: null })}
                busy={mutation.isPending && mutation.variables?.path === null}
              >
                Clear
              </Button>
            )}
          </span>
        </form>
      </td>
    </tr>
  );
}
