/** Fans main's push events out to every connected page. */
export function createEventHub() {
  const listeners = new Set<(channel: string, payload: unknown) => void>();
  return {
    emit(channel: string, payload: unknown): void {
      for (const listener of listeners) listener(channel, payload);
    },
    subscribe(listener: (channel: string, payload: unknown) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
