/**
 * Print-store orders. The public list shows only paid ones (paid_at set); the lifecycle is in
 * src/services/lifecycles.ts.
 */
import type { Database, Tx } from './db.js';
import type { Order, OrderStatus } from './generated/client.js';
import { afterKey, newestFirst, takeFor, type PageQuery } from './keyset.js';
import { detachClientRows, lockRow } from './locking.js';

export type OrderRow = Order;
export type OrderStatusName = OrderStatus;

export interface NewOrder {
  workspaceId: string;
  clientId: string | null;
  number: string;
  status: OrderStatusName;
  totalCents: number;
  currency: string;
  paidAt: Date | null;
}

export type OrderChanges = Partial<Pick<OrderRow, 'status' | 'paidAt' | 'trackingNumber' | 'statusReason'>> & { updatedAt: Date };

const paid = { paidAt: { not: null } };

export class OrderStore {
  constructor(private readonly db: Database) {}

  create(data: NewOrder, tx: Tx = this.db.client): Promise<OrderRow> {
    return tx.order.create({ data });
  }

  async getForUpdate(tx: Tx, id: string, workspaceId: string): Promise<OrderRow | null> {
    if (!(await lockRow(tx, 'orders', id, workspaceId))) return null;
    return tx.order.findFirst({ where: { id, workspaceId } });
  }

  update(tx: Tx, id: string, changes: OrderChanges): Promise<OrderRow> {
    return tx.order.update({ where: { id }, data: changes });
  }

  /** Clears client_id on every row of the client (before it is deleted); returns the changed rows. */
  async detachClient(tx: Tx, clientId: string, workspaceId: string, now: Date): Promise<OrderRow[]> {
    const ids = await detachClientRows(tx, 'orders', clientId, workspaceId, now);
    return this.listByIds(ids, tx);
  }

  listByIds(ids: string[], tx: Tx = this.db.client): Promise<OrderRow[]> {
    return tx.order.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } });
  }

  /** Every order (any status), newest first. */
  listInWorkspaces(workspaceIds: string[], page: PageQuery, tx: Tx = this.db.client): Promise<OrderRow[]> {
    return tx.order.findMany({
      where: { workspaceId: { in: workspaceIds }, ...afterKey(page.after) },
      orderBy: newestFirst(),
      take: takeFor(page),
    });
  }

  listPaidInWorkspaces(workspaceIds: string[], page: PageQuery, tx: Tx = this.db.client): Promise<OrderRow[]> {
    return tx.order.findMany({
      where: { workspaceId: { in: workspaceIds }, ...paid, ...afterKey(page.after) },
      orderBy: newestFirst(),
      take: takeFor(page),
    });
  }

  /** The most recently paid orders. */
  listRecentlyPaidInWorkspaces(workspaceIds: string[], limit: number, tx: Tx = this.db.client): Promise<OrderRow[]> {
    return tx.order.findMany({
      where: { workspaceId: { in: workspaceIds }, ...paid },
      orderBy: [{ paidAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
  }

  countPaidSinceInWorkspaces(workspaceIds: string[], since: Date, tx: Tx = this.db.client): Promise<number> {
    return tx.order.count({ where: { workspaceId: { in: workspaceIds }, paidAt: { gte: since } } });
  }
}
