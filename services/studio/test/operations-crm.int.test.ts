/**
 * Clients, leads and shoots over studio.v1.StudioOperations: the internal events of the search projection
 * (client.updated/deleted, lead.created/updated/deleted, shoot.updated/deleted), each once, with event-carried state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@studio/grpc';
import { NOT_FOUND_TEXT } from './harness.js';
import { nullify, startOperationsContext, type OperationsContext } from './support/operations.js';

const { INVALID_ARGUMENT, NOT_FOUND } = grpc.status;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('StudioOperations: clients, leads, shoots', () => {
  let c: OperationsContext;
  beforeAll(async () => {
    c = await startOperationsContext();
  });
  afterAll(async () => {
    await c?.stop();
  });

  it('client.updated carries the whole client with a newer updated_at; optional members: absent unchanged, "" clears', async () => {
    const ws = await c.t.given.workspace();
    const client = await c.t.given.client(ws.id, { name: 'Jane', email: 'jane@example.com', phone: '+44 1', notes: 'VIP' });
    const first = await c.op(
      ws.id,
      'UpdateClient',
      { workspace_id: ws.id, client_id: client.id, name: 'Jane Smith', email: 'JANE.SMITH@example.com', phone: '' },
      ['client.updated'],
    );
    const json = nullify(first.response);
    expect(json).toEqual({ ...client, name: 'Jane Smith', email: 'jane.smith@example.com', phone: null });
    const data = first.events['client.updated']!.data;
    expect(data).toEqual({ client_id: client.id, ...json, updated_at: expect.stringMatching(ISO) });
    expect(data.updated_at > client.created_at).toBe(true);
    const second = await c.op(ws.id, 'UpdateClient', { workspace_id: ws.id, client_id: client.id, notes: 'Prefers mornings' }, [
      'client.updated',
    ]);
    expect(second.events['client.updated']!.data).toMatchObject({ name: 'Jane Smith', notes: 'Prefers mornings' });
    expect(second.events['client.updated']!.data.updated_at > data.updated_at).toBe(true);

    await c.refused(ws.id, 'UpdateClient', { workspace_id: ws.id, client_id: client.id }, INVALID_ARGUMENT);
    await c.refused(ws.id, 'UpdateClient', { workspace_id: ws.id, client_id: client.id, email: 'not-an-email' }, INVALID_ARGUMENT);
    await c.refused(ws.id, 'UpdateClient', { workspace_id: ws.id, client_id: client.id, name: '' }, INVALID_ARGUMENT);
    const other = await c.t.given.workspace();
    await c.refused(other.id, 'UpdateClient', { workspace_id: other.id, client_id: client.id, name: 'Mallory' }, NOT_FOUND);
  });

  it('client.deleted, and its shoots, leads and orders are detached with their own updated events', async () => {
    const ws = await c.t.given.workspace();
    const client = await c.t.given.client(ws.id);
    const shoot = await c.t.given.shoot(ws.id, { clientId: client.id });
    const lead = await c.t.given.lead(ws.id, { clientId: client.id });
    const order = await c.t.given.pendingOrder(ws.id, { clientId: client.id });
    const bystander = await c.t.given.shoot(ws.id);
    const res = await c.op(ws.id, 'DeleteClient', { workspace_id: ws.id, client_id: client.id }, [
      'client.deleted',
      'shoot.updated',
      'lead.updated',
      'order.updated',
    ]);
    expect(res.response).toEqual({ id: client.id, deleted_at: expect.stringMatching(ISO) });
    expect(res.events['client.deleted']!.data).toEqual({ client_id: client.id, deleted_at: res.response.deleted_at });
    expect(res.events['shoot.updated']!.data).toMatchObject({ shoot_id: shoot.id, client_id: null });
    expect(res.events['shoot.updated']!.data.updated_at > shoot.updated_at).toBe(true);
    expect(res.events['lead.updated']!.data).toMatchObject({ lead_id: lead.id, client_id: null });
    expect(res.events['order.updated']!.data).toMatchObject({
      order_id: order.id,
      client_id: null,
      status: 'pending',
      previous_status: 'pending',
    });
    expect(res.events['shoot.updated']!.data.shoot_id).not.toBe(bystander.id);
    await c.refused(ws.id, 'DeleteClient', { workspace_id: ws.id, client_id: client.id }, NOT_FOUND);
    const ten = await c.t.given.caller(ws.ownerId);
    const list = await c.t.api('GET', '/clients', { as: ten, query: { workspace_id: ws.id } });
    expect(list.body.items).toEqual([]);
  });

  it('lead.created, lead.updated, lead.deleted', async () => {
    const ws = await c.t.given.workspace();
    const created = await c.op(
      ws.id,
      'CreateLead',
      {
        workspace_id: ws.id,
        name: 'Priya Patel',
        email: 'Priya@Example.com',
        phone: '+1 555 0101',
        source: 'Instagram',
        notes: 'Wedding in June',
      },
      ['lead.created'],
    );
    const lead = nullify(created.response);
    expect(lead).toMatchObject({
      name: 'Priya Patel',
      email: 'priya@example.com',
      source: 'Instagram',
      client_id: null,
      updated_at: expect.stringMatching(ISO),
    });
    expect(created.events['lead.created']!.data).toEqual({ lead_id: lead.id, ...lead });

    const client = await c.t.given.client(ws.id);
    const updated = await c.op(ws.id, 'UpdateLead', { workspace_id: ws.id, lead_id: lead.id, client_id: client.id, source: '' }, [
      'lead.updated',
    ]);
    expect(updated.events['lead.updated']!.data).toMatchObject({
      lead_id: lead.id,
      client_id: client.id,
      source: null,
      name: 'Priya Patel',
    });

    const deleted = await c.op(ws.id, 'DeleteLead', { workspace_id: ws.id, lead_id: lead.id }, ['lead.deleted']);
    expect(deleted.events['lead.deleted']!.data).toEqual({ lead_id: lead.id, deleted_at: deleted.response.deleted_at });
    await c.refused(ws.id, 'DeleteLead', { workspace_id: ws.id, lead_id: lead.id }, NOT_FOUND);
    await c.refused(ws.id, 'CreateLead', { workspace_id: ws.id, name: '   ' }, INVALID_ARGUMENT);
    const other = await c.t.given.workspace();
    await c.refused(
      ws.id,
      'CreateLead',
      { workspace_id: ws.id, name: 'x', client_id: (await c.t.given.client(other.id)).id },
      INVALID_ARGUMENT,
    );
  });

  it('shoot.updated (title, location, schedule; the slug stays) and shoot.deleted', async () => {
    const ws = await c.t.given.workspace();
    const shoot = await c.t.given.shoot(ws.id, { title: 'Smith Wedding', location: 'Old Mill', shotList: ['Rings'] });
    const updated = await c.op(
      ws.id,
      'UpdateShoot',
      {
        workspace_id: ws.id,
        shoot_id: shoot.id,
        title: 'Smith & Jones Wedding',
        location: '',
        scheduled_start: '2027-07-01T12:00:00Z',
        scheduled_end: '2027-07-01T22:00:00Z',
      },
      ['shoot.updated'],
    );
    const json = nullify(updated.response);
    expect(json).toMatchObject({
      title: 'Smith & Jones Wedding',
      slug: 'smith-wedding',
      location: null,
      scheduled_start: '2027-07-01T12:00:00.000Z',
      state: 'planned',
    });
    const { shot_list_items: _items, ...listShape } = json;
    expect(updated.events['shoot.updated']!.data).toEqual({ shoot_id: shoot.id, ...listShape });
    expect(updated.events['shoot.updated']!.data.shot_list).toEqual({ total: 1, done: 0 });

    await c.refused(
      ws.id,
      'UpdateShoot',
      { workspace_id: ws.id, shoot_id: shoot.id, scheduled_end: '2027-07-01T11:00:00Z' },
      INVALID_ARGUMENT,
    );
    await c.refused(ws.id, 'UpdateShoot', { workspace_id: ws.id, shoot_id: shoot.id, title: '' }, INVALID_ARGUMENT);
    await c.refused(ws.id, 'UpdateShoot', { workspace_id: ws.id, shoot_id: shoot.id }, INVALID_ARGUMENT);

    const deleted = await c.op(ws.id, 'DeleteShoot', { workspace_id: ws.id, shoot_id: shoot.id }, ['shoot.deleted']);
    expect(deleted.events['shoot.deleted']!.data).toEqual({ shoot_id: shoot.id, deleted_at: deleted.response.deleted_at });
    const owner = await c.t.given.caller(ws.ownerId);
    const read = await c.t.api('GET', `/shoots/${shoot.id}`, { as: owner });
    expect(read.text).toBe(NOT_FOUND_TEXT);
    await c.refused(ws.id, 'DeleteShoot', { workspace_id: ws.id, shoot_id: shoot.id }, NOT_FOUND);
  });
});
