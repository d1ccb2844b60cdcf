/**
 * index.v1.IndexSource over real gRPC: DescribeSource, and StreamDocuments streaming every live client, lead, shoot
 * and order of one workspace (never another workspace's), paged through more rows than one page holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc, loadProto } from '@studio/grpc';
import { INDEX_SOURCE_PROTO } from '@studio/proto/index-source';
import { INDEX_PAGE_SIZE } from '../src/services/index-source.service.js';
import { MISSING_ID, startTestStudio, type TestStudio } from './harness.js';
import { rawCall } from './support/operations.js';

interface Doc {
  type: string;
  id: string;
  workspace_id: string;
  title: string;
  fields: Record<string, string>;
  updated_at: string;
  deleted: boolean;
}

/** Reads a whole stream: the documents and the final status. */
function stream(
  client: grpc.Client,
  request: { workspace_id: string; types?: string[] },
): Promise<{ docs: Doc[]; code: number; details?: string }> {
  return new Promise((resolve) => {
    const fn = (client as unknown as Record<string, (...args: unknown[]) => unknown>).StreamDocuments!;
    const call = fn.call(client, { types: [], ...request }, new grpc.Metadata(), {
      deadline: Date.now() + 30_000,
    }) as grpc.ClientReadableStream<Doc>;
    const docs: Doc[] = [];
    call.on('data', (d: Doc) => docs.push(d));
    call.on('error', (err: grpc.ServiceError) => resolve({ docs, code: err.code, details: err.details }));
    call.on('end', () => resolve({ docs, code: grpc.status.OK }));
  });
}

