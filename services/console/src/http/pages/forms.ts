/**
 * Form parts every page shares, accessible by construction: each input has its label, a hint and an error are tied to
 * it with aria-describedby, a field in error has aria-invalid and its sentence beside it, and a page has at most one
 * role="alert" (the problem summary, whose entries link to the fields). Inputs say aria-required rather than
 * `required`, so the console's own sentences (not the browser's tooltips) explain what is wrong.
 */
import type { FieldErrors } from '../forms.schema.js';
import { html, type Html } from './html.js';

export interface InputField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password' | 'date';
  value?: string;
  error?: string;
  hint?: string;
  autocomplete?: string;
  required?: boolean;
  /** The element's id (default: the name). */
  id?: string;
  min?: string;
  max?: string;
}

const describedBy = (ids: (string | false | undefined)[]) => {
  const list = ids.filter((id): id is string => typeof id === 'string');
  return list.length > 0 ? html` aria-describedby="${list.join(' ')}"` : '';
};

export function inputField(f: InputField): Html {
  const id = f.id ?? f.name;
  const hintId = f.hint && `${id}-hint`;
  const errorId = f.error && `${id}-error`;
  return html`<div class="field">
<label for="${id}">${f.label}</label>
${f.hint && html`<p class="hint" id="${hintId}">${f.hint}</p>`}
<input id="${id}" name="${f.name}" type="${f.type}"${f.type !== 'password' && html` value="${f.value ?? ''}"`}${f.autocomplete && html` autocomplete="${f.autocomplete}"`}${f.required && html` aria-required="true"`}${f.min && html` min="${f.min}"`}${f.max && html` max="${f.max}"`}${describedBy([hintId, errorId])}${f.error && html` aria-invalid="true"`}>
${f.error && html`<p class="field-error" id="${errorId}">${f.error}</p>`}
</div>`;
}

export interface SelectField {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  selected?: string;
  error?: string;
  hint?: string;
  id?: string;
  /** Extra attributes the script reads (data-*); values escaped. */
  data?: Record<string, string>;
  /** Ids of other elements describing the select (e.g. a warning). */
  describedBy?: string[];
}

export function selectField(f: SelectField): Html {
  const id = f.id ?? f.name;
  const hintId = f.hint && `${id}-hint`;
  const errorId = f.error && `${id}-error`;
  // Attribute names cannot be escaped: only lower-case words are taken (the callers' own constants).
  const data = Object.entries(f.data ?? {})
    .filter(([k]) => /^[a-z][a-z-]*$/.test(k))
    .map(([k, v]) => html` data-${k}="${v}"`);
  return html`<div class="field">
<label for="${id}">${f.label}</label>
${f.hint && html`<p class="hint" id="${hintId}">${f.hint}</p>`}
<select id="${id}" name="${f.name}"${data}${describedBy([hintId, errorId, ...(f.describedBy ?? [])])}${f.error && html` aria-invalid="true"`}>
${f.options.map((o) => html`<option value="${o.value}"${o.value === f.selected && html` selected`}>${o.label}</option>`)}
</select>
${f.error && html`<p class="field-error" id="${errorId}">${f.error}</p>`}
</div>`;
}

export interface CheckboxField {
  name: string;
  label: string;
  checked: boolean;
  hint?: string;
}

export function checkboxField(f: CheckboxField): Html {
  const hintId = f.hint && `${f.name}-hint`;
  return html`<div class="field checkbox">
<input id="${f.name}" name="${f.name}" type="checkbox" value="on"${f.checked && html` checked`}${describedBy([hintId])}>
<label for="${f.name}">${f.label}</label>
</div>
${f.hint && html`<p class="hint" id="${hintId}">${f.hint}</p>`}`;
}

/** Where a field's error links to in the summary: the element's id (fields with another id are named here). */
export type FieldIds = Partial<Record<string, string>>;

/**
 * The page's one alert: a sentence about the whole form (e.g. "Incorrect email or password."), and the fields' problems
 * as links to the fields. Nothing when there is neither.
 */
export function problemSummary(message: string | undefined, errors: FieldErrors = {}, ids: FieldIds = {}): Html | '' {
  const entries = Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string');
  if (!message && entries.length === 0) return '';
  return html`<div class="alert" role="alert">
${message && html`<p>${message}</p>`}
${entries.length > 0 && html`<ul>${entries.map(([field, text]) => html`<li><a href="#${ids[field] ?? field}">${text}</a></li>`)}</ul>`}
</div>`;
}
