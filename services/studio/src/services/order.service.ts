/** Print-store orders: recorded by the storefront flow (and the demo seed); the public list shows paid ones. */
import { AppError } from '@studio/errors';
import type { NewOrder } from '../store/order.store.js';
import type { ServiceDeps } from './deps.js';
import { CURSOR_KIND, pageQuery, toPage, type Page, type PageRequest } from './paging.js';
import { serializeOrder, type OrderJson } from './serializers.js';

export const CURRENCY_RE = /^[A-Z]{3}$/;

export class OrderService {
  constructor(private readonly deps: ServiceDeps) {}

  async record(input: NewOrder): Promise<OrderJson> {
    if (!Number.isInteger(input.totalCents) || input.totalCents < 0) throw new AppError('invalid_input', 'total_cents must be a non-negative integer');
    if (!CURRENCY_RE.test(input.currency)) throw new AppError('invalid_input', 'currency must be an ISO 4217 code');
    if (input.clientId && !(await this.deps.stores.clients.existsInWorkspace(input.clientId, input.workspaceId))) {
      throw new AppError('invalid_input', 'client_id is not a client of this workspace');
    }
    return serializeOrder(await this.deps.stores.orders.create(input));
  }

  /** GET /orders: paid orders (paid_at set), newest first. */
  async listPaid(workspaceIds: string[], req: PageRequest): Promise<Page<OrderJson>> {
    const { cursor, stores } = this.deps;
    const page = pageQuery(cursor, CURSOR_KIND.orders, req);
    const rows = await stores.orders.listPaidInWorkspaces(workspaceIds, page);
    return toPage(cursor, CURSOR_KIND.orders, rows, req.limit, serializeOrder);
  }
}
