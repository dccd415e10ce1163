import { fileName } from '../subtitles/import-script';
import { useDubHandoff } from '../../editor/handoff/dub-handoff';
import { Button } from '../../ui/Button';

/**
 * The video and scripts "Send to Dub" handed over from Subtitles, paired: what the Dub form
 * will speak. Shown until dismissed or replaced by the next hand-over.
 */
export function ScriptsFromSubtitles() {
  const handoff = useDubHandoff((s) => s.handoff);
  const clear = useDubHandoff((s) => s.clear);
  if (!handoff) return null;
  return (
    <section className="panel" aria-label="Scripts from Subtitles" data-testid="dub-handoff">
      <header className="panel__head">
        <div className="panel__title">
          <h2>Scripts from Subtitles</h2>
          <p className="panel__hint">
            {handoff.videoPath ? fileName(handoff.videoPath) : 'No video chosen in Subtitles'}
          </p>
        </div>
        <Button size="small" variant="ghost" onClick={clear}>
          Dismiss
        </Button>
      </header>
      <ul className="panel__body small">
        {Object.entries(handoff.scripts).map(([language, path]) => (
          <li key={language} data-testid="dub-handoff-script" data-lang={language} data-path={path}>
            <span className="mono">{language}</span>
            {language === handoff.sourceLanguage ? ' (source)' : ''}: {fileName(path)}
          </li>
        ))}
      </ul>
    </section>
  );
}
