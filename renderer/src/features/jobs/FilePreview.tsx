import { AUDIO_EXTENSIONS, VIDEO_EXTENSIONS } from '../../../../shared/api/limits';
import type { JobFile } from '../../../../shared/domain/jobs/job';
import { useApiQuery } from '../../bridge/query';
import { baseName, extensionOf } from '../../lib/format';
import { ErrorNotice } from '../../ui/ErrorNotice';

const isOneOf = (list: readonly string[], path: string) => list.includes(`.${extensionOf(path)}`);

/** Whether the window can play a result file inline. */
export function canPreview(file: JobFile): boolean {
  return (
    file.contentType?.startsWith('video/') ||
    file.contentType?.startsWith('audio/') ||
    isOneOf(VIDEO_EXTENSIONS, file.path) ||
    isOneOf(AUDIO_EXTENSIONS, file.path)
  );
}

/** Plays a result file in the window (useful where the host cannot open files itself). */
export function FilePreview({ file }: { file: JobFile }) {
  const media = useApiQuery('media:url', { path: file.path }, { staleTime: Infinity });
  if (media.error) return <ErrorNotice error={media.error} />;
  if (!media.data) return <p className="faint small">Loading…</p>;
  const video = file.contentType?.startsWith('video/') || isOneOf(VIDEO_EXTENSIONS, file.path);
  return video ? (
    <video
      className="preview preview--video"
      src={media.data.url}
      controls
      preload="metadata"
      aria-label={`Preview of ${baseName(file.path)}`}
    />
  ) : (
    <audio
      className="preview"
      src={media.data.url}
      controls
      preload="metadata"
      aria-label={`Preview of ${baseName(file.path)}`}
    />
  );
}
