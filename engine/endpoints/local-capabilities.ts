import type { ServerResponse } from 'node:http';
import { LOCAL_CAPABILITIES_PATH } from '../../shared/api/capabilities';
import type { EngineCore } from '../server/engine-core';
import { sendJson } from '../server/respond';

/** The local engine's own route (not in the service's API): docs/engine-notes.md 7. */
export const CAPABILITIES_PATH = LOCAL_CAPABILITIES_PATH;

/**
 * GET /v1/local/capabilities: the capability table, computed at start and cached;
 * `?refresh=1` looks every tool up again first (a tool was installed or a path set).
 */
export async function handleCapabilities(
  res: ServerResponse,
  core: EngineCore,
  url: URL,
): Promise<void> {
  const refresh = ['1', 'true'].includes(url.searchParams.get('refresh') ?? '');
  const table = await (refresh ? core.capabilities.refresh() : core.capabilities.current());
  sendJson(res, 200, table);
}
