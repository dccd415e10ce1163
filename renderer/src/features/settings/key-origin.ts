import type { EngineChoice, KeyStatus } from '../../../../shared/ipc/settings';
import { originOf } from './base-url';

/**
 * Why the stored key will not be used with the chosen service, in the user's words, or null.
 * Main sends a key only to the origin it was verified for; this says so before a request fails.
 */
export function keyOriginMismatch(key: KeyStatus | undefined, engine: EngineChoice): string | null {
  if (!key?.configured || engine.kind !== 'custom') return null;
  const wanted = originOf(engine.baseUrl);
  if (!wanted) return null;
  if (!key.origin)
    return `This key was saved before keys were tied to a service; enter it again to verify it for ${wanted}.`;
  if (key.origin === wanted) return null;
  return `This key was verified for ${key.origin}; enter a key for ${wanted}.`;
}