describe('gRPC IndexSource', () => {
  let t: TestStudio;
  let client: grpc.Client;
  beforeAll(async () => {
    t = await startTestStudio();
    client = t.grpcClient(loadProto(INDEX_SOURCE_PROTO).index.v1.IndexSource, 'search');
  });
  afterAll(async () => {
    client?.close();
    await t?.stop();
  });

  it('DescribeSource names client, lead, shoot and order', async () => {
    expect(await rawCall(client, 'DescribeSource', {})).toEqual({
      code: grpc.status.OK,
      response: { types: ['client', 'lead', 'shoot', 'order'] },
    });
  });

  it('streams every live record of the workspace with title, fields and updated_at, and nothing of another workspace', async () => {
    const ws = (await t.given.workspace()).id;
    const other = (await t.given.workspace()).id;
    const jane = await t.given.client(ws, {
      name: 'Jane Smith',
      email: 'jane@example.com',
      phone: '+44 20 7946 0018',
      notes: 'Loves film',
    });
    const lead = await t.given.lead(ws, { name: 'Priya Patel', source: 'Instagram', clientId: jane.id });
    const shoot = await t.given.shoot(ws, { title: 'Smith Wedding', location: 'Old Mill', clientId: jane.id, shotList: ['Rings'] });
    const order = await t.given.pendingOrder(ws, { clientId: jane.id, number: 'PO-1042' });
    const gone = await t.given.lead(ws, { name: 'Deleted Lead' });
    await t.studio.services.leads.delete(ws, gone.id);
    await t.given.client(other, { name: 'Other Tenant' });
    await t.given.shoot(other, { title: 'Other Shoot' });

    const res = await stream(client, { workspace_id: ws.toUpperCase() });
    expect(res.code).toBe(grpc.status.OK);
    const byId = new Map(res.docs.map((d) => [d.id, d]));
    expect([...byId.keys()].sort()).toEqual([jane.id, lead.id, shoot.id, order.id].sort());
    expect(res.docs.every((d) => d.workspace_id === ws && d.deleted === false)).toBe(true);

    const clientRow = await t.studio.db.client.client.findUniqueOrThrow({ where: { id: jane.id } });
    expect(byId.get(jane.id)).toEqual({
      type: 'client',
      id: jane.id,
      workspace_id: ws,
      title: 'Jane Smith',
      fields: {
        name: 'Jane Smith',
        email: 'jane@example.com',
        phone: '+44 20 7946 0018',
        notes: 'Loves film',
        created_at: jane.created_at,
      },
      updated_at: clientRow.updatedAt.toISOString(),
      deleted: false,
    });
    expect(byId.get(lead.id)).toMatchObject({
      type: 'lead',
      title: 'Priya Patel',
      fields: { name: 'Priya Patel', source: 'Instagram', client_id: jane.id },
      updated_at: lead.updated_at,
    });
    expect(byId.get(shoot.id)).toMatchObject({
      type: 'shoot',
      title: 'Smith Wedding',
      fields: { title: 'Smith Wedding', slug: 'smith-wedding', state: 'planned', location: 'Old Mill', client_id: jane.id },
      updated_at: shoot.updated_at,
    });
    expect(byId.get(order.id)).toMatchObject({
      type: 'order',
      title: 'Order PO-1042',
      fields: { number: 'PO-1042', status: 'pending', total_cents: '4900', currency: 'EUR' },
    });
    for (const d of res.docs) {
      expect(d.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Object.values(d.fields).every((v) => typeof v === 'string' && v !== '')).toBe(true);
    }

    const onlyShoots = await stream(client, { workspace_id: ws, types: ['shoot', 'gallery'] });
    expect(onlyShoots.docs.map((d) => d.id)).toEqual([shoot.id]);
    const theirs = await stream(client, { workspace_id: other });
    expect(theirs.docs.map((d) => d.title).sort()).toEqual(['Other Shoot', 'Other Tenant']);
  });

  it('pages through more records than one read holds, each exactly once', async () => {
    const ws = (await t.given.workspace()).id;
    const n = INDEX_PAGE_SIZE * 2 + 37;
    const createdAt = new Date('2026-01-01T00:00:00Z'); // many rows share one created_at: the keyset still advances by id
    await t.studio.db.client.client.createMany({
      data: Array.from({ length: n }, (_, i) => ({
        workspaceId: ws,
        name: `Bulk Client ${i}`,
        createdAt: i % 3 === 0 ? createdAt : new Date(createdAt.getTime() + i),
      })),
    });
    const res = await stream(client, { workspace_id: ws, types: ['client'] });
    expect(res.code).toBe(grpc.status.OK);
    expect(res.docs).toHaveLength(n);
    expect(new Set(res.docs.map((d) => d.id)).size).toBe(n);
  });

  it('INVALID_ARGUMENT for a malformed workspace id; an unknown workspace streams nothing and ends OK', async () => {
    const bad = await stream(client, { workspace_id: 'not-a-uuid' });
    expect(bad).toMatchObject({ docs: [], code: grpc.status.INVALID_ARGUMENT, details: 'workspace_id: must be a UUID' });
    expect(await stream(client, { workspace_id: MISSING_ID })).toEqual({ docs: [], code: grpc.status.OK });
  });

  it('a client that cancels mid-stream does not disturb the server', async () => {
    const ws = (await t.given.workspace()).id;
    await t.studio.db.client.client.createMany({ data: Array.from({ length: 1500 }, (_, i) => ({ workspaceId: ws, name: `C${i}` })) });
    const fn = (client as unknown as Record<string, (...args: unknown[]) => unknown>).StreamDocuments!;
    const call = fn.call(client, { workspace_id: ws, types: [] }, new grpc.Metadata()) as grpc.ClientReadableStream<Doc>;
    const ended = new Promise<number>((resolve) => call.on('error', (err: grpc.ServiceError) => resolve(err.code)));
    let seen = 0;
    call.on('data', () => {
      if (++seen === 10) call.cancel();
    });
    expect(await ended).toBe(grpc.status.CANCELLED);
    const again = await stream(client, { workspace_id: ws });
    expect(again.docs).toHaveLength(1500);
  });
});
