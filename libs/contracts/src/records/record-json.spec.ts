import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { recordSerializer, type RecordRow, toRecordJson } from './record-json.js';

const thing = z.object({
  id: z.uuid(),
  display_name: z.string(),
  done_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  shot_list: z.object({ total: z.int(), done: z.int() }),
});

const row = {
  id: '0b8f5c1e-2a4d-4c7e-9f1a-3b5d7e9f1a2c',
  displayName: 'A',
  doneAt: null,
  createdAt: new Date('2026-11-28T09:00:00.123Z'),
  shotList: { total: 2, done: 1 },
  storageKey: 'never copied',
};

describe('toRecordJson', () => {
  it('reads each snake_case member from its camelCase property and writes Dates as ISO strings', () => {
    expect(toRecordJson(thing, row)).toEqual({
      id: row.id,
      display_name: 'A',
      done_at: null,
      created_at: '2026-11-28T09:00:00.123Z',
      shot_list: { total: 2, done: 1 },
    });
  });

  it('copies only the members of the schema, in its order, and the JSON parses with the schema', () => {
    const json = recordSerializer(thing)(row);
    expect(Object.keys(json)).toEqual(['id', 'display_name', 'done_at', 'created_at', 'shot_list']);
    expect(thing.strict().parse(json)).toEqual(json);
  });

  it('types the row from the schema: every member camelCased, a Date allowed for a string', () => {
    expectTypeOf<RecordRow<typeof thing>>().toEqualTypeOf<{
      id: string | Date;
      displayName: string | Date;
      doneAt: string | Date | null;
      createdAt: string | Date;
      shotList: { total: number; done: number };
    }>();
    // @ts-expect-error a row without a member of the schema does not compile
    toRecordJson(thing, { id: row.id, displayName: 'A', doneAt: null, createdAt: new Date() });
  });
});
