/**
 * GET /clients sends each client as the JSON text PostgreSQL wrote (store/record-json.ts). These prove that text is
 * the very bytes the record's serializer and JSON.stringify write for the same rows, on the text most likely to tell
 * them apart: quotes, backslashes, control characters, non-ASCII, astral characters, U+2028, nulls, and timestamps
 * with microseconds (which both must truncate to the same millisecond).
 */
import { serializeClient } from '@studio/contracts/records';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from './given.js';
import { startTestStudio, type TestStudio } from './harness.js';

const AWKWARD = [
  'Quote " and backslash \\ and slash /',
  'Tab\tnew line\ncarriage\rform\fback\b',
  'Control \u0001\u001f and DEL \u007f',
  'Zoë Ångström, 写真家, Ελένη',
  'Astral 📷🎞️ and joiners 👩‍👩‍👧',
  'Line separators \u2028 \u2029',
  '<script>alert(1)</script> & </',
];

describe('clients in the JSON the database writes', () => {
  let t: TestStudio;
  let ws: string;
  let owner: Caller;
  beforeAll(async () => {
    t = await startTestStudio();
    const w = await t.given.workspace();
    ws = w.id;
    owner = await t.given.caller(w.ownerId);
    for (const [i, name] of AWKWARD.entries()) {
      await t.given.client(ws, {
        name,
        email: i % 2 === 0 ? `c${i}@example.com` : null,
        phone: i % 3 === 0 ? '+44 20 7946 0000' : null,
        notes: i % 2 === 1 ? `${name}\n${name}` : null,
      });
    }
    // Microseconds the JS Date cannot hold: both paths must truncate them to the same millisecond.
    await t.studio.db.pool.query(`UPDATE clients SET created_at = created_at + interval '999 microseconds' WHERE workspace_id = $1`, [ws]);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("is byte for byte JSON.stringify of the record's serializer, row for row", async () => {
    const { clients } = t.studio.stores;
    const page = { limit: 50 };
    const json = await clients.listJsonInWorkspaces([ws], page);
    const rows = await clients.listInWorkspaces([ws], page);
    expect(json).toHaveLength(AWKWARD.length);
    expect(json.map((r) => [r.createdAt.getTime(), r.id])).toEqual(rows.map((r) => [r.createdAt.getTime(), r.id]));
    for (const [i, row] of rows.entries()) expect(json[i]!.json).toBe(JSON.stringify(serializeClient(row)));
  });

  it('GET /clients answers the bytes JSON.stringify writes for the page, its cursor included', async () => {
    const rows = await t.studio.stores.clients.listInWorkspaces([ws], { limit: 50 });
    let cursor: string | undefined;
    const seen: string[] = [];
    for (let guard = 0; guard < 10; guard++) {
      const res = await t.api('GET', '/clients', { as: owner, query: { workspace_id: ws, limit: 3, cursor } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const expected = rows.slice(seen.length, seen.length + 3).map(serializeClient);
      expect(res.text).toBe(JSON.stringify({ ok: true, items: expected, next_cursor: res.body.next_cursor }));
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.text));
      seen.push(...res.body.items.map((c: { id: string }) => c.id));
      cursor = res.body.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(rows.map((r) => r.id));
  });

  it('an empty workspace is an empty page', async () => {
    const empty = await t.given.workspace({ ownerId: (await t.given.workspace()).ownerId });
    const caller = await t.given.caller(empty.ownerId);
    const res = await t.api('GET', '/clients', { as: caller, query: { workspace_id: empty.id } });
    expect(res.text).toBe('{"ok":true,"items":[],"next_cursor":null}');
  });
});
