import { useState } from 'react';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import { Button } from '../../ui/Button';
import { GlossaryCsv } from './GlossaryCsv';
import { editSubs } from './subs-store';

/** Splits "a, b" into trimmed, non-empty words. */
const words = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

/**
 * The project's glossary: terms with their required rendering per language, and words never
 * translated. Violations show in the QC list and on each cell, in every language.
 */
export function GlossaryEditor({ part }: { part: SubtitlesPart }) {
  const targets = Object.keys(part.languages).filter((l) => l !== part.sourceLanguage);
  const [term, setTerm] = useState('');
  const [rendering, setRendering] = useState('');
  const [language, setLanguage] = useState(targets[0] ?? '');
  const [keep, setKeep] = useState('');
  const { glossary } = part;
  const lang = language || targets[0] || '';

  const addTerm = () => {
    if (!term.trim() || !rendering.trim() || !lang) return;
    editSubs('Add glossary term', (current) => ({
      ...current,
      glossary: {
        ...current.glossary,
        terms: [
          ...current.glossary.terms,
          { source: term.trim(), targets: { [lang]: rendering.trim() } },
        ],
      },
    }));
    setTerm('');
    setRendering('');
  };
  const addKeep = () => {
    if (words(keep).length === 0) return;
    editSubs('Add do-not-translate words', (current) => ({
      ...current,
      glossary: {
        ...current.glossary,
        doNotTranslate: [...new Set([...current.glossary.doNotTranslate, ...words(keep)])],
      },
    }));
    setKeep('');
  };
  const removeTerm = (index: number) =>
    editSubs('Remove glossary term', (current) => ({
      ...current,
      glossary: {
        ...current.glossary,
        terms: current.glossary.terms.filter((_, i) => i !== index),
      },
    }));
  const removeKeep = (word: string) =>
    editSubs('Remove do-not-translate word', (current) => ({
      ...current,
      glossary: {
        ...current.glossary,
        doNotTranslate: current.glossary.doNotTranslate.filter((w) => w !== word),
      },
    }));

  const empty = glossary.terms.length === 0 && glossary.doNotTranslate.length === 0;

  return (
    <div className="subs-glossary" aria-label="Glossary">
      {empty && (
        // An empty tab gave no hint of what a glossary is for here or how to start one.
        <div className="small muted subs-glossary__empty" data-testid="glossary-empty">
          <p>
            No glossary yet. A glossary keeps terms consistent: a term that must be rendered a
            certain way in each language, and words never translated (names, brands). Every cue is
            checked against it as you type; a miss shows on the cue and in Checks.
          </p>
          <p>
            Add a term below (the source term, the language, how it must read), list
            do-not-translate words separated by commas, or import a CSV.
            {targets.length === 0 && ' Renderings need a translation: add a language first.'}
          </p>
        </div>
      )}
      <GlossaryCsv glossary={glossary} />
      <form className="subs-glossary__add" onSubmit={(e) => (e.preventDefault(), addTerm())}>
        <input
          className="input"
          aria-label="Term in the source language"
          placeholder="Term"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        <select
          className="select"
          aria-label="Language of the rendering"
          value={lang}
          onChange={(e) => setLanguage(e.target.value)}
        >
          {targets.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </select>
        <input
          className="input"
          aria-label="Required rendering"
          placeholder="Must read"
          value={rendering}
          onChange={(e) => setRendering(e.target.value)}
        />
        <Button type="submit" size="small" disabled={!lang}>
          Add term
        </Button>
      </form>
      <ul className="subs-glossary__list small">
        {glossary.terms.map((t, i) => (
          <li key={`${t.source}:${i}`}>
            {t.source} →{' '}
            {Object.entries(t.targets)
              .map(([code, text]) => `${code}: ${text}`)
              .join(', ')}{' '}
            <Button
              size="small"
              variant="ghost"
              onClick={() => removeTerm(i)}
              aria-label={`Remove term ${t.source}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <form className="subs-glossary__add" onSubmit={(e) => (e.preventDefault(), addKeep())}>
        <input
          className="input"
          aria-label="Do-not-translate words, comma separated"
          placeholder="Names, brands…"
          value={keep}
          onChange={(e) => setKeep(e.target.value)}
        />
        <Button type="submit" size="small">
          Keep as written
        </Button>
      </form>
      <ul className="subs-glossary__list small">
        {glossary.doNotTranslate.map((word) => (
          <li key={word}>
            {word}{' '}
            <Button
              size="small"
              variant="ghost"
              onClick={() => removeKeep(word)}
              aria-label={`Remove ${word}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
