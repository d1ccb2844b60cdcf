/**
 * Delivery history and replay for endpoint owners. Reads need membership of the endpoint's workspace;
 * replay needs admin. A replay starts a new delivery cycle of the same delivery row, so the subscriber sees
 * the same X-Service-Event-Id again. A test delivery (admin) sends one example event of a subscribed type to one
 * endpoint: a delivery like any other (signed, retried, recorded, replayable) marked `test`, never an event.
 */
import { AppError } from '@studio/errors';
import { decodeTimeKey, pageOf, type CursorCodec } from '@studio/cursor';
import { requireWorkspace } from '@studio/identity/access';
import { workspaceIdsOf, type TokenPrincipal } from '@studio/identity';
import type { PublicEventType } from '@studio/contracts/events';
import { currentRequestId, currentTraceparent } from '@studio/trace';
import type { DeliveryDetail, DeliveryRecord, DeliveryStore } from '../store/delivery.store.js';
import type { EndpointStore } from '../store/endpoint.store.js';
import type { DeliveryState } from './retry-policy.js';
import { testEvent, testEventType } from './test-event.js';

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

  /**
   * Sends one test delivery to the endpoint (either kind): a fresh event of `type` (default: the first type the
   * endpoint subscribes to, in catalog order) with example data, for this endpoint only. An inactive endpoint is 409.
   */
  async sendTest(principal: TokenPrincipal, endpointId: string, type?: PublicEventType): Promise<DeliveryRecord> {
    const endpoint = await this.endpoints.find(workspaceIdsOf(principal), endpointId);
    if (!endpoint) throw new AppError('not_found');
    requireWorkspace(principal, endpoint.workspaceId, 'admin');
    if (!endpoint.active) throw new AppError('conflict', 'the endpoint is inactive; subscribe again before sending a test');
    const event = testEvent(testEventType(endpoint.eventTypes, type), endpoint.workspaceId);
    return this.deliveries.createTest({
      eventId: event.id,
      eventType: event.type,
      workspaceId: endpoint.workspaceId,
      endpointId: endpoint.id,
      payload: event.payload,
      traceparent: currentTraceparent() ?? null,
      requestId: currentRequestId() ?? null,
    });
  }
}
