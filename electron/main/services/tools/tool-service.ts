import type { CapabilityTable } from '../../../../shared/api/capabilities';
import path from 'node:path';
import type { ToolsView } from '../../../../shared/ipc/channels/tools';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import type { Settings, ToolPaths } from '../../../../shared/ipc/settings';
import { toolRows } from '../../../../shared/node/capabilities/tool-rows';
import {
  defaultToolchain,
  identifyTool,
  isToolName,
  TOOL_PATHS_ENV,
  TOOL_SPECS,
  type Toolchain,
  type ToolName,
} from '../../../../shared/node/toolchain';
import type { ApiClient } from '../api-client/api-client';

export interface ToolServiceOptions {
  settings: {
    get(): Settings;
    update(patch: { toolPaths: ToolPaths }): Promise<Result<Settings>>;
  };
  /** The client of the running local engine, or null (not running, or the cloud is chosen). */
  localClient(): ApiClient | null;
  /** Restarts the local engine so it reads the new paths from its environment. */
  restartEngine(): Promise<void>;
  toolchain?: Toolchain;
  /** Checks that a file is the named tool (the toolchain's identifyTool by default). */
  identify?: typeof identifyTool;
}

/**
 * The user's tool paths and what this machine can do with them. Main keeps the paths in
 * settings, applies them to its own toolchain and hands them to the engine in TOOL_PATHS_ENV;
 * the capability table itself comes from the engine, which owns it
 * (docs/decisions/073-capability-table.md).
 */
export class ToolService {
  private readonly toolchain: Toolchain;

  constructor(private readonly options: ToolServiceOptions) {
    this.toolchain = options.toolchain ?? defaultToolchain();
    this.toolchain.configure(knownPaths(options.settings.get().toolPaths));
  }

  /** The engine's environment entry for the paths the user set. */
  engineEnv(): Record<string, string> {
    return { [TOOL_PATHS_ENV]: JSON.stringify(knownPaths(this.options.settings.get().toolPaths)) };
  }

  async view(refresh = false): Promise<ToolsView> {
    const settings = this.options.settings.get();
    if (refresh) this.toolchain.configure(knownPaths(settings.toolPaths));
    const base = { mainTools: toolRows(this.toolchain), toolPaths: settings.toolPaths };
    if (settings.engine.kind !== 'local')
      return {
        ...base,
        engine: 'remote',
        table: null,
        note: 'The cloud service is chosen: it does the work, so nothing here limits what you can run. The tools below are the ones this computer uses for previews and exports.',
      };
    const client = this.options.localClient();
    if (!client)
      return {
        ...base,
        engine: 'local',
        table: null,
        note: 'The local engine is not running yet.',
      };
    // Refresh: the engine looks its tools up again (it reads no settings, only its environment).
    const table = refresh
      ? await client.getLocalCapabilitiesRefreshed()
      : await client.getLocalCapabilities();
    if (!table.ok)
      return {
        ...base,
        engine: 'local',
        table: null,
        note: `The local engine did not say what it can do: ${table.error.message}`,
      };
    return { ...base, engine: 'local', table: table.value, note: null };
  }

  /** The engine's table alone (the Dub batch plan blocks cells it cannot do); null when none. */
  async engineTable(): Promise<CapabilityTable | null> {
    if (this.options.settings.get().engine.kind !== 'local') return null;
    const answer = await this.options.localClient()?.getLocalCapabilities();
    return answer?.ok ? answer.value : null;
  }

  /** Keeps a path only when the file there says it is that tool; null clears it. */
  async setPath(tool: string, toolPath: string | null): Promise<Result<ToolsView>> {
    const field = `toolPaths.${tool}`;
    if (!isToolName(tool)) return fail('invalid_setting', `Unknown tool: ${tool}.`, { field });
    const current = { ...this.options.settings.get().toolPaths };
    if (toolPath === null) {
      delete current[tool];
    } else {
      const checked = this.checkPath(tool, toolPath.trim());
      if (!checked.ok) return checked;
      current[tool] = checked.value;
    }
    const saved = await this.options.settings.update({ toolPaths: current });
    if (!saved.ok) return saved;
    this.toolchain.configure(knownPaths(current));
    await this.options.restartEngine();
    return ok(await this.view());
  }

  private checkPath(tool: ToolName, toolPath: string): Result<string> {
    const field = `toolPaths.${tool}`;
    const label = TOOL_SPECS[tool].label;
    if (!path.isAbsolute(toolPath))
      return fail('invalid_setting', `Give the full path of the ${label} program.`, { field });
    const identified = (this.options.identify ?? identifyTool)(tool, toolPath);
    if (!identified.ok)
      return fail(
        'invalid_setting',
        `${toolPath} cannot be used as ${label} (${tool}): ${identified.reason}. Choose the ${tool} program itself, or clear the field to use the bundled or system copy.`,
        { field },
      );
    return ok(path.normalize(toolPath));
  }
}

/** Only entries naming a known tool reach a toolchain. */
function knownPaths(paths: ToolPaths): Partial<Record<ToolName, string>> {
  return Object.fromEntries(Object.entries(paths).filter(([name]) => isToolName(name))) as Partial<
    Record<ToolName, string>
  >;
}
