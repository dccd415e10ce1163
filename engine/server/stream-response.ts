import type { ServerResponse } from 'node:http';
import type { Charge } from '../billing/billing';
import { costEvent } from '../billing/quote';
import { TaskError, type Endpoint, type StreamItem } from './endpoint';
import type { EngineCore } from './engine-core';

export interface StreamJob {
  endpoint: Endpoint;
  input: unknown;
  charge: Charge;
  workDir: string;
  release: () => void;
  core: EngineCore;
}

/**
 * Answers 200 application/x-ndjson (docs/api-notes.md 4): the endpoint's title and audio chunks as
 * they are produced (each line flushed at once), then `cost` and `complete`; a generation
 * failure becomes an `error` line and the charge is refunded. A client that hangs up stops
 * the generation and stays charged, like the live service.
 */
export async function streamGeneration(res: ServerResponse, job: StreamJob): Promise<void> {
  const { endpoint, core } = job;
  const controller = new AbortController();
  core.streams.add(controller);
  const onClose = () => {
    if (!res.writableFinished) controller.abort(new Error('client disconnected'));
  };
  res.on('close', onClose);
  res.socket?.setNoDelay(true);
  res.writeHead(200, {
    'content-type': 'application/x-ndjson',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();

  const write = (event: Record<string, unknown>) => writeLine(res, event);
  const fault = core.faults.streamFault();
  let chunks = 0;
  try {
    const watermarkPayload = await core.serials.next();
    const items = endpoint.stream!(job.input, {
      taskId: '',
      workDir: job.workDir,
      signal: controller.signal,
      watermarkPayload,
      watermarkKey: core.watermarkKey,
      log: (line) => core.log(`stream ${endpoint.type}: ${line}`),
    });
    for await (const item of items) {
      if (controller.signal.aborted) break;
      await write(streamEvent(item));
      if (item.type !== 'audio') continue;
      chunks += 1;
      if (fault && chunks >= fault.afterChunks) {
        controller.abort(new Error('stream fault'));
        if (fault.kind === 'error') {
          await write({
            type: 'error',
            code: fault.code ?? 'UPSTREAM',
            message: fault.message ?? 'Forced stream failure (engine fault configuration)',
          });
          await core.billing.refund(job.charge, null);
        }
        res.end();
        return;
      }
    }
    if (controller.signal.aborted) return;
    await write(costEvent(job.charge.quote, job.charge));
    await write({ type: 'complete' });
    res.end();
  } catch (error) {
    if (controller.signal.aborted) return;
    core.log(
      `stream ${endpoint.type}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    const code = error instanceof TaskError ? error.code : endpoint.failureCode;
    const message = error instanceof Error && error.message ? error.message : 'generation failed';
    await core.billing.refund(job.charge, null);
    await write({ type: 'error', code, message });
    res.end();
  } finally {
    res.off('close', onClose);
    core.streams.delete(controller);
    job.release();
    if (!res.writableEnded) res.end();
  }
}

function streamEvent(item: StreamItem): Record<string, unknown> {
  if (item.type === 'title') {
    const { type, title, summary, display_tags } = item;
    return {
      type,
      title,
      ...(summary !== undefined ? { summary } : {}),
      ...(display_tags ? { display_tags } : {}),
    };
  }
  return {
    type: 'audio_chunk',
    data: Buffer.from(item.bytes.buffer, item.bytes.byteOffset, item.bytes.byteLength).toString(
      'base64',
    ),
    stream_index: item.streamIndex ?? 0,
    num_streams: item.numStreams ?? 1,
  };
}

/** Writes one NDJSON line, waiting for the socket when it is full. */
function writeLine(res: ServerResponse, event: Record<string, unknown>): Promise<void> {
  if (res.writableEnded || res.destroyed) return Promise.resolve();
  const flushed = res.write(`${JSON.stringify(event)}\n`);
  if (flushed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
