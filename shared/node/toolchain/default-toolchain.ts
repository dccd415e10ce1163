import { Toolchain } from './resolve';
import { isToolName, type ToolName } from './tool-catalog';

/**
 * Environment variable carrying the user's tool paths (a JSON object, tool name → path) from
 * main to the engine process, so both resolve the same copies.
 */
export const TOOL_PATHS_ENV = 'SOUNDSTAGE_TOOL_PATHS';

let shared: Toolchain | null = null;

/** The process's toolchain: user paths from SOUNDSTAGE_TOOL_PATHS, problems logged to stderr. */
export function defaultToolchain(): Toolchain {
  shared ??= new Toolchain({
    overrides: toolPathsFromEnv(process.env[TOOL_PATHS_ENV]),
    log: (line) => console.error(line),
  });
  return shared;
}

/**
 * Replaces the process's toolchain (null goes back to the one built from the environment).
 * Tests use it to run the real engine with some tools hidden, e.g. a Toolchain whose pathEnv
 * is empty: only the bundled ffmpeg and ffprobe remain, as on a machine without Debian's tools.
 */
export function useDefaultToolchain(toolchain: Toolchain | null): void {
  shared = toolchain;
}

/** Reads SOUNDSTAGE_TOOL_PATHS; anything that is not a tool name with a string path is ignored. */
export function toolPathsFromEnv(value: string | undefined): Partial<Record<ToolName, string>> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([name, path]) => isToolName(name) && typeof path === 'string' && path.length > 0,
      ),
    ) as Partial<Record<ToolName, string>>;
  } catch {
    return {};
  }
}

/** The path of a tool in this process's toolchain; throws a message naming the fix. */
export function toolPath(name: ToolName): string {
  return defaultToolchain().path(name);
}
