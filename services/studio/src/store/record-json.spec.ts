import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientRecord } from '@studio/contracts/records';
import { jsonRowColumns, recordJsonSql } from './record-json.js';

describe('recordJsonSql', () => {
  it("selects every member of the record in the schema's order, timestamps as ISO 8601 UTC with milliseconds", () => {
    expect(recordJsonSql(clientRecord, 'clients').sql).toBe(
      'row_to_json((SELECT j FROM (SELECT "clients".id AS id, "clients".workspace_id AS workspace_id, "clients".name AS name, ' +
        '"clients".email AS email, "clients".phone AS phone, "clients".notes AS notes, ' +
        `to_char("clients".created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at) j))::text`,
    );
  });

  it('takes booleans, integers and enums, nullable or not', () => {
    const record = z.object({ done: z.boolean(), position: z.number().int(), count: z.int().nullable(), state: z.enum(['a', 'b']) });
    expect(recordJsonSql(record, 'items').sql).toContain('"items".done AS done, "items".position AS position, "items".count AS count');
  });

  it('refuses members whose JSON the database could write otherwise than JSON.stringify of the serializer', () => {
    expect(() => recordJsonSql(z.object({ total: z.number() }), 't')).toThrow(/total \(number\)/);
    expect(() => recordJsonSql(z.object({ counts: z.object({ n: z.int() }) }), 't')).toThrow(/counts \(object\)/);
    expect(() => recordJsonSql(z.object({ tags: z.array(z.string()) }), 't')).toThrow(/tags \(array\)/);
  });

  it('refuses a table or member that is not a plain name', () => {
    expect(() => recordJsonSql(clientRecord, 'clients; drop')).toThrow(/not a table name/);
    expect(() => recordJsonSql(z.object({ 'a"b': z.string() }), 't')).toThrow(/not a column name/);
  });

  it("reads a row's keyset columns beside its JSON", () => {
    expect(jsonRowColumns(clientRecord, 'clients').sql).toMatch(/^id, created_at AS "createdAt", row_to_json\(.*\)::text AS json$/s);
  });
});
