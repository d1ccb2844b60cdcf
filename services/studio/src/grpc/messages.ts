/**
 * JSON <-> proto3 for studio's gRPC adapters. Proto3 has no null: the messages of proto/studio/v1/studio.proto mirror
 * the JSON shapes with "" for an absent value, in answers and in requests alike; a proto3 `optional` member (in
 * updates) also tells whether it was sent at all.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The JSON shape T as a proto message: null becomes "" (recursively). */
export type Message<T> = T extends null
  ? ''
  : T extends (infer Item)[]
    ? Message<Item>[]
    : T extends object
      ? { [K in keyof T]: Message<T[K]> }
      : T;

/** The JSON shape with every null replaced by "" (recursively), ready for proto-loader to encode. */
export function toMessage<T extends object>(json: T): Message<T> {
  return convert(json as unknown as Json) as Message<T>;
}

function convert(value: Json): Json {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map(convert);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
  return value;
}

/**
 * A decoded request as the input of its operation (then parsed with the operation's schema). A plain string member
 * that is "" was not given: it is left out. A proto3 `optional` member that was sent (proto-loader marks it with its
 * synthetic oneof, `_email: 'email'`) keeps its value, and "" becomes null: the update clears that member; one that
 * was not sent is absent (the update leaves it unchanged). The synthetic oneof members themselves are left out.
 */
export function requestInput(request: object): Record<string, unknown> {
  const members = request as Record<string, unknown>;
  const sent = (name: string) => members[`_${name}`] === name;
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(members)) {
    if (name.startsWith('_') && value === name.slice(1)) continue;
    if (value === undefined) continue;
    if (value === '') {
      if (sent(name)) input[name] = null;
      continue;
    }
    input[name] = value;
  }
  return input;
}
