/**
 * Which fields of each entity feed the index, and with what weight. The same table serves the event
 * consumer (data = the entity's public JSON) and the rebuild (fields of an IndexSource SourceDocument), so a
 * document looks the same whichever way it arrived.
 *
 * | type    | title (A)                 | B (names, e-mails, phones, ids) | C (notes, descriptions) | D (minor)            |
 * |---------|---------------------------|----------------------------------|--------------------------|----------------------|
 * | client  | name                      | email, phone, company            | notes                    |                      |
 * | lead    | name                      | email, phone, company            | notes, message           | source               |
 * | shoot   | title                     | location                         | notes, description      | slug, state          |
 * | gallery | title                     |                                  | description              | slug                 |
 * | album   | title (or name)           |                                  | description              |                      |
 * | order   | "Order <number>", number  | customer_name, email             | notes                    | status               |
 *
 * Every field is indexed by its tokens (so e-mail fragments such as "smith@exa" or "john.sm" match by prefix);
 * phone fields also by their digits and the digits' suffixes, so "555-1234" or "4567" match anywhere in the
 * number.
 */
import { cleanText, type FieldKind, type IndexedField, type Weight } from './text-analysis.js';

export const DOC_TYPES = ['client', 'lead', 'shoot', 'gallery', 'album', 'order'] as const;
export type DocType = (typeof DOC_TYPES)[number];

export function isDocType(value: unknown): value is DocType {
  return typeof value === 'string' && (DOC_TYPES as readonly string[]).includes(value);
}

interface TypeMapping {
  /** Fields tried in order for the title; the first non-empty one wins. */
  titleFrom: string[];
  /** Builds the title from the chosen value (e.g. "Order 1042"). */
  titleFormat?: (value: string) => string;
  /** The indexed fields by weight, as in the table above; a document lists them in this order (A to D). */
  fields: Partial<Record<Weight, string[]>>;
}

export const TYPE_MAPPINGS: Record<DocType, TypeMapping> = {
  client: { titleFrom: ['name', 'email'], fields: { B: ['email', 'phone', 'company'], C: ['notes'] } },
  lead: { titleFrom: ['name', 'email'], fields: { B: ['email', 'phone', 'company'], C: ['notes', 'message'], D: ['source'] } },
  shoot: { titleFrom: ['title', 'slug'], fields: { B: ['location'], C: ['notes', 'description'], D: ['slug', 'state'] } },
  gallery: { titleFrom: ['title', 'slug'], fields: { C: ['description'], D: ['slug'] } },
  album: { titleFrom: ['title', 'name'], fields: { C: ['description'] } },
  order: {
    titleFrom: ['number'],
    titleFormat: (n) => `Order ${n}`,
    fields: { A: ['number'], B: ['customer_name', 'email'], C: ['notes'], D: ['status'] },
  },
};

const WEIGHTS: readonly Weight[] = ['A', 'B', 'C', 'D'];
/** Fields indexed by more than their tokens (see above); every other field is plain text. */
const FIELD_KINDS: Readonly<Record<string, FieldKind>> = { email: 'email', phone: 'phone' };

/** Longest text kept per field (notes are at most 10,000 characters in studio). */
const MAX_FIELD_CHARS = 20_000;
const MAX_TITLE_CHARS = 500;

function textOf(value: unknown): string | null {
  if (typeof value === 'string') {
    const t = cleanText(value).trim();
    return t ? t.slice(0, MAX_FIELD_CHARS) : null;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export interface MappedDocument {
  title: string;
  /** Every indexed field including the title (weight A, name "title"). */
  fields: IndexedField[];
}

/**
 * Maps an entity's JSON (event data, or a source document's fields) to the indexed fields. `explicitTitle`
 * (from an IndexSource) wins over the title derived from the fields.
 */
export function mapDocument(type: DocType, data: Record<string, unknown>, explicitTitle?: string | null): MappedDocument {
  const mapping = TYPE_MAPPINGS[type];
  let title = explicitTitle ? textOf(explicitTitle) : null;
  if (!title) {
    for (const name of mapping.titleFrom) {
      const v = textOf(data[name]);
      if (v) {
        title = mapping.titleFormat ? mapping.titleFormat(v) : v;
        break;
      }
    }
  }
  title = (title ?? '').slice(0, MAX_TITLE_CHARS);
  const fields: IndexedField[] = [];
  if (title) fields.push({ name: 'title', weight: 'A', kind: 'text', text: title });
  for (const weight of WEIGHTS) {
    for (const name of mapping.fields[weight] ?? []) {
      const text = textOf(data[name]);
      if (text) fields.push({ name, weight, kind: FIELD_KINDS[name] ?? 'text', text });
    }
  }
  return { title, fields };
}
