/**
 * The pages' one way to write HTML: the `html` tagged template escapes every interpolated value, so text from a person
 * or from studio (a token's name, an e-mail, an error sentence) can never become markup. The only unescaped values are
 * fragments that `html` itself rendered (an Html); there is no way to mark an arbitrary string as safe.
 *
 * Interpolations: a string or number (escaped), an Html (as is), an array of them (joined), and false, null or
 * undefined (nothing, for `${cond && html`...`}`).
 */

/** Markup rendered by `html`: safe to interpolate into another template as it is. */
export class Html {
  /** Only `html` makes these: a private brand, so a plain object with a `text` member is not one. */
  readonly #brand = true;

  constructor(readonly text: string) {}

  static is(value: unknown): value is Html {
    return typeof value === 'object' && value !== null && #brand in value;
  }

  toString(): string {
    return this.text;
  }
}

export type HtmlValue = string | number | Html | false | null | undefined | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text as HTML: safe in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c]!);
}

function render(value: HtmlValue): string {
  if (value === false || value === null || value === undefined) return '';
  if (Html.is(value)) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new Html(out);
}
