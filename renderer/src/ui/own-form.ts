import type { FocusEvent } from 'react';

/**
 * While a typed-in field has focus, it belongs to a form of its own: an empty, hidden form the
 * field names with its `form` attribute. Chromium's autofill reads every field of the typed
 * field's form on each keystroke, and fields outside any form count as one form: the whole
 * page's, about 300 controls in Subtitles, 4 ms a key. The form is lent on focus, not given to
 * every field, because autofill also reads each form that appears: a form per drawn row made
 * every scroll mount dozens (docs/decisions/101-fields-in-forms-of-their-own.md).
 */
const FORM_ID = 'typed-field-form';

function lentForm(): HTMLFormElement {
  const existing = document.getElementById(FORM_ID);
  if (existing instanceof HTMLFormElement) return existing;
  const form = document.createElement('form');
  form.id = FORM_ID;
  form.hidden = true;
  // Enter in a lone text field submits its form; nothing here is ever sent anywhere.
  form.addEventListener('submit', (event) => event.preventDefault());
  document.body.append(form);
  return form;
}

type TypedField = HTMLTextAreaElement | HTMLInputElement;

/** Call from the field's onFocus. */
export function lendForm(event: FocusEvent<TypedField>): void {
  lentForm();
  event.currentTarget.setAttribute('form', FORM_ID);
}

/** Call from the field's onBlur. */
export function returnForm(event: FocusEvent<TypedField>): void {
  event.currentTarget.removeAttribute('form');
}
