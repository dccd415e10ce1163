import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { installHintFor, TOOL_SPECS, type ToolName } from './tool-catalog';

/** Where a tool's copy came from, in the order they are tried. */
export type ToolSource = 'setting' | 'bundled' | 'system';

/** A copy that was found but cannot be used, with what to do about it. */
export interface ToolProblem {
  source: ToolSource;
  path: string;
  message: string;
}

export interface ResolvedTool {
  name: ToolName;
  path: string;
  source: ToolSource;
  /** What the tool printed as its version, when it prints one. */
  version: string | null;
  /** Copies tried before this one that could not be used. */
  problems: ToolProblem[];
}

export interface MissingTool {
  name: ToolName;
  path: null;
  source: null;
  version: null;
  problems: ToolProblem[];
}

export type ToolResolution = ResolvedTool | MissingTool;

export interface ToolchainOptions {
  /** Paths the user set in Settings; tried first and never silently replaced. */
  overrides?: Partial<Record<ToolName, string>>;
  platform?: NodeJS.Platform;
  arch?: string;
  /** The PATH to search for system copies (process.env.PATH by default). */
  pathEnv?: string;
  /** Where bundled copies are, by tool, instead of the npm packages (tests). */
  bundledPaths?: Partial<Record<ToolName, string | null>>;
  /** A one-line report of each problem found (once per tool). */
  log?: (line: string) => void;
  /**
   * Tools treated as absent whatever is installed (the engine's test faults use it to run a
   * real engine on a machine "without" a tool, docs/engine-notes.md 7).
   */
  hidden?: readonly ToolName[];
}

/** Thrown by `Toolchain.path` when no usable copy exists. */
export class ToolUnavailableError extends Error {
  constructor(readonly resolution: MissingTool) {
    super(describeMissing(resolution));
    this.name = 'ToolUnavailableError';
  }
}

/**
 * "ffmpeg is not available: … Install it with …" — what a person reads. `withFix: false` leaves
 * out the install advice, for callers that give it beside the reason (the capability table).
 */
