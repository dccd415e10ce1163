import { LANGUAGE_NAMES, isLanguageCode } from '../../../../shared/api/languages';
import { subtitleExportSchema, subtitlePreflightSchema } from '../../../../shared/api/responses';
import {
  exportStatusWords,
  issueWords,
  preflightStatusWords,
  type ReportWords,
} from '../../../../shared/domain/dub';

const text = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(text).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const languageName = (code: string) => (isLanguageCode(code) ? LANGUAGE_NAMES[code] : code);

/** Words in the cell, the service's code as its tooltip (for support and the API docs). */
function Worded({ item }: { item: ReportWords }) {
  return <span title={item.code}>{item.words}</span>;
}

function Issues({ issues }: { issues: readonly unknown[] | undefined }) {
  const items = issueWords(issues);
  if (items.length === 0) return <>none</>;
  return (
    <>
      {items.map((item, i) => (
        <span key={`${item.code}-${i}`}>
          {i > 0 && ', '}
          <Worded item={item} />
        </span>
      ))}
    </>
  );
}

/** The service's subtitle_preflight and subtitle_export reports, one table row per language. */
export function DubReports({ result }: { result: Record<string, unknown> | undefined }) {
  const preflight = Object.entries(asRecord(result?.subtitle_preflight)).flatMap(([lang, raw]) => {
    const parsed = subtitlePreflightSchema.safeParse(raw);
    return parsed.success ? [[lang, parsed.data] as const] : [];
  });
  const exported = Object.entries(asRecord(result?.subtitle_export)).flatMap(([lang, raw]) => {
    const parsed = subtitleExportSchema.safeParse(raw);
    return parsed.success ? [[lang, parsed.data] as const] : [];
  });
  if (preflight.length === 0 && exported.length === 0)
    return (
      <p className="small faint" data-testid="dub-report">
        No subtitle reports: the service sends them for scripted languages once the task is
        accepted.
      </p>
    );
  return (
    <div data-testid="dub-report" className="dub-report">
      {preflight.length > 0 && (
        <table>
          <caption title="subtitle_preflight">Script check before dubbing</caption>
          <thead>
            <tr>
              <th scope="col">Language</th>
              <th scope="col">Status</th>
              <th scope="col">Cues</th>
              <th scope="col">Lines changed</th>
              <th scope="col">Issues</th>
            </tr>
          </thead>
          <tbody>
            {preflight.map(([lang, report]) => (
              <tr key={lang}>
                <th scope="row">{languageName(lang)}</th>
                <td>
                  <Worded item={preflightStatusWords(report.status)} />
                </td>
                <td>{text(report.cue_count)}</td>
                <td>{text(report.changes_count)}</td>
                <td>
                  <Issues issues={report.issues} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {exported.length > 0 && (
        <table>
          <caption title="subtitle_export">Re-timed subtitles after dubbing</caption>
          <thead>
            <tr>
              <th scope="col">Language</th>
              <th scope="col">Status</th>
              <th scope="col">Alignment loss</th>
              <th scope="col">Issues</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {exported.map(([lang, report]) => (
              <tr key={lang}>
                <th scope="row">{languageName(lang)}</th>
                <td>
                  <Worded item={exportStatusWords(report.status)} />
                </td>
                <td>{text(report.alignment_loss)}</td>
                <td>
                  <Issues issues={report.issues} />
                </td>
                <td>{text(report.error)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
