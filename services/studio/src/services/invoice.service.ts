/** Invoices: issued to clients (by the invoicing flow and the demo seed); listed newest first. */
import { AppError } from '@studio/errors';
import type { NewInvoice } from '../store/invoice.store.js';
import type { ServiceDeps } from './deps.js';
import { CURRENCY_RE } from './order.service.js';
import { CURSOR_KIND, pageQuery, toPage, type Page, type PageRequest } from './paging.js';
import { serializeInvoice, type InvoiceJson } from './serializers.js';

export class InvoiceService {
  constructor(private readonly deps: ServiceDeps) {}

  async create(input: NewInvoice): Promise<InvoiceJson> {
    if (!Number.isInteger(input.amountCents) || input.amountCents < 0) throw new AppError('invalid_input', 'amount_cents must be a non-negative integer');
    if (!CURRENCY_RE.test(input.currency)) throw new AppError('invalid_input', 'currency must be an ISO 4217 code');
    if ((input.status === 'paid') !== (input.paidAt !== null)) throw new AppError('invalid_input', 'paid_at is set exactly when the invoice is paid');
    if (input.clientId && !(await this.deps.stores.clients.existsInWorkspace(input.clientId, input.workspaceId))) {
      throw new AppError('invalid_input', 'client_id is not a client of this workspace');
    }
    return serializeInvoice(await this.deps.stores.invoices.create(input));
  }

  async list(workspaceIds: string[], req: PageRequest): Promise<Page<InvoiceJson>> {
    const { cursor, stores } = this.deps;
    const page = pageQuery(cursor, CURSOR_KIND.invoices, req);
    const rows = await stores.invoices.listInWorkspaces(workspaceIds, page);
    return toPage(cursor, CURSOR_KIND.invoices, rows, req.limit, serializeInvoice);
  }
}
