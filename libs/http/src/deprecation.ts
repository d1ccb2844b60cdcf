/**
 * One way to say "deprecated" (issue 24 item 7): every deprecated operation, and every answer to a deprecated form of
 * input (the legacy offset cursor), carries the same three headers:
 *
 * - `Deprecation: @<unix seconds>` (RFC 9745: a structured-field date, when it was deprecated);
 * - `Sunset: <IMF-fixdate>` (RFC 8594: when it stops working);
 * - `Link: <migration guide>; rel="deprecation"; type="text/html"` (RFC 9745 section 3: where to read what to do).
 *
 * The route builder sets them on every answer of a route whose definition has `deprecated: {...}` (route.ts), and
 * the OpenAPI generator marks such an operation deprecated and documents the headers (openapi.ts).
 */
import type { ServerResponse } from 'node:http';

/** The public path of the HTML API reference (served by the gateway); migration guides are sections of it. */
export const PUBLIC_DOCS_PATH = '/api/v1/docs';

export interface Deprecation {
  /** When it was deprecated. */
  since: Date;
  /** When it stops working (after `since`). */
  sunset: Date;
  /** The migration guide: a path-absolute or absolute URL of an HTML page. */
  link: string;
}

/**
 * A deprecation checked once, where it is declared: dates as `YYYY-MM-DD` (midnight UTC), `guide` the Redoc section
 * id of the migration guide in the API reference's introduction (`Migrating-from-offset-cursors`: the heading
 * "Migrating from offset cursors" with spaces as dashes).
 */
export function deprecation(opts: { since: string; sunset: string; guide: string }): Deprecation {
  const since = utcDate(opts.since);
  const sunset = utcDate(opts.sunset);
  if (sunset.getTime() <= since.getTime()) throw new Error(`deprecation: the sunset ${opts.sunset} is not after ${opts.since}`);
  if (!/^[A-Za-z0-9-]+$/.test(opts.guide)) throw new Error(`deprecation: "${opts.guide}" is not a section id`);
  return { since, sunset, link: `${PUBLIC_DOCS_PATH}#section/${opts.guide}` };
}

function utcDate(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) throw new Error(`deprecation: "${text}" is not a date`);
  return date;
}

/** The three header values of a deprecation. */
export function deprecationHeaders(d: Deprecation): { Deprecation: string; Sunset: string; Link: string } {
  return {
    Deprecation: `@${Math.floor(d.since.getTime() / 1000)}`,
    Sunset: d.sunset.toUTCString(),
    Link: `<${d.link}>; rel="deprecation"; type="text/html"`,
  };
}

/** Sets the three headers on an answer (before it is sent; an error answer keeps them). */
export function setDeprecationHeaders(res: Pick<ServerResponse, 'setHeader'>, d: Deprecation): void {
  for (const [name, value] of Object.entries(deprecationHeaders(d))) res.setHeader(name, value);
}
