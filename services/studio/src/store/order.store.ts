/**
 * Print-store orders. The public list shows only paid ones (paid_at set); the lifecycle is in
 * src/services/lifecycles.ts.
 */
import type { Database, Tx } from './db.js';
import type { Order, OrderStatus } from './generated/client.js';
import { afterKey, newestFirst, takeFor, type PageQuery } from './keyset.js';
import { WorkspaceRecordStore } from './record-store.js';

export type OrderRow = Order;
export type OrderStatusName = OrderStatus;

/** What a new order is created with, typed as its row. */
export type NewOrder = Pick<OrderRow, 'workspaceId' | 'clientId' | 'number' | 'status' | 'totalCents' | 'currency' | 'paidAt'>;

export type OrderChanges = Partial<Pick<OrderRow, 'status' | 'paidAt' | 'trackingNumber' | 'statusReason'>> & { updatedAt: Date };

const paid = { paidAt: { not: null } };

/**
 * Orders are recorded in the status given; getForUpdate/update serve transitions, detachClient a client's deletion;
 * listInWorkspaces is every order (any status), newest first.
 */
export class OrderStore extends WorkspaceRecordStore<OrderRow, NewOrder, object, OrderChanges, 'orders'> {
  constructor(db: Database) {
    super(db, 'orders', (tx: Tx) => tx.order, {});
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
