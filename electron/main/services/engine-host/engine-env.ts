import type { EngineLaunchArgs } from './engine-launcher';

/** Where the engine finds the files shipped beside the app (SoundFont, sample media). */
export const ASSETS_DIR_ENV = 'SOUNDSTAGE_ASSETS_DIR';
/** The engine's key; in the environment because command lines are visible to other users. */
export const ENGINE_KEY_ENV = 'SOUNDSTAGE_ENGINE_KEY';

/** What main knows about the installation that the engine needs, the same for every launcher. */
export interface EngineEnvOptions {
  /**
   * The assets folder: `process.resourcesPath` in the packaged app (electron-builder's
   * extraResources), the repository's `assets/` in development and browser mode.
   */
  assetsDir: string;
  /**
   * Whether the engine may read test faults from its environment (SOUNDSTAGE_ENGINE_FAULTS).
   * Never in a packaged app: a variable set on the user's machine must not make the engine
   * fail, slow down or answer statuses it would not.
   */
  allowFaults?: boolean;
}

/** Test-only switches of the engine (engine/faults), cleared unless faults are allowed. */
export const FAULTS_ENV = 'SOUNDSTAGE_ENGINE_FAULTS';

/**
 * The variables every launcher (utility process, Node child process) adds to the engine's
 * environment. One place, so a new one (e.g. the user's tool paths) reaches both.
 */
export function engineEnvironment(
  args: EngineLaunchArgs,
  options: EngineEnvOptions,
): Record<string, string> {
  const env: Record<string, string> = {
    // What the host adds for this launch (the user's tool paths, TOOL_PATHS_ENV).
    ...args.env,
    [ENGINE_KEY_ENV]: args.key,
    [ASSETS_DIR_ENV]: options.assetsDir,
  };
  if (!options.allowFaults) env[FAULTS_ENV] = '';
  return env;
}
