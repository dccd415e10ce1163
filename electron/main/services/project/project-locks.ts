/**
 * Which client (an Electron window, or a browser tab's WebSocket connection) holds each open
 * project for editing. The first to open a project holds it; any other client gets it read-only
 * until the holder closes it, opens another project, or disconnects (docs/decisions/082-project-lock.md).
 *
 * `window` is an id the page keeps across reloads (sessionStorage): a reloaded tab reconnects
 * as a new client before the old connection's close may have arrived, and must not lock itself
 * out. The lock is a guard against two editors overwriting each other, not a security boundary.
 */
export interface LockHolder {
  client: string;
  window?: string;
}

export type LockOutcome = { held: true } | { held: false; holder: LockHolder };

export class ProjectLocks {
  private readonly byPath = new Map<string, LockHolder>();

  /** Takes the project for `client`, releasing whatever it held before. */
  acquire(path: string, client: string, window?: string): LockOutcome {
    const holder = this.byPath.get(path);
    const same = holder && (holder.client === client || (!!window && holder.window === window));
    if (holder && !same) return { held: false, holder };
    this.release(client);
    if (holder) this.byPath.delete(path);
    this.byPath.set(path, window ? { client, window } : { client });
    return { held: true };
  }

  /** Frees every project `client` holds (window closed, tab disconnected, project closed). */
  release(client: string): void {
    for (const [path, holder] of this.byPath)
      if (holder.client === client) this.byPath.delete(path);
  }

  releasePath(path: string, client: string): void {
    if (this.byPath.get(path)?.client === client) this.byPath.delete(path);
  }

  /** The project `client` holds for editing, or null: jobs it starts are recorded against it. */
  heldBy(client: string): string | null {
    for (const [path, holder] of this.byPath) if (holder.client === client) return path;
    return null;
  }

  holderOf(path: string): LockHolder | null {
    return this.byPath.get(path) ?? null;
  }
}
