/**
 * Invoices: issued to clients (draft or sent, no event; the demo seed also records historical ones), listed newest
 * first, and paid: draft|sent -> paid emits invoice.paid AND payment.received in the same transaction. Operation
 * inputs arrive parsed with the schemas of invoice.schema.ts.
 */
import { AppError, isPrismaUniqueViolation } from '@studio/errors';
import { invoicePaid, paymentReceived } from '../events/billing.events.js';
import type { NewInvoice } from '../store/invoice.store.js';
import { numberedValues } from './fields.schema.js';
import type { IssueInvoiceInput } from './invoice.schema.js';
import { INVOICE_LIFECYCLE } from './lifecycles.js';
import type { PageQuery } from '../store/keyset.js';
import { CURSOR_KIND, type Page, type PageRequest } from './paging.js';
import { moveRecord, RecordService } from './record-service.js';
import { serializeInvoice, type InvoiceJson } from '@studio/contracts/records';
import { requireClientOf, requireWorkspaceExists } from './unit-of-work.js';

export class InvoiceService extends RecordService {
  /** Records an invoice in any status (demo seed, tests): no event. */
  async create(input: NewInvoice): Promise<InvoiceJson> {
    if ((input.status === 'paid') !== (input.paidAt !== null))
      throw new AppError('invalid_input', 'paid_at is set exactly when the invoice is paid');
    await requireClientOf(this.deps, input.clientId, input.workspaceId);
    return serializeInvoice(await this.deps.stores.invoices.create(input));
  }

  /** The internal operation: a new draft or sent invoice (paying it is a separate operation that emits events). */
  async issue(input: IssueInvoiceInput): Promise<InvoiceJson> {
    const { workspaceId } = input;
    const data: NewInvoice = {
      ...numberedValues(input),
      status: input.status,
      amountCents: input.amountCents,
      currency: input.currency,
      dueAt: input.dueAt ?? null,
      paidAt: null,
    };
    await requireWorkspaceExists(this.deps, workspaceId);
    try {
      return await this.create(data);
    } catch (err) {
      if (isPrismaUniqueViolation(err))
        throw new AppError('conflict', `an invoice numbered ${data.number} already exists in this workspace`);
      throw err;
    }
  }

  /** draft|sent -> paid: invoice.paid and payment.received. */
  async pay(workspaceId: string, invoiceId: string): Promise<InvoiceJson> {
    const record = { store: this.deps.stores.invoices, lifecycle: INVOICE_LIFECYCLE, entity: 'invoice' };
    const invoice = await moveRecord(this.deps, record, workspaceId, invoiceId, {
      to: 'paid',
      changes: (next, _current, now) => ({ ...next, paidAt: now }),
      events: (updated) => [invoicePaid(updated), paymentReceived({ kind: 'invoice', row: updated })],
    });
    return serializeInvoice(invoice);
  }

  async list(workspaceIds: string[], req: PageRequest): Promise<Page<InvoiceJson>> {
    const { invoices } = this.deps.stores;
    return this.page(CURSOR_KIND.invoices, req, (page: PageQuery) => invoices.listInWorkspaces(workspaceIds, page), serializeInvoice);
  }
}
