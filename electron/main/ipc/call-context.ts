/**
 * Who is asking: an Electron window (`window-<webContents id>`) or a browser-mode connection.
 * Main keeps per-client state only for projects (which one each client holds, project-locks.ts).
 */
export interface CallContext {
  client: string;
}

/** The client of callers that do not say (tests, and the single window of older wiring). */
export const DEFAULT_CLIENT = 'default';
export const DEFAULT_CONTEXT: CallContext = { client: DEFAULT_CLIENT };