export function describeMissing(
  resolution: MissingTool,
  { withFix = true }: { withFix?: boolean } = {},
): string {
  const spec = TOOL_SPECS[resolution.name];
  const hint = installHintFor(resolution.name);
  const tried = resolution.problems.map((problem) => problem.message).join(' ');
  const fix = hint
    ? `Install it (${hint}) or set its path in Settings.`
    : 'Set its path in Settings.';
  return `${spec.label} (${resolution.name}) is not available on this machine. ${tried} ${withFix ? fix : ''}`
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Resolves each external tool to one usable copy, in a fixed order: the path the user set, the
 * copy bundled with the app, then the system's. A copy counts only once it has run and said it
 * is that tool, so a bundled binary with no exec bit, for another CPU, or blocked by the OS is
 * reported (file and fix) and the next copy tried. Results are cached for the process.
 */
export class Toolchain {
  private readonly cache = new Map<ToolName, ToolResolution>();
  private options: ToolchainOptions;

  constructor(options: ToolchainOptions = {}) {
    this.options = options;
  }

  /** Replaces the user-set paths (Settings changed) and forgets what was resolved. */
  configure(overrides: Partial<Record<ToolName, string>>): void {
    this.options = { ...this.options, overrides };
    this.cache.clear();
  }

  /** Treats these tools as absent from now on (test configuration only) and forgets the cache. */
  hide(names: readonly ToolName[]): void {
    this.options = { ...this.options, hidden: [...names] };
    this.cache.clear();
  }

  get hidden(): readonly ToolName[] {
    return [...(this.options.hidden ?? [])];
  }

  get overrides(): Partial<Record<ToolName, string>> {
    return { ...this.options.overrides };
  }

  resolve(name: ToolName): ToolResolution {
    const known = this.cache.get(name);
    if (known) return known;
    const resolution = this.search(name);
    this.cache.set(name, resolution);
    for (const problem of resolution.problems) this.options.log?.(`toolchain: ${problem.message}`);
    return resolution;
  }

  /** The path to start; throws ToolUnavailableError naming the tool and the fix. */
  path(name: ToolName): string {
    const resolution = this.resolve(name);
    if (resolution.path === null) throw new ToolUnavailableError(resolution);
    return resolution.path;
  }

  has(name: ToolName): boolean {
    return this.resolve(name).path !== null;
  }

  private search(name: ToolName): ToolResolution {
    const problems: ToolProblem[] = [];
    if (this.options.hidden?.includes(name))
      return { name, path: null, source: null, version: null, problems };
    const platform = this.options.platform ?? process.platform;
    const override = this.options.overrides?.[name];
    const candidates: { source: ToolSource; path: string }[] = [];
    if (override) candidates.push({ source: 'setting', path: override });
    const bundled =
      this.options.bundledPaths && name in this.options.bundledPaths
        ? this.options.bundledPaths[name]
        : bundledToolPath(name, platform, this.options.arch ?? process.arch);
    if (bundled) candidates.push({ source: 'bundled', path: bundled });
    const system = findOnPath(name, this.options.pathEnv ?? process.env.PATH ?? '', platform);
    if (system) candidates.push({ source: 'system', path: system });

    for (const candidate of candidates) {
      const checked = identifyTool(name, candidate.path, {
        makeExecutable: candidate.source === 'bundled',
      });
      if (checked.ok) return { name, ...candidate, version: checked.version, problems };
      problems.push({ ...candidate, message: problemMessage(name, candidate, checked.reason) });
    }
    return { name, path: null, source: null, version: null, problems };
  }
}

function problemMessage(
  name: ToolName,
  candidate: { source: ToolSource; path: string },
  reason: string,
): string {
  const where = {
    setting: 'The path set in Settings for',
    bundled: 'The bundled',
    system: 'The system',
  }[candidate.source];
  const fix = {
    setting: 'Correct or clear it in Settings.',
    bundled: `Reinstall Soundstage, run \`chmod +x "${candidate.path}"\` if only the exec bit is missing, or set a path in Settings.`,
    system: 'Reinstall it or set a path in Settings.',
  }[candidate.source];
  return `${where} ${name} (${candidate.path}) cannot be used: ${reason}. ${fix}`;
}

export type Identified = { ok: true; version: string | null } | { ok: false; reason: string };

/**
 * Runs the tool's identify arguments and checks that the output is this tool's. Used for every
 * copy before it is trusted, and by Settings to refuse a path that is some other program.
 */
export function identifyTool(
  name: ToolName,
  path: string,
  { makeExecutable = false }: { makeExecutable?: boolean } = {},
): Identified {
  const spec = TOOL_SPECS[name];
  try {
    if (!statSync(path).isFile()) return { ok: false, reason: 'it is not a file' };
  } catch {
    return { ok: false, reason: 'there is no file there' };
  }
  if (process.platform !== 'win32' && !isExecutable(path)) {
    if (!makeExecutable) return { ok: false, reason: 'it is not executable' };
    // npm does not run the packages' own `chmod u+x` install scripts unless approved.
    try {
      chmodSync(path, statSync(path).mode | 0o111);
    } catch {
      return { ok: false, reason: 'it is not executable and its mode cannot be changed' };
    }
  }
  const run = spawnSync(path, [...spec.identifyArgs], {
    encoding: 'utf8',
    timeout: 20_000,
    windowsHide: true,
    maxBuffer: 4 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.error) return { ok: false, reason: startFailure(run.error as NodeJS.ErrnoException) };
  if (run.signal)
    return { ok: false, reason: `it was stopped by ${run.signal} (blocked by the system?)` };
  const match = spec.identifyPattern.exec(`${run.stdout}\n${run.stderr}`);
  if (!match) return { ok: false, reason: `it does not identify itself as ${name}` };
  return { ok: true, version: match[1] ?? null };
}

function startFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EACCES':
      return 'it is not allowed to run (no exec permission)';
    case 'ENOEXEC':
      return 'it is built for another system or CPU';
    case 'ENOENT':
      return 'it or a library it needs is missing';
    case 'ETIMEDOUT':
      return 'it did not answer within 20 s';
    default:
      return `it could not start (${error.code ?? error.message})`;
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The binary inside the npm package that carries this platform's build, or null. Inside a
 * packaged app the package sits in app.asar, which cannot be executed from: the same path under
 * app.asar.unpacked is used (electron-builder.yml unpacks these packages).
 */
export function bundledToolPath(name: ToolName, platform: string, arch: string): string | null {
  const packageName = TOOL_SPECS[name].bundledPackages?.[`${platform}-${arch}`];
  if (!packageName) return null;
  try {
    const manifest = packageRequire().resolve(`${packageName}/package.json`);
    const binary = join(dirname(manifest), platform === 'win32' ? `${name}.exe` : name);
    return binary.replace(`${sep}app.asar${sep}`, `${sep}app.asar.unpacked${sep}`);
  } catch {
    return null;
  }
}

function packageRequire(): NodeRequire {
  // CommonJS bundles (main) have __filename; ES modules (engine bundle, tsx, vitest) have
  // import.meta.url. Either way packages resolve from the app's node_modules.
  const here = typeof __filename === 'string' ? pathToFileURL(__filename).href : import.meta.url;
  return createRequire(here);
}

/** Folders a GUI app on macOS does not get on PATH but where Homebrew puts tools. */
const DARWIN_EXTRA_DIRS = ['/opt/homebrew/bin', '/usr/local/bin'];

/** The first executable file called `name` on PATH (with .exe/.com on Windows), or null. */
export function findOnPath(name: string, pathEnv: string, platform: string): string | null {
  const dirs = pathEnv.split(platform === 'win32' ? ';' : delimiter).filter(Boolean);
  if (platform === 'darwin') dirs.push(...DARWIN_EXTRA_DIRS.filter((dir) => !dirs.includes(dir)));
  const names = platform === 'win32' ? [`${name}.exe`, `${name}.com`] : [name];
  for (const dir of dirs) {
    for (const file of names) {
      const candidate = join(dir, file);
      try {
        if (!statSync(candidate).isFile()) continue;
      } catch {
        continue;
      }
      if (platform === 'win32' || isExecutable(candidate)) return candidate;
    }
  }
  return null;
}
