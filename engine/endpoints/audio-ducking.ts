import { join } from 'node:path';
import { duckMusicUnderVoice } from '../media/duck';
import { defineAsyncEndpoint, ok, taskFailure, unprocessable } from '../server/endpoint';
import { DEFAULT_WATERMARK_KEY } from '../watermark';

interface AudioDuckingInput {
  voicePath: string;
  musicPath: string;
  voiceSeconds: number;
}

const FAILURE_CODE = 'DUCKING_FAILED';

/**
 * POST /v1/audio-ducking (docs/api-notes.md 6.9, 5.4): exactly one of voice_file/voice_url and one
 * of music_file/music_url (a file and a URL may be mixed). The voice may be a video: its audio
 * is the voice and the result is an mp4 with the picture stream-copied; otherwise a wav. The
 * music must be audio. Each input is capped at 360 s; billed on the voice's duration.
 */
export const audioDuckingEndpoint = defineAsyncEndpoint<AudioDuckingInput>({
  type: 'audio_ducking',
  failureCode: FAILURE_CODE,
  async prepare(_form, ctx) {
    const voice = await ctx.resolveMedia({
      fileField: 'voice_file',
      urlField: 'voice_url',
      requireAudio: true,
      label: 'Voice',
    });
    if (!voice.ok) return voice;
    const music = await ctx.resolveMedia({
      fileField: 'music_file',
      urlField: 'music_url',
      requireAudio: true,
      label: 'Music',
    });
    if (!music.ok) return music;
    // The live service never probes music for video and mishandles it; refusing is the honest answer.
    if (music.value.probe.hasVideo)
      return unprocessable(
        'music must be an audio file (wav, mp3, m4a, aac, ogg or flac), not a video',
      );
    return ok({
      voicePath: voice.value.path,
      musicPath: music.value.path,
      voiceSeconds: voice.value.probe.durationSeconds,
    });
  },
  billing: (input) => ({ seconds: input.voiceSeconds }),
  async run(input, ctx) {
    const outcome = await duckMusicUnderVoice(
      input.musicPath,
      input.voicePath,
      join(ctx.workDir, 'ducked.wav'),
      {
        signal: ctx.signal,
        watermark: {
          key: ctx.watermarkKey ?? DEFAULT_WATERMARK_KEY,
          payload: ctx.watermarkPayload,
        },
      },
    );
    // The service derives the code from a "CODE: reason" message; keep that shape.
    if (!outcome.ok) return taskFailure(FAILURE_CODE, `${FAILURE_CODE}: ${outcome.message}`);
    const video = outcome.value.outputType === 'video';
    const published = await ctx.publish(outcome.value.outputPath, {
      contentType: video ? 'video/mp4' : 'audio/wav',
      ext: video ? 'mp4' : 'wav',
      name: 'ducked',
    });
    return {
      output_url: published.url,
      output_type: outcome.value.outputType,
      output_bytes: published.file_size,
    };
  },
});
