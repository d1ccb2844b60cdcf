/**
 * Invoices: issued to clients (draft or sent, no event; the demo seed also records historical ones), listed newest
 * first, and paid: draft|sent -> paid emits invoice.paid AND payment.received in the same transaction. Operation
 * inputs arrive parsed with the schemas of invoice.schema.ts.
 */
import { AppError, isPrismaUniqueViolation } from '@studio/errors';
import { invoicePaid, paymentReceived } from '../events/billing.events.js';
import type { NewInvoice } from '../store/invoice.store.js';
import { systemClock, type ServiceDeps } from './deps.js';
import type { IssueInvoiceInput } from './invoice.schema.js';
import { INVOICE_LIFECYCLE, assertTransition } from './lifecycles.js';
import { CURSOR_KIND, pageQuery, toPage, type Page, type PageRequest } from './paging.js';
import { serializeInvoice, type InvoiceJson } from '@studio/contracts/records';
import { nextVersion, requireClientOf, requireWorkspaceExists, writeWithEvents } from './unit-of-work.js';

export class InvoiceService {
  private readonly now: () => Date;
  constructor(private readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
  }

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
      workspaceId,
      clientId: input.clientId ?? null,
      number: input.number,
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
    const invoice = await writeWithEvents(this.deps, async (tx) => {
      const current = await this.deps.stores.invoices.getForUpdate(tx, invoiceId, workspaceId);
      if (!current) throw new AppError('not_found');
      assertTransition(INVOICE_LIFECYCLE, 'invoice', current.status, 'paid');
      const now = this.now();
      const updated = await this.deps.stores.invoices.update(tx, invoiceId, {
        status: 'paid',
        paidAt: now,
        updatedAt: nextVersion(current.updatedAt, now),
      });
      return { value: updated, events: [invoicePaid(updated), paymentReceived({ kind: 'invoice', row: updated })] };
    });
    return serializeInvoice(invoice);
  }

  async list(workspaceIds: string[], req: PageRequest): Promise<Page<InvoiceJson>> {
    const { cursor, stores } = this.deps;
    const page = pageQuery(cursor, CURSOR_KIND.invoices, req);
    const rows = await stores.invoices.listInWorkspaces(workspaceIds, page);
    return toPage(cursor, CURSOR_KIND.invoices, rows, req.limit, serializeInvoice);
  }
}
