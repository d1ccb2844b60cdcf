import { describe, expect, it } from 'vitest';
import {
  serializeClient,
  serializeInvoice,
  serializeOrder,
  serializeReachedWorkspace,
  serializeShoot,
  serializeShootDetail,
  serializeTask,
  serializeTokenInfo,
  serializeWorkspace,
} from './studio.records.js';

const t0 = new Date('2026-11-22T10:00:00.123Z');
const t1 = new Date('2026-11-23T08:30:00Z');
const ws = '11111111-1111-4111-8111-111111111111';
const id = '22222222-2222-4222-8222-222222222222';

describe('studio record serializers', () => {
  const shoot = {
    id,
    workspaceId: ws,
    title: 'Smith Wedding',
    slug: 'smith-wedding',
    state: 'planned' as const,
    clientId: null,
    location: null,
    scheduledStart: t1,
    scheduledEnd: null,
    completedAt: null,
    createdAt: t0,
    updatedAt: t0,
  };

  it('shoot: snake_case, ISO timestamps with milliseconds, nulls kept', () => {
    expect(serializeShoot(shoot, { total: 3, done: 1 })).toEqual({
      id,
      workspace_id: ws,
      title: 'Smith Wedding',
      slug: 'smith-wedding',
      state: 'planned',
      client_id: null,
      location: null,
      scheduled_start: '2026-11-23T08:30:00.000Z',
      scheduled_end: null,
      completed_at: null,
      created_at: '2026-11-22T10:00:00.123Z',
      updated_at: '2026-11-22T10:00:00.123Z',
      shot_list: { total: 3, done: 1 },
    });
    const json = JSON.stringify(serializeShoot(shoot, { total: 0, done: 0 }));
    expect(json).toContain('"scheduled_end":null');
  });

  it('shoot with items: counts come from the items, in order', () => {
    const items = [
      { id: 'a', workspaceId: ws, shootId: id, position: 1, label: 'Rings', done: true, doneAt: t1, createdAt: t0 },
      { id: 'b', workspaceId: ws, shootId: id, position: 2, label: 'Cake', done: false, doneAt: null, createdAt: t0 },
    ];
    const out = serializeShootDetail(shoot, items);
    expect(out.shot_list).toEqual({ total: 2, done: 1 });
    expect(out.shot_list_items).toEqual([
      { id: 'a', label: 'Rings', position: 1, done: true, done_at: '2026-11-23T08:30:00.000Z' },
      { id: 'b', label: 'Cake', position: 2, done: false, done_at: null },
    ]);
  });

  it('client, order, invoice, task, workspace and token info', () => {
    // Store rows carry columns that are no members of the record (updated_at, tracking numbers): never copied.
    const client = { id, workspaceId: ws, name: 'Jane', email: null, phone: null, notes: 'n', createdAt: t0, updatedAt: t0 };
    expect(serializeClient(client)).toEqual({
      id,
      workspace_id: ws,
      name: 'Jane',
      email: null,
      phone: null,
      notes: 'n',
      created_at: '2026-11-22T10:00:00.123Z',
    });
    const order = {
      id,
      workspaceId: ws,
      clientId: null,
      number: 'PO-1',
      status: 'paid' as const,
      totalCents: 100,
      currency: 'EUR',
      paidAt: t1,
      trackingNumber: null,
      statusReason: null,
      createdAt: t0,
      updatedAt: t0,
    };
    expect(serializeOrder(order)).toEqual({
      id,
      workspace_id: ws,
      client_id: null,
      number: 'PO-1',
      status: 'paid',
      total_cents: 100,
      currency: 'EUR',
      paid_at: '2026-11-23T08:30:00.000Z',
      created_at: '2026-11-22T10:00:00.123Z',
    });
    const invoice = {
      id,
      workspaceId: ws,
      clientId: null,
      number: 'I-1',
      status: 'draft' as const,
      amountCents: 5,
      currency: 'EUR',
      dueAt: null,
      paidAt: null,
      createdAt: t0,
      updatedAt: t0,
    };
    expect(serializeInvoice(invoice)).toEqual({
      id,
      workspace_id: ws,
      client_id: null,
      number: 'I-1',
      status: 'draft',
      amount_cents: 5,
      currency: 'EUR',
      due_at: null,
      paid_at: null,
      created_at: '2026-11-22T10:00:00.123Z',
    });
    const task = {
      id,
      workspaceId: ws,
      title: 'Do',
      status: 'open' as const,
      dueAt: t1,
      shootId: null,
      completedAt: null,
      createdAt: t0,
      updatedAt: t0,
    };
    expect(serializeTask(task)).toEqual({
      id,
      workspace_id: ws,
      title: 'Do',
      status: 'open',
      due_at: '2026-11-23T08:30:00.000Z',
      shoot_id: null,
      created_at: '2026-11-22T10:00:00.123Z',
      completed_at: null,
    });
    const workspace = { id: ws, name: 'Studio', createdAt: t0 };
    expect(serializeWorkspace(workspace, 'viewer')).toEqual({
      id: ws,
      name: 'Studio',
      role: 'viewer',
      created_at: '2026-11-22T10:00:00.123Z',
    });
    expect(serializeReachedWorkspace(workspace, 'owner')).toEqual({
      id: ws,
      name: 'Studio',
      role: 'owner',
    });
    expect(serializeTokenInfo({ id, prefix: '0123456789ab', name: null, workspaceId: ws, rateLimit: null })).toEqual({
      id,
      prefix: '0123456789ab',
      name: null,
      scope_workspace_id: ws,
      rate_limit: null,
    });
  });
});
