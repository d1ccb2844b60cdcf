/** Identifier checks for values that arrive outside the HTTP schemas (CLI arguments, gRPC fields). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in canonical text form; lets a bad id be refused before it reaches a uuid column. */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
