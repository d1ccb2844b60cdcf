/** Print-store orders. The public list shows only paid ones (paid_at set). */
import type { Database, Tx } from './db.js';
import type { Order, OrderStatus } from './generated/client.js';
import { afterKey, newestFirst, takeFor, type PageQuery } from './keyset.js';

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

const paid = { paidAt: { not: null } };

export class OrderStore {
  constructor(private readonly db: Database) {}

  create(data: NewOrder, tx: Tx = this.db.client): Promise<OrderRow> {
    return tx.order.create({ data });
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
