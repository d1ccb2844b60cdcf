/** Invoices sent to clients. */
import type { Database, Tx } from './db.js';
import type { Invoice, InvoiceStatus } from './generated/client.js';
import { afterKey, newestFirst, takeFor, type PageQuery } from './keyset.js';
import { lockRow } from './locking.js';

export type InvoiceRow = Invoice;
export type InvoiceStatusName = InvoiceStatus;

export interface NewInvoice {
  workspaceId: string;
  clientId: string | null;
  number: string;
  status: InvoiceStatusName;
  amountCents: number;
  currency: string;
  dueAt: Date | null;
  paidAt: Date | null;
}

export class InvoiceStore {
  constructor(private readonly db: Database) {}

  create(data: NewInvoice, tx: Tx = this.db.client): Promise<InvoiceRow> {
    return tx.invoice.create({ data });
  }

  async getForUpdate(tx: Tx, id: string, workspaceId: string): Promise<InvoiceRow | null> {
    if (!(await lockRow(tx, 'invoices', id, workspaceId))) return null;
    return tx.invoice.findFirst({ where: { id, workspaceId } });
  }

  update(tx: Tx, id: string, changes: Partial<Pick<InvoiceRow, 'status' | 'paidAt'>> & { updatedAt: Date }): Promise<InvoiceRow> {
    return tx.invoice.update({ where: { id }, data: changes });
  }

  listInWorkspaces(workspaceIds: string[], page: PageQuery, tx: Tx = this.db.client): Promise<InvoiceRow[]> {
    return tx.invoice.findMany({
      where: { workspaceId: { in: workspaceIds }, ...afterKey(page.after) },
      orderBy: newestFirst(),
      take: takeFor(page),
    });
  }
}
