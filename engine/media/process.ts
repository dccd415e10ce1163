import {
  isToolName,
  runTool as runToolchainTool,
  type ToolRun,
  type ToolRunOptions,
} from '../../shared/node/toolchain';

export { lastErrorLine, type ToolRun } from '../../shared/node/toolchain';

/**
 * @deprecated Import `runTool` from shared/node/toolchain. Kept only so engine/speech/tts.ts,
 * which still passes the tool's name as a plain string, builds until it moves to the toolchain;
 * delete this file then. Anything that is not a known tool name is refused, never started.
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: Pick<ToolRunOptions, 'signal' | 'stdin' | 'maxStderrChars'> = {},
): Promise<ToolRun> {
  if (!isToolName(command))
    return Promise.resolve({
      code: null,
      stdout: Buffer.alloc(0),
      stderr: `${command} is not a tool the toolchain knows`,
      aborted: false,
      unavailable: true,
    });
  return runToolchainTool(command, args, options);
}
