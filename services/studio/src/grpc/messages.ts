/**
 * JSON <-> proto3 for studio's gRPC adapters. Proto3 has no null: an absent value travels as "" (the messages of
 * proto/studio/v1/studio.proto mirror the JSON shapes), and a "" in a plain request string means "not given".
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The JSON shape with every null replaced by "" (recursively), ready for proto-loader to encode. */
export function toMessage<T extends object>(json: T): Record<string, unknown> {
  return convert(json as unknown as Json) as Record<string, unknown>;
}

function convert(value: Json): Json {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map(convert);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
  return value;
}

/** A plain (non-optional) request string: "" means not given. */
export function given(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}
