/** Per-request state the gateway middleware hands down the chain. */
import type { CallContext } from '@studio/trace';
import type { AuthenticatedCaller } from '../services/auth.service.js';
import type { ClientCaller } from '../services/client-session.service.js';
import type { IdempotencyLease } from '../services/idempotency.service.js';
import type { ResolvedRoute } from './route-table.js';

export interface ReadBody {
  /** The exact bytes the caller sent; forwarded unchanged. */
  raw: Buffer;
  /** False for an empty body. */
  present: boolean;
  /** The parsed JSON (undefined when absent). */
  parsed: unknown;
}

export interface GatewayState {
  /** Request id and trace context of this request (set first, by the request-context middleware). */
  call?: CallContext;
  /** Set by the router middleware for every proxied request. */
  route?: ResolvedRoute;
  /** The metrics label of a route outside the API's table (the console's pages: `/console`). */
  label?: string;
  caller?: AuthenticatedCaller;
  /** A gallery customer's client-session bearer (set instead of `caller`). */
  client?: ClientCaller;
  body?: ReadBody;
  idempotency?: IdempotencyLease;
}

declare module 'express-serve-static-core' {
  interface Request {
    gateway: GatewayState;
  }
}
