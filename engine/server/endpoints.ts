import { textToMusicEndpoint } from '../endpoints/text-to-music';
import { dubbingEndpoint } from '../endpoints/dubbing';
import { proofreadEndpoint } from '../endpoints/proofread';
import { videoAnalysisEndpoint } from '../endpoints/video-analysis';
import { audioDuckingEndpoint } from '../endpoints/audio-ducking';
import { textToSfxEndpoint } from '../endpoints/text-to-sfx';
import { videoToSfxEndpoint } from '../endpoints/video-to-sfx';
import { videoToVideoSfxEndpoint } from '../endpoints/video-to-video-sfx';
import { videoToSoundEndpoint } from '../endpoints/video-to-sound';
import { videoToVideoSoundEndpoint } from '../endpoints/video-to-video-sound';
import { videoToMusicEndpoint } from '../endpoints/video-to-music';
import { videoToVideoMusicEndpoint } from '../endpoints/video-to-video-music';
import type { Endpoint } from './endpoint';

/**
 * Every POST endpoint the engine serves. To add one: write engine/endpoints/<name>.ts with
 * defineAsyncEndpoint / defineStreamEndpoint, then add one import and one entry here.
 */
export const ENDPOINTS: readonly Endpoint[] = [
  textToMusicEndpoint,
  proofreadEndpoint,
  dubbingEndpoint,
  videoAnalysisEndpoint,
  audioDuckingEndpoint,
  textToSfxEndpoint,
  videoToSfxEndpoint,
  videoToVideoSfxEndpoint,
  videoToSoundEndpoint,
  videoToVideoSoundEndpoint,
  videoToMusicEndpoint,
  videoToVideoMusicEndpoint,
];
