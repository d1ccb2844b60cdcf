/**
 * How deeply a JSON value may nest. No input of the public API nests deeper than a few levels (the deepest,
 * `{ "files": [ { ... } ] }`, has 3), but a 1 MiB body can nest half a million arrays, and every recursive walk
 * over such a value (JSON.stringify, the gateway's canonical JSON for Idempotency-Key, a logger) overflows the
 * call stack: a 500. Decision (issue 14, item 10): a body or input nested deeper than MAX_JSON_DEPTH is refused
 * at the edge with 400 invalid_input, by the gateway's body reader and again by parseInput in every service.
 */

/** Containers (objects and arrays) a JSON value may nest: `{}` is depth 1, `{"a":[1]}` depth 2. */
export const MAX_JSON_DEPTH = 32;

/** The refusal, in the words every edge uses. */
export const TOO_DEEP_MESSAGE = `must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`;

/**
 * Whether `value` nests objects and arrays more than `max` levels deep. Walks with an explicit stack (never
 * recursion, so that the check itself cannot overflow) and stops at the first container past `max`.
 */
export function exceedsJsonDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return false;
  // A flat object or array (path parameters, query strings, headers, most bodies' members): depth 1, no walk.
  if (max >= 1 && !hasObjectMember(value)) return false;
  const stack: [member: unknown, depth: number][] = [[value, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [member, depth] = next;
    if (member === null || typeof member !== 'object') continue;
    if (depth + 1 > max) return true;
    const children = Array.isArray(member) ? member : Object.values(member);
    for (const child of children) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

function hasObjectMember(value: object): boolean {
  if (Array.isArray(value)) {
    for (const member of value) if (member !== null && typeof member === 'object') return true;
    return false;
  }
  for (const key in value) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== null && typeof member === 'object') return true;
  }
  return false;
}
