/** Delays between reconnect attempts: quick at first, then capped so a host restart is caught soon. */
export const RECONNECT_BASE_MS = 250;
export const RECONNECT_MAX_MS = 5000;

/** Delay before reconnect attempt `attempt` (0-based); `jitter` in [0,1) spreads reconnecting tabs. */
export function reconnectDelay(attempt: number, jitter = 0): number {
  const exponential = RECONNECT_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 10));
  const capped = Math.min(RECONNECT_MAX_MS, exponential);
  return Math.round(capped * (1 + 0.2 * jitter));
}
