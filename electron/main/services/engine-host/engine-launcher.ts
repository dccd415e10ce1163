/**
 * How the engine process is started is injected: browser mode and tests spawn a Node child
 * process (child-process-launcher.ts); Electron uses a utilityProcess adapter.
 */
export interface EngineLaunchArgs {
  dataDir: string;
  key: string;
  port: 0;
  /** Extra environment for the engine (the user's tool paths, TOOL_PATHS_ENV). */
  env?: Record<string, string>;
}

export type EngineReady = { ok: true; url: string } | { ok: false; message: string };

export interface EngineExit {
  code: number | null;
  signal: string | null;
}

export interface EngineProcess {
  /** The OS process id, when the adapter knows it (diagnostics and tests). */
  readonly pid?: number;
  /** Settles once: the URL the engine listens on, or why it did not start. */
  readonly ready: Promise<EngineReady>;
  /** Called once when the process ends, whether asked to or not. */
  onExit(listener: (exit: EngineExit) => void): void;
  /** Ends the process and resolves once it is gone. */
  stop(): Promise<void>;
}

export interface EngineLauncher {
  launch(args: EngineLaunchArgs): EngineProcess;
}

/** The line the engine CLI prints once it listens (engine/cli.ts). */
export const LISTENING_LINE = /Soundstage engine listening on (http:\/\/127\.0\.0\.1:\d+)/;
