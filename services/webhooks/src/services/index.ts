/** Every domain service of webhook-dispatch (endpoints, subscriptions, delivery history), built over the stores. */
import type { CursorCodec } from '@studio/cursor';
import type { Logger } from '@studio/logger';
import type { Stores } from '../store/index.js';
import { DeliveryService } from './delivery.service.js';
import { EndpointService } from './endpoint.service.js';
import type { SecretBox } from './secret-crypto.js';
import type { Resolver, TargetPolicy } from './ssrf.js';
import { SubscriptionService } from './subscription.service.js';

export interface Services {
  endpoints: EndpointService;
  subscriptions: SubscriptionService;
  deliveries: DeliveryService;
}

export interface ServiceDeps {
  stores: Stores;
  secrets: SecretBox;
  cursors: CursorCodec;
  policy: TargetPolicy;
  /** How long deliveries keep a v0 signature with the previous secret after a rotation, ms. */
  rotationOverlapMs: number;
  /** DNS resolver for the SSRF checks (the system resolver when absent). */
  resolver?: Resolver;
  /** Gets the real reason of a refused target (answers give one reason for all). */
  logger?: Logger;
}

export function createServices({ stores, secrets, cursors, policy, rotationOverlapMs, resolver, logger }: ServiceDeps): Services {
  const { endpoints, deliveries } = stores;
  const endpointService = new EndpointService({ endpoints, secrets, cursors, policy, overlapMs: rotationOverlapMs, resolver, logger });
  return {
    endpoints: endpointService,
    subscriptions: new SubscriptionService({ endpoints, endpointService, secrets, policy, resolver, logger }),
    deliveries: new DeliveryService(deliveries, endpoints, cursors),
  };
}
