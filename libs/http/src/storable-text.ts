/**
 * Text every store can hold. JSON may carry strings that are not valid Unicode text: a lone UTF-16 surrogate
 * (`"\ud800"`) cannot be written as UTF-8 (PostgreSQL, Redis, protobuf all refuse or mangle it), and U+0000 (NUL)
 * cannot be stored in a PostgreSQL `text` column. Both used to surface as 500s from the database.
 *
 * Decision (issue 14, item 10): such strings are refused at the edge, in every member of every input, whatever the
 * member is for: `parseInput` walks the raw input (object keys and string values, at any depth) before handing a
 * value on, so the HTTP routes, the gRPC operations and the operator CLI refuse it alike with 400 invalid_input.
 * NUL is refused everywhere, not only where the column is text: no member of the public API is binary, and a single
 * rule is easier to trust than one per column. Paired surrogates (emoji and other astral characters) are valid text.
 */

/** A lone high surrogate (not followed by a low one) or a lone low surrogate (not preceded by a high one). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `text` cannot be stored, or undefined when it can. */
export function unstorableTextReason(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone UTF-16 surrogate';
  return undefined;
}

export interface UnstorableText {
  /** Path of the member, as in zod issues: object keys and array indexes. */
  path: (string | number)[];
  message: string;
}

/** One member still to look at: its value, its key in its parent, and the parent (paths are built only when needed). */
interface Pending {
  value: unknown;
  key?: string | number;
  parent?: Pending;
}

/**
 * The first string in `value` (an object key or a string value, at any depth, in plain objects and arrays) that
 * cannot be stored, or undefined. Walks with an explicit stack so that deep nesting cannot overflow the call stack.
 */
export function findUnstorableText(value: unknown): UnstorableText | undefined {
  if (isFlatTextRecord(value)) return findInFlatRecord(value);
  const stack: Pending[] = [{ value }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const member = next.value;
    if (typeof member === 'string') {
      const message = unstorableTextReason(member);
      if (message) return { path: pathOf(next), message };
    } else if (Array.isArray(member)) {
      for (let index = member.length - 1; index >= 0; index--) stack.push({ value: member[index], key: index, parent: next });
    } else if (member !== null && typeof member === 'object' && isPlainObject(member)) {
      const entries = Object.entries(member);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] as [string, unknown];
        const message = unstorableTextReason(key);
        if (message) return { path: [...pathOf(next), key], message: `member name ${message}` };
        stack.push({ value: child, key, parent: next });
      }
    }
  }
  return undefined;
}

/**
 * Path parameters, query strings and headers: a plain object whose members are all strings. The walk below would
 * allocate an entry per member; this answers the same (the same member, the same message) in two plain loops.
 */
function isFlatTextRecord(value: unknown): value is Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !isPlainObject(value)) return false;
  for (const key in value) if (typeof (value as Record<string, unknown>)[key] !== 'string') return false;
  return true;
}

function findInFlatRecord(record: Record<string, string>): UnstorableText | undefined {
  const keys = Object.keys(record);
  // As the walk does: every member name first (it checks them while stacking the members, last first), then the
  // values in order.
  for (let index = keys.length - 1; index >= 0; index--) {
    const message = unstorableTextReason(keys[index]!);
    if (message) return { path: [keys[index]!], message: `member name ${message}` };
  }
  for (const key of keys) {
    const message = unstorableTextReason(record[key]!);
    if (message) return { path: [key], message };
  }
  return undefined;
}

function pathOf(member: Pending): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Pending | undefined = member; at?.parent; at = at.parent) path.push(at.key as string | number);
  return path.reverse();
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
