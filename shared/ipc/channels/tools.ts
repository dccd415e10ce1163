import { z } from 'zod';
import { capabilityTableSchema, toolRowSchema } from '../../api/capabilities';
import { toolPathsSchema } from '../settings';

/**
 * Settings' "Tools and offline capabilities": the engine's capability table, main's own tools
 * (main probes, draws waveforms and exports with them), and the paths the user set
 * (docs/engine-notes.md 7, docs/decisions/073-capability-table.md).
 */
export const toolsViewSchema = z.object({
  engine: z.enum(['local', 'remote']),
  /** The local engine's table; null with the cloud service or while the engine is not running. */
  table: capabilityTableSchema.nullable(),
  /** Why there is no table, in words. */
  note: z.string().nullable(),
  mainTools: z.array(toolRowSchema),
  toolPaths: toolPathsSchema,
});
export type ToolsView = z.infer<typeof toolsViewSchema>;

export const toolsChannels = {
  /** The view above; `refresh` makes the engine and main look every tool up again. */
  'tools:capabilities': {
    request: z.object({ refresh: z.boolean().default(false) }).strict(),
    response: toolsViewSchema,
  },
  /**
   * Sets (or with `path: null` clears) the path of one tool. Main refuses a file that does not
   * identify itself as that tool (error field `toolPaths.<tool>`); a kept path applies to main at
   * once and to the engine, which is restarted with it.
   */
  'tools:setPath': {
    paths: { path: 'executable' },
    request: z
      .object({ tool: z.string().min(1).max(64), path: z.string().min(1).max(4096).nullable() })
      .strict(),
    response: toolsViewSchema,
  },
} as const;
