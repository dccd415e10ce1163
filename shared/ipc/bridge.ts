import type {
  ChannelRequest,
  ChannelResponse,
  EventChannel,
  EventPayload,
  RequestChannel,
} from './contract';
import type { Result } from './result';

/** The closed surface the preload exposes as `window.api` (and browser mode mirrors). */
export interface SoundstageApi {
  invoke<C extends RequestChannel>(
    channel: C,
    request: ChannelRequest<C>,
  ): Promise<Result<ChannelResponse<C>>>;
  on<E extends EventChannel>(channel: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** 'electron' or 'browser', so the UI can word file actions honestly. */
  readonly shell: 'electron' | 'browser';
  /**
   * Electron only: the path of a dropped File (read by the preload with webUtils, since
   * `File.path` is gone), registered with main as dropped by the user; null when the File has
   * no file on disk behind it. `file` is a DOM File (typed loosely: shared has no DOM types).
   */
  pathForFile?(file: object): Promise<string | null>;
}
