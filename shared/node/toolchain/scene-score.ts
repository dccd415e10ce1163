/**
 * Filters to put right before `select='gt(scene,T)'` so the scene score means the same on every
 * ffmpeg. The bundled 2018 build scores frames in RGB24 as mean |difference| / 100, clipped at 1,
 * so any cut changing pixels by more than ~40 % scores 1.0 and a strict threshold cannot tell
 * cuts apart; ffmpeg 5 and later score YUV frames on a 0–1 scale of their own. Converted to RGB24
 * and scaled by 100/255 first, frames get the same score from both (measured identical to six
 * digits): the mean absolute RGB change on a 0–1 scale (docs/decisions/071-bundled-ffmpeg.md).
 */
export const SCENE_SCORE_INPUT = 'format=rgb24,lutrgb=r=val*100/255:g=val*100/255:b=val*100/255';
