/**
 * The gateway's routing data: which upstream serves each public path prefix, which routes take no bearer,
 * and which routes honour Idempotency-Key. Adding a service or an idempotent route is a data change here.
 */

export const API_BASE = '/api/v1';

export const UPSTREAMS = ['studio', 'gallery', 'upload', 'search', 'webhooks'] as const;
export type Upstream = (typeof UPSTREAMS)[number];

/** First path segment under /api/v1 -> upstream service. */
export const PREFIX_TABLE: Readonly<Record<string, Upstream>> = {
  auth: 'studio',
  workspaces: 'studio',
  shoots: 'studio',
  clients: 'studio',
  orders: 'studio',
  invoices: 'studio',
  tasks: 'studio',
  mobile: 'studio',
  galleries: 'gallery',
  'client-sessions': 'gallery',
  photos: 'upload',
  'upload-sessions': 'upload',
  ai: 'upload',
  search: 'search',
  'webhook-endpoints': 'webhooks',
  'webhook-deliveries': 'webhooks',
  webhooks: 'webhooks',
};

export interface RouteKey {
  method: string;
  path: string;
}

/** Routes that need no bearer (their body is the credential); limited per client IP instead. */
export const PUBLIC_ROUTES: readonly RouteKey[] = [{ method: 'POST', path: `${API_BASE}/client-sessions` }];

/** Routes where Idempotency-Key is honoured (spec section 4 and 8). */
export const IDEMPOTENT_ROUTES: readonly RouteKey[] = [
  { method: 'POST', path: `${API_BASE}/shoots` },
  { method: 'POST', path: `${API_BASE}/clients` },
  { method: 'POST', path: `${API_BASE}/webhook-endpoints` },
  { method: 'POST', path: `${API_BASE}/webhooks/subscriptions` },
];

export interface ResolvedRoute {
  upstream: Upstream;
  /** The request path without a trailing slash (services treat `/x/` as `/x`, so the gateway must too). */
  path: string;
  /** `/api/v1/<segment>`: the metrics label, bounded by the table. */
  prefix: string;
  isPublic: boolean;
  idempotent: boolean;
}

/** Compiles the tables into O(1) lookups. */
export class RouteTable {
  private readonly prefixes = new Map<string, Upstream>();
  private readonly publicRoutes: Set<string>;
  private readonly idempotentRoutes: Set<string>;

  constructor(
    prefixes: Readonly<Record<string, Upstream>> = PREFIX_TABLE,
    publicRoutes: readonly RouteKey[] = PUBLIC_ROUTES,
    idempotentRoutes: readonly RouteKey[] = IDEMPOTENT_ROUTES,
  ) {
    for (const [segment, upstream] of Object.entries(prefixes)) this.prefixes.set(segment, upstream);
    this.publicRoutes = new Set(publicRoutes.map(routeId));
    this.idempotentRoutes = new Set(idempotentRoutes.map(routeId));
  }

  /** Resolves a request path (no query string) or returns null for a path no service serves. */
  resolve(method: string, path: string): ResolvedRoute | null {
    if (!path.startsWith(API_BASE) || path.charCodeAt(API_BASE.length) !== 47 /* '/' */) return null;
    const start = API_BASE.length + 1;
    const slash = path.indexOf('/', start);
    const segment = slash === -1 ? path.slice(start) : path.slice(start, slash);
    const upstream = this.prefixes.get(segment);
    if (!upstream) return null;
    const exact = path.length > start && path.endsWith('/') ? path.slice(0, -1) : path;
    const id = `${method} ${exact}`;
    return {
      upstream,
      path: exact,
      prefix: `${API_BASE}/${segment}`,
      isPublic: this.publicRoutes.has(id),
      idempotent: this.idempotentRoutes.has(id),
    };
  }
}

function routeId(route: RouteKey): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}

/** The path part of a request URL (everything before `?`). */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
