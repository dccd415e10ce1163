import type { FormEvent, ReactNode } from 'react';

const stay = (event: FormEvent) => event.preventDefault();

/**
 * A form of its own around a field that is typed in often (cue texts, cue times). Chromium's
 * autofill reads every field of the typed field's form on each keystroke, and fields outside any
 * form count as one form: the whole page's, about 300 controls in Subtitles, 4 ms a key. Here it
 * reads one. Nothing is submitted; the form draws as if it were not there
 * (docs/decisions/101-fields-in-forms-of-their-own.md).
 */
export function OwnForm({ children }: { children: ReactNode }) {
  return (
    <form className="own-form" onSubmit={stay}>
      {children}
    </form>
  );
}
