import type { ToolRow } from '../../api/capabilities';
import { installHintFor, TOOL_NAMES, TOOL_SPECS, type Toolchain } from '../toolchain';

/** Every tool as the toolchain resolved it: path, version, where it came from, and problems. */
export function toolRows(toolchain: Toolchain): ToolRow[] {
  return TOOL_NAMES.map((name) => {
    const resolution = toolchain.resolve(name);
    return {
      name,
      label: TOOL_SPECS[name].label,
      adds: TOOL_SPECS[name].adds,
      path: resolution.path,
      version: resolution.version,
      source: resolution.source,
      problems: resolution.problems.map((problem) => problem.message),
      install: installHintFor(name),
    };
  });
}
