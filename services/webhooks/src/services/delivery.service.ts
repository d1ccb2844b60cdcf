/**
 * Delivery history and replay for endpoint owners. Reads need membership of the endpoint's workspace;
 * replay needs admin. A replay starts a new delivery cycle of the same delivery row, so the subscriber sees
 * the same X-Service-Event-Id again.
 */
import { AppError } from '@studio/errors';
import { decodeTimeKey, pageOf, type CursorCodec } from '@studio/cursor';
import { requireWorkspace } from '@studio/identity/access';
import { workspaceIdsOf, type TokenPrincipal } from '@studio/identity';
import type { DeliveryDetail, DeliveryRecord, DeliveryStore } from '../store/delivery.store.js';
import type { EndpointStore } from '../store/endpoint.store.js';
import type { DeliveryState } from './retry-policy.js';

const CURSOR_KIND = 'webhook_deliveries';

export class DeliveryService {
  constructor(
    private readonly deliveries: DeliveryStore,
    private readonly endpoints: EndpointStore,
    private readonly cursors: CursorCodec,
  ) {}

  async listForEndpoint(principal: TokenPrincipal, endpointId: string, limit: number, cursor?: string, state?: DeliveryState) {
    const endpoint = await this.endpoints.find(workspaceIdsOf(principal), endpointId);
    if (!endpoint) throw new AppError('not_found');
    requireWorkspace(principal, endpoint.workspaceId);
    const kind = `${CURSOR_KIND}:${state ?? 'all'}`;
    const after = cursor ? decodeTimeKey(this.cursors, kind, cursor) : undefined;
    const rows = await this.deliveries.list(endpoint.workspaceId, endpointId, limit + 1, after, state);
    return pageOf(this.cursors, kind, rows, limit);
  }

  async get(principal: TokenPrincipal, id: string): Promise<DeliveryDetail> {
    const delivery = await this.deliveries.find(workspaceIdsOf(principal), id);
    if (!delivery) throw new AppError('not_found');
    requireWorkspace(principal, delivery.workspaceId);
    return delivery;
  }

  async replay(principal: TokenPrincipal, id: string): Promise<DeliveryRecord> {
    const delivery = await this.deliveries.find(workspaceIdsOf(principal), id);
    if (!delivery) throw new AppError('not_found');
    requireWorkspace(principal, delivery.workspaceId, 'admin');
    const endpoint = await this.endpoints.find([delivery.workspaceId], delivery.endpointId);
    if (!endpoint) throw new AppError('not_found');
    if (!endpoint.active) throw new AppError('conflict', 'the endpoint is inactive; subscribe again before replaying');
    const replayed = await this.deliveries.replay(delivery.workspaceId, id);
    if (!replayed) throw new AppError('not_found');
    return replayed;
  }
}
