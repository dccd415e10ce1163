import { useSyncExternalStore } from 'react';
import { connectionInfo, hostLink, onConnectionChange } from './api';
import type { ConnectionInfo } from './ws-bridge';

/** The live connection state to main (always open in Electron). */
export function useConnection(): ConnectionInfo & { mode: 'electron' | 'browser' | 'no-host' } {
  const info = useSyncExternalStore(onConnectionChange, connectionInfo);
  return { ...info, mode: hostLink().mode };
}
