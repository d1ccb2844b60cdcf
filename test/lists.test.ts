import { describe, expect, it, beforeAll } from 'vitest';
import { api } from './support/client.js';
import { admin, tenant } from './support/operator.js';

describe('workspaces, orders, invoices, tasks and the mobile dashboard', () => {
  let demo: { workspace_id: string; profile_id: string; token: string };
  beforeAll(async () => {
    demo = await admin('seed-demo');
  });

  it("GET /workspaces lists the caller's workspaces with its role", async () => {
    const res = await api('GET', '/workspaces', { token: demo.token });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: demo.workspace_id, role: 'owner', name: expect.any(String) })]),
    );
    expect(res.body).toHaveProperty('next_cursor');
  });

  it('GET /orders returns only paid orders, newest first, paged', async () => {
    const res = await api('GET', '/orders', { token: demo.token, query: { workspace_id: demo.workspace_id, limit: 100 } });
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const order of res.body.items) {
      expect(order.paid_at).toEqual(expect.any(String));
      expect(order.workspace_id).toBe(demo.workspace_id);
    }
    const created = res.body.items.map((order: { created_at: string }) => order.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const first = await api('GET', '/orders', { token: demo.token, query: { workspace_id: demo.workspace_id, limit: 1 } });
    if (res.body.items.length > 1) {
      expect(first.body.next_cursor).toEqual(expect.any(String));
      const second = await api('GET', '/orders', {
        token: demo.token,
        query: { workspace_id: demo.workspace_id, limit: 1, cursor: first.body.next_cursor },
      });
      expect(second.body.items[0].id).toBe(res.body.items[1].id);
    }
    expect((await api('GET', '/orders', { token: demo.token })).status).toBe(400);
  });

  it('GET /invoices and GET /tasks work with and without workspace_id', async () => {
    for (const path of ['/invoices', '/tasks']) {
      const scoped = await api('GET', path, { token: demo.token, query: { workspace_id: demo.workspace_id } });
      expect(scoped.status).toBe(200);
      expect(scoped.body.items.length).toBeGreaterThan(0);
      const all = await api('GET', path, { token: demo.token });
      expect(all.status).toBe(200);
      expect(all.body.items.length).toBeGreaterThanOrEqual(scoped.body.items.length);
    }
  });

  it('GET /mobile/dashboard gives upcoming shoots, open tasks, recent orders and counts in one call', async () => {
    const res = await api('GET', '/mobile/dashboard', { token: demo.token, query: { workspace_id: demo.workspace_id } });
    expect(res.status).toBe(200);
    const d = res.body.dashboard;
    expect(Array.isArray(d.upcoming_shoots)).toBe(true);
    expect(d.open_tasks.every((task: { status: string }) => task.status === 'open')).toBe(true);
    expect(d.recent_orders.length).toBeGreaterThan(0);
    expect(d.counts).toEqual({
      upcoming_shoots: expect.any(Number),
      open_tasks: expect.any(Number),
      clients: expect.any(Number),
      paid_orders_30d: expect.any(Number),
    });
    const now = Date.now();
    for (const s of d.upcoming_shoots) expect(new Date(s.scheduled_start).getTime()).toBeGreaterThanOrEqual(now - 60_000);
  });

  it('an empty workspace has an empty dashboard, not an error', async () => {
    const t = await tenant(['viewer']);
    const res = await api('GET', '/mobile/dashboard', { token: t.tokens.viewer, query: { workspace_id: t.workspaceId } });
    expect(res.status).toBe(200);
    expect(res.body.dashboard.counts).toEqual({ upcoming_shoots: 0, open_tasks: 0, clients: 0, paid_orders_30d: 0 });
  });
});
