import { z } from 'zod';

/**
 * Browser mode carries the IPC contract over one WebSocket at `/ipc` on the loopback host.
 * The page is opened at `http://127.0.0.1:PORT/#token=TOKEN`; the bridge connects to
 * `ws://127.0.0.1:PORT/ipc?token=TOKEN`. File uploads (the browser's stand-in for a native
 * picker) go to `POST /upload?name=FILENAME` with header `x-soundstage-token: TOKEN` and the raw
 * bytes as body; the answer is `{ "path": "/abs/path" }`.
 *
 * Every message is JSON text (the schemas below) except one: the host sends a `stream:chunk`
 * push as a binary frame (./stream-frame.ts). Clients send text only; the host drops binary.
 */
export const WS_PATH = '/ipc';
export const UPLOAD_PATH = '/upload';
export const TOKEN_HEADER = 'x-soundstage-token';

export const wsClientMessageSchema = z.object({
  t: z.literal('req'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(64),
  request: z.unknown(),
});
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;

export const wsServerMessageSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('res'), id: z.number(), result: z.unknown() }),
  z.object({ t: z.literal('evt'), channel: z.string(), payload: z.unknown() }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;
