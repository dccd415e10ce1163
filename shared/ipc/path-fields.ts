/**
 * Which request fields of an IPC channel name a path on disk, and the rule main applies to each
 * before the handler runs (electron/main/ipc/path-rules.ts). Every channel that names a path
 * declares it beside its schema in the contract, and a test walks the contract so a new channel
 * cannot forget (docs/decisions/077-paths-declared-in-the-contract.md).
 */
export type PathRule =
  /** An existing file or folder the app may read: picked, dropped, written by the app, or in the project folder. */
  | 'read'
  /** The same, or an http(s) URL that the service fetches itself. */
  | 'read-or-url'
  /** Only a file the user picked or the app wrote (opened with the system's default app). */
  | 'open'
  /** A folder main writes into, which may not exist yet: it or its parent must be readable. */
  | 'folder'
  /** The project folder itself: the handler applies the project-folder rule (system, home…). */
  | 'project-folder'
  /**
   * A program the user points a tool at: an absolute path to an existing regular file that is
   * already executable (the app never sets the exec bit on it, so a file the page uploaded
   * cannot become one); the handler then checks it is that tool before keeping it.
   */
  | 'executable'
  /** A file main creates or replaces: its folder must be readable, and an existing file there must have one of these extensions. */
  | { create: readonly string[] };

/**
 * Field selectors: `path` (a field), `videos[]` (each item of an array), `scripts[].path` (a
 * field of each item), `files{}` (each value of a record).
 */
export type PathFields = Readonly<Record<string, PathRule>>;

/** Every string a selector names in a request, with a setter that replaces it. */
export interface SelectedPath {
  value: string;
  /** The field to name in an error: a record's key (`files{}`), else the selector's field. */
  field: string;
  set: (next: string) => void;
}

export function selectPaths(request: unknown, selector: string): SelectedPath[] {
  const found: SelectedPath[] = [];
  const field = selector.replace(/\[\]|\{\}/g, '');
  const walk = (
    node: unknown,
    steps: string[],
    set: (next: string) => void,
    named = field,
  ): void => {
    if (steps.length === 0) {
      if (typeof node === 'string') found.push({ value: node, field: named, set });
      return;
    }
    const [step, ...rest] = steps as [string, ...string[]];
    if (node === null || typeof node !== 'object') return;
    const container = node as Record<string, unknown>;
    const each = step.endsWith('[]') ? 'array' : step.endsWith('{}') ? 'record' : null;
    const key = each ? step.slice(0, -2) : step;
    const child = container[key];
    if (!each) {
      walk(child, rest, (next) => (container[key] = next), named);
      return;
    }
    if (each === 'array' && Array.isArray(child)) {
      child.forEach((item, index) => walk(item, rest, (next) => (child[index] = next), named));
    } else if (each === 'record' && child && typeof child === 'object') {
      const record = child as Record<string, unknown>;
      for (const name of Object.keys(record))
        walk(record[name], rest, (next) => (record[name] = next), name);
    }
  };
  walk(request, selector.split('.'), () => undefined);
  return found;
}
