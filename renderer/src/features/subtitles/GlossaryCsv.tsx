import { useRef, useState } from 'react';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import { glossaryFromCsv, glossaryToCsv } from '../../../../shared/domain/subtitles/glossary-csv';
import { Button } from '../../ui/Button';
import { editSubs } from './subs-store';

type Glossary = SubtitlesPart['glossary'];

/** Imported rows added to the glossary: a term already there gains the new renderings. */
function merged(current: Glossary, added: Glossary): Glossary {
  const terms = current.terms.map((t) => ({ ...t, targets: { ...t.targets } }));
  for (const term of added.terms) {
    const same = terms.find((t) => t.source.toLowerCase() === term.source.toLowerCase());
    if (same) Object.assign(same.targets, term.targets);
    else terms.push(term);
  }
  return {
    terms,
    doNotTranslate: [...new Set([...current.doNotTranslate, ...added.doNotTranslate])],
  };
}

/** Glossary import and export as CSV (shared/domain/subtitles/glossary-csv.ts has the layout). */
export function GlossaryCsv({ glossary }: { glossary: Glossary }) {
  const input = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);

  const exportCsv = () => {
    const blob = new Blob([glossaryToCsv(glossary)], { type: 'text/csv;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'glossary.csv';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };
  const importCsv = async (file: File) => {
    const read = glossaryFromCsv(await file.text());
    if (!read.ok) {
      setNote({
        error: true,
        text: `${file.name}, line ${read.line}: ${read.message} Nothing was imported.`,
      });
      return;
    }
    editSubs('Import glossary', (part) => ({
      ...part,
      glossary: merged(part.glossary, read.glossary),
    }));
    setNote({
      error: false,
      text: `Imported ${read.glossary.terms.length} terms and ${read.glossary.doNotTranslate.length} do-not-translate words.`,
    });
  };

  return (
    <div className="row small">
      <Button size="small" data-testid="glossary-import" onClick={() => input.current?.click()}>
        Import CSV…
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="glossary-import-file"
        aria-label="Glossary CSV file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importCsv(file);
        }}
      />
      <Button
        size="small"
        data-testid="glossary-export"
        disabled={glossary.terms.length === 0 && glossary.doNotTranslate.length === 0}
        onClick={exportCsv}
      >
        Export CSV
      </Button>
      {note && (
        <span
          className={note.error ? 'subs-find__error' : 'muted'}
          role={note.error ? 'alert' : 'status'}
          data-testid="glossary-csv-note"
        >
          {note.text}
        </span>
      )}
    </div>
  );
}
