/**
 * Where the live stream player was when its take finished, so the finished take can carry on
 * playing from the same spot instead of stopping the listener.
 */
export interface StreamHandoff {
  time: number;
  playing: boolean;
}

const handoffs = new Map<string, StreamHandoff>();

export function leaveStream(jobId: string, handoff: StreamHandoff): void {
  handoffs.set(jobId, handoff);
}

/** Takes the handoff once. */
export function takeHandoff(jobId: string): StreamHandoff | undefined {
  const handoff = handoffs.get(jobId);
  handoffs.delete(jobId);
  return handoff;
}
