import {
  eventChannels,
  type ChannelRequest,
  type ChannelResponse,
  type EventChannel,
  type EventPayload,
  type RequestChannel,
} from '../../../shared/ipc/contract';
import type { SoundstageApi } from '../../../shared/ipc/bridge';
import type { IpcError, Result } from '../../../shared/ipc/result';
import { decodeStreamChunkFrame, STREAM_CHUNK_CHANNEL } from '../../../shared/ipc/stream-frame';
import { wsServerMessageSchema, type WsClientMessage } from '../../../shared/ipc/ws-protocol';
import { reconnectDelay } from './backoff';
import { PendingRequests, readWireResult } from './pending-requests';

/** The part of the browser WebSocket the bridge uses (the `ws` package offers the same in tests). */
export interface SocketLike {
  readonly readyState: number;
  /** Set to 'arraybuffer' so a binary frame arrives as bytes (a browser's default is a Blob). */
  binaryType: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'stopped';
export interface ConnectionInfo {
  state: ConnectionState;
  /** Failed attempts since the socket was last open. */
  failures: number;
  /** True on an open that follows a drop: cached server state may be stale. */
  reopened: boolean;
}

export interface WsBridgeOptions {
  url: string;
  createSocket: (url: string) => SocketLike;
  /** How long a request waits for the socket to open before it fails. */
  connectWaitMs?: number;
  /** A socket still not open after this long is dropped and tried again (a silent server). */
  openTimeoutMs?: number;
  random?: () => number;
}

export const DISCONNECTED_CODE = 'disconnected';
const NOT_CONNECTED: IpcError = {
  code: DISCONNECTED_CODE,
  message:
    'Not connected to the Soundstage host. It may have stopped; the app keeps trying to reconnect.',
  retryable: true,
};
const DROPPED: IpcError = {
  code: DISCONNECTED_CODE,
  message:
    'The connection to the Soundstage host dropped before it answered. The request may or may not have been carried out; check Jobs before sending it again.',
  retryable: false,
};

/** Browser mode: the IPC contract over one WebSocket, reconnecting with backoff. */
export class WsBridge implements SoundstageApi {
  readonly shell = 'browser' as const;
  private socket: SocketLike | null = null;
  private info: ConnectionInfo = { state: 'connecting', failures: 0, reopened: false };
  private everOpened = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly pending = new PendingRequests();
  private readonly eventListeners = new Map<string, Set<(payload: unknown) => void>>();
  private readonly connectionListeners = new Set<(info: ConnectionInfo) => void>();
  private readonly openWaiters = new Set<() => void>();

  constructor(private readonly options: WsBridgeOptions) {}

  start(): void {
    if (this.socket || this.info.state === 'stopped') return;
    this.connect();
  }

  stop(): void {
    this.setInfo({ state: 'stopped', failures: this.info.failures, reopened: false });
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'bye');
    this.pending.failAll(NOT_CONNECTED);
  }

  get connection(): ConnectionInfo {
    return this.info;
  }

  onConnection(listener: (info: ConnectionInfo) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  async invoke<C extends RequestChannel>(
    channel: C,
    request: ChannelRequest<C>,
  ): Promise<Result<ChannelResponse<C>>> {
    if (this.info.state !== 'open' && !(await this.waitForOpen()))
      return { ok: false, error: NOT_CONNECTED };
    const socket = this.socket;
    if (!socket) return { ok: false, error: NOT_CONNECTED };
    const { id, answer } = this.pending.open();
    const message: WsClientMessage = { t: 'req', id, channel, request };
    try {
      socket.send(JSON.stringify(message));
    } catch {
      this.pending.settle(id, { ok: false, error: NOT_CONNECTED });
    }
    // Main validated the response against the contract before sending it.
    return answer as Promise<Result<ChannelResponse<C>>>;
  }

  on<E extends EventChannel>(channel: E, listener: (payload: EventPayload<E>) => void): () => void {
    const set = this.eventListeners.get(channel) ?? new Set();
    this.eventListeners.set(channel, set);
    const untyped = listener as (payload: unknown) => void;
    set.add(untyped);
    return () => set.delete(untyped);
  }

  private connect(): void {
    const socket = this.options.createSocket(this.options.url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    const openTimer = setTimeout(() => {
      if (this.socket === socket && this.info.state !== 'open') socket.close();
    }, this.options.openTimeoutMs ?? 8000);
    socket.onopen = () => {
      clearTimeout(openTimer);
      if (this.socket !== socket) return;
      this.setInfo({ state: 'open', failures: 0, reopened: this.everOpened });
      this.everOpened = true;
      for (const wake of this.openWaiters) wake();
      this.openWaiters.clear();
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onclose = () => {
      clearTimeout(openTimer);
      if (this.socket !== socket) return;
      this.socket = null;
      this.pending.failAll(this.info.state === 'open' ? DROPPED : NOT_CONNECTED);
      this.scheduleReconnect();
    };
    // An error is always followed by close; reconnecting is handled there.
    socket.onerror = () => undefined;
  }

  private scheduleReconnect(): void {
    if (this.info.state === 'stopped') return;
    const failures = this.info.failures + 1;
    this.setInfo({ state: 'reconnecting', failures, reopened: false });
    const delay = reconnectDelay(failures - 1, (this.options.random ?? Math.random)());
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.info.state !== 'stopped') this.connect();
    }, delay);
  }

  private waitForOpen(): Promise<boolean> {
    if (this.info.state === 'stopped') return Promise.resolve(false);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.openWaiters.delete(wake);
        resolve(false);
      }, this.options.connectWaitMs ?? 4000);
      this.openWaiters.add(wake);
    });
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') {
      this.receiveBinary(data);
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = wsServerMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.t === 'res') {
      this.pending.settle(message.id, readWireResult(message.result));
      return;
    }
    const schema = eventChannels[message.channel as EventChannel];
    if (!schema) return;
    const payload = schema.safeParse(message.payload);
    if (!payload.success) return;
    for (const listener of this.eventListeners.get(message.channel) ?? []) listener(payload.data);
  }

  /** The host's only binary frame is a `stream:chunk` push (shared/ipc/stream-frame.ts). */
  private receiveBinary(data: unknown): void {
    let frame: Uint8Array;
    if (data instanceof ArrayBuffer) frame = new Uint8Array(data);
    else if (ArrayBuffer.isView(data))
      frame = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    else return;
    const chunk = decodeStreamChunkFrame(frame);
    if (!chunk) return;
    for (const listener of this.eventListeners.get(STREAM_CHUNK_CHANNEL) ?? []) listener(chunk);
  }

  private setInfo(info: ConnectionInfo): void {
    this.info = info;
    for (const listener of this.connectionListeners) listener(info);
  }
}
