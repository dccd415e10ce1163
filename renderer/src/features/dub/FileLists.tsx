import { useState } from 'react';
import { LANGUAGE_NAMES, type LanguageCode } from '../../../../shared/api/languages';
import type { DubBatchPlan } from '../../../../shared/domain/dub';
import { baseName } from '../../../../shared/domain/files/file-names';
import { Button } from '../../ui/Button';
import { useDubBatch } from './batch-store';

/** Scripts that paired with no cell, each with a one-click assign to a video and a language. */
export function UnpairedScripts({ plan }: { plan: DubBatchPlan }) {
  const videos = useDubBatch((s) => s.videos);
  const languages = useDubBatch((s) => s.languages);
  if (plan.unpaired.length === 0) return null;
  return (
    <section className="dub-list" aria-label="Unpaired scripts">
      <h3>Unpaired scripts</h3>
      <ul>
        {plan.unpaired.map((script) => (
          <UnpairedRow
            key={script.path}
            path={script.path}
            reason={script.reason}
            language={
              script.language && languages.includes(script.language)
                ? script.language
                : languages[0]
            }
            videos={videos}
            languages={languages}
          />
        ))}
      </ul>
    </section>
  );
}

function UnpairedRow(props: {
  path: string;
  reason: string;
  language: LanguageCode | undefined;
  videos: readonly string[];
  languages: readonly LanguageCode[];
}) {
  const [video, setVideo] = useState(props.videos[0] ?? '');
  const [language, setLanguage] = useState<LanguageCode | undefined>(props.language);
  const name = baseName(props.path);
  return (
    <li className="dub-list__item">
      <span>
        <strong>{name}</strong> <span className="small faint">{props.reason}</span>
      </span>
      <span className="row">
        <select
          className="select"
          aria-label={`Video for ${name}`}
          value={video}
          onChange={(e) => setVideo(e.target.value)}
        >
          {props.videos.map((path) => (
            <option key={path} value={path}>
              {baseName(path)}
            </option>
          ))}
        </select>
        <select
          className="select"
          aria-label={`Language of ${name}`}
          value={language ?? ''}
          onChange={(e) => setLanguage(e.target.value as LanguageCode)}
        >
          {props.languages.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
        <Button
          size="small"
          disabled={!video || !language}
          onClick={() =>
            language && useDubBatch.getState().assignScript(props.path, video, language)
          }
        >
          Assign
        </Button>
      </span>
    </li>
  );
}

/** Dropped files that are not in the batch, with the reason. */
export function SkippedFiles() {
  const skipped = useDubBatch((s) => s.skipped);
  if (skipped.length === 0) return null;
  return (
    <section className="dub-list" aria-label="Skipped files">
      <h3>Skipped files</h3>
      <ul>
        {skipped.map((file, index) => (
          <li key={`${file.path}-${index}`} className="dub-list__item">
            <strong>{baseName(file.path)}</strong>{' '}
            <span className="small faint">{file.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
