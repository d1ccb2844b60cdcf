/** Invoices sent to clients. */
import type { Database, Tx } from './db.js';
import type { Invoice, InvoiceStatus } from './generated/client.js';
import { WorkspaceRecordStore } from './record-store.js';

export type InvoiceRow = Invoice;
export type InvoiceStatusName = InvoiceStatus;

/** What a new invoice is created with, typed as its row. */
export type NewInvoice = Pick<
  InvoiceRow,
  'workspaceId' | 'clientId' | 'number' | 'status' | 'amountCents' | 'currency' | 'dueAt' | 'paidAt'
>;

export type InvoiceChanges = Partial<Pick<InvoiceRow, 'status' | 'paidAt'>> & { updatedAt: Date };

/** Invoices are recorded in the status given; listed newest first; getForUpdate/update serve paying. */
export class InvoiceStore extends WorkspaceRecordStore<InvoiceRow, NewInvoice, object, InvoiceChanges> {
  constructor(db: Database) {
    super(db, 'invoices', (tx: Tx) => tx.invoice, {});
  }
}
