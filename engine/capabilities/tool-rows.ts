import type { Capability } from '../../shared/api/capabilities';
import {
  describeMissing,
  installHintFor,
  type Toolchain,
  type ToolName,
} from '../../shared/node/toolchain';

export { toolRows } from '../../shared/node/capabilities/tool-rows';

/** The fix for a missing tool: its install command (when there is one) or a path in Settings. */
export function toolFix(name: ToolName): string {
  const hint = installHintFor(name);
  return hint
    ? `Install it (${hint}) or set its path in Settings, or use the cloud service.`
    : 'Set its path in Settings, or use the cloud service.';
}

/**
 * Available when every tool resolves; otherwise the first missing tool's reason and fix, so a
 * capability never claims to work when one of its programs cannot start.
 */
export function needTools(
  toolchain: Toolchain,
  names: readonly ToolName[],
  via: string,
): Capability {
  for (const name of names) {
    const resolution = toolchain.resolve(name);
    if (resolution.path === null) {
      return {
        available: false,
        via: null,
        reason: describeMissing(resolution, { withFix: false }),
        fix: toolFix(name),
        tools: [...names],
      };
    }
  }
  return { available: true, via, reason: null, fix: null, tools: [...names] };
}
