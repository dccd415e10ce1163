import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { streamChunks } from '../../bridge/stream-chunks';
import { ChunkAppendQueue } from './append-queue';
import { leaveStream } from './stream-positions';

/** The stream carries AAC in fragmented MP4 (docs/api-notes.md 4.2). */
export const STREAM_MIME = 'audio/mp4; codecs="mp4a.40.2"';

export type StreamPlaybackStatus =
  'waiting' | 'playing' | 'blocked' | 'ended' | 'unsupported' | 'error';

export interface StreamPlayback {
  status: StreamPlaybackStatus;
  /** Seconds of audio appended so far. */
  receivedSeconds: number;
  receivedBytes: number;
  error?: string;
}

export function mediaSourceSupported(): boolean {
  return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(STREAM_MIME);
}

function bufferedEnd(audio: HTMLAudioElement): number {
  const ranges = audio.buffered;
  return ranges.length > 0 ? ranges.end(ranges.length - 1) : 0;
}

/**
 * Plays a job's `stream:chunk` bytes as they arrive: a MediaSource SourceBuffer fed through
 * ChunkAppendQueue, started as soon as the first audio is in (the user asked for it by
 * pressing Generate). `finished` ends the stream once every chunk was appended.
 */
export function useStreamPlayback(
  jobId: string,
  audioRef: RefObject<HTMLAudioElement | null>,
  finished: boolean,
): StreamPlayback {
  const [state, setState] = useState<StreamPlayback>(() => ({
    status: mediaSourceSupported() ? 'waiting' : 'unsupported',
    receivedSeconds: 0,
    receivedBytes: 0,
  }));
  const queueRef = useRef<ChunkAppendQueue | null>(null);
  const isFinished = useEffectEvent(() => finished);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !mediaSourceSupported()) return;
    const source = new MediaSource();
    const url = URL.createObjectURL(source);
    let unsubscribe: () => void = () => undefined;
    let startedPlaying = false;
    const fail = (message: string) => setState((s) => ({ ...s, status: 'error', error: message }));

    const onOpen = () => {
      let buffer: SourceBuffer;
      try {
        buffer = source.addSourceBuffer(STREAM_MIME);
      } catch (cause) {
        fail(
          `This window cannot play the stream (${cause instanceof Error ? cause.message : String(cause)}).`,
        );
        return;
      }
      const queue = new ChunkAppendQueue(buffer, () => {
        if (source.readyState === 'open') source.endOfStream();
      });
      queueRef.current = queue;
      buffer.addEventListener('updateend', () => {
        queue.onUpdateEnd();
        setState((s) => ({
          ...s,
          receivedSeconds: bufferedEnd(audio),
          receivedBytes: queue.appendedBytes,
        }));
        if (!startedPlaying && bufferedEnd(audio) > 0) {
          startedPlaying = true;
          audio.play().catch(() => setState((s) => ({ ...s, status: 'blocked' })));
        }
      });
      buffer.addEventListener('error', () => fail('The audio of the stream could not be decoded.'));
      unsubscribe = streamChunks.subscribe(jobId, (chunk) => {
        try {
          queue.push(chunk.seq, chunk.data);
        } catch (cause) {
          fail(
            `The stream could not be buffered (${cause instanceof Error ? cause.message : String(cause)}).`,
          );
        }
      });
      if (isFinished()) queue.finish();
    };

    source.addEventListener('sourceopen', onOpen, { once: true });
    audio.src = url;
    const onPlaying = () => setState((s) => ({ ...s, status: 'playing' }));
    const onEnded = () => setState((s) => ({ ...s, status: 'ended' }));
    audio.addEventListener('playing', onPlaying);
    audio.addEventListener('ended', onEnded);
    return () => {
      leaveStream(jobId, { time: audio.currentTime, playing: !audio.paused && !audio.ended });
      unsubscribe();
      audio.removeEventListener('playing', onPlaying);
      audio.removeEventListener('ended', onEnded);
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      URL.revokeObjectURL(url);
      queueRef.current = null;
    };
  }, [jobId, audioRef]);

  useEffect(() => {
    if (finished) queueRef.current?.finish();
  }, [finished]);

  return state;
}
