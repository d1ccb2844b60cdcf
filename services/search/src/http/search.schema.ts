/** zod schemas of GET /search (validated once at the edge by the route builder; 400 invalid_input). */
import { z } from 'zod';
import { cursor, int32, limit, listResponse, uuid, withWireFormat } from '@studio/http';
import { DOC_TYPES, isDocType, type DocType } from '../services/document-mapping.js';
import { MAX_QUERY_CHARS } from '../services/query-parser.js';

const MAX_TYPES_CHARS = 500;

/**
 * `types`: comma-separated (or repeated) subset of the six types. Unknown values are dropped, not rejected;
 * case and spaces are ignored; nothing left (or omitted) means every type.
 */
export function parseTypes(value: string | string[] | undefined): DocType[] | null {
  if (value === undefined) return null;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','));
  const out: DocType[] = [];
  for (const part of parts) {
    const t = part.trim().toLowerCase();
    if (isDocType(t) && !out.includes(t)) out.push(t);
  }
  return out.length === 0 || out.length === DOC_TYPES.length ? null : out;
}

export const searchQuerySchema = z.object({
  /** Trimmed; 1 to 256 characters. A query without letters or digits is valid and matches nothing. */
  q: withWireFormat(
    z
      .string({ message: 'is required' })
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'must contain at least one character').max(MAX_QUERY_CHARS, `must be at most ${MAX_QUERY_CHARS} characters`)),
    // OpenAPI: the trim above hides the length rule from the generated JSON Schema.
    { type: 'string', minLength: 1, description: `The search text; trimmed, it must have 1 to ${MAX_QUERY_CHARS} characters.` },
  ),
  workspace_id: uuid(),
  types: z
    .union([z.string().max(MAX_TYPES_CHARS), z.array(z.string().max(MAX_TYPES_CHARS)).max(10)])
    .optional()
    .transform(parseTypes),
  limit: limit(50, 20),
  cursor: cursor(),
});

/**
 * One highlighted run of a snippet's `text`: `[start, end]`, end exclusive, in UTF-16 code units. Written as an
 * array of exactly two integers rather than a tuple: `prefixItems` with `items: false` is valid JSON Schema 2020-12,
 * but linters and code generators (Spectral, openapi-typescript's older modes) misread it.
 */
const highlightSchema = z
  .array(int32(0))
  .length(2)
  .describe('A highlighted run of `text`: [start, end), end exclusive, in UTF-16 code units.');

export const searchItemSchema = z
  .object({
    type: z.enum(DOC_TYPES),
    id: z.string(),
    title: z.string(),
    snippet: z
      .object({
        field: z.string(),
        text: z.string(),
        highlights: z.array(highlightSchema),
      })
      .nullable(),
    rank: z.number(),
  })
  .meta({ id: 'SearchResult' });

export const searchResponseSchema = listResponse(searchItemSchema);
