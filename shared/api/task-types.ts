/** Task types as the service names them (also the keys of `trial` and `available_services`). */
export const TASK_TYPES = [
  'text_to_music',
  'video_to_music',
  'text_to_sfx',
  'video_to_sfx',
  'video_to_video_music',
  'video_to_video_sfx',
  'video_to_sound',
  'video_to_video_sound',
  'audio_ducking',
  'dubbing',
  'video_analysis',
  'proofread',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** The POST path of each task type. */
export const TASK_PATHS: Record<TaskType, string> = {
  text_to_music: '/v1/text-to-music',
  video_to_music: '/v1/video-to-music',
  text_to_sfx: '/v1/text-to-sfx',
  video_to_sfx: '/v1/video-to-sfx',
  video_to_video_music: '/v1/video-to-video-music',
  video_to_video_sfx: '/v1/video-to-video-sfx',
  video_to_sound: '/v1/video-to-sound',
  video_to_video_sound: '/v1/video-to-video-sound',
  audio_ducking: '/v1/audio-ducking',
  dubbing: '/v1/dubbing',
  video_analysis: '/v1/video-analysis',
  proofread: '/v1/proofread',
};

export const READ_PATHS = {
  task: (taskId: string) => `/v1/tasks/${encodeURIComponent(taskId)}`,
  services: '/v1/account/services',
  usage: (days: number) => `/v1/account/usage?days=${days}`,
} as const;

/** Human names for the UI and for messages. */
export const TASK_LABELS: Record<TaskType, string> = {
  text_to_music: 'Text to music',
  video_to_music: 'Video to music',
  text_to_sfx: 'Text to sound effects',
  video_to_sfx: 'Video to sound effects',
  video_to_video_music: 'Video with music',
  video_to_video_sfx: 'Video with sound effects',
  video_to_sound: 'Video to sound',
  video_to_video_sound: 'Video with sound',
  audio_ducking: 'Audio ducking',
  dubbing: 'Dubbing',
  video_analysis: 'Video analysis',
  proofread: 'Proofread',
};
