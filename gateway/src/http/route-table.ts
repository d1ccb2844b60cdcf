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

/**
 * Routes where Idempotency-Key is honoured: every POST that creates or acts (issue 24, docs/decisions/0001). Paths are
 * patterns: `{name}` stands for one non-empty path segment. POST /client-sessions is left out on purpose: it has no
 * bearer, and keys are scoped per API token. openapi.service.ts checks this table against the services' route
 * definitions (`idempotent: true`) both ways, so a new POST that forgets either side is reported.
 */
export const IDEMPOTENT_ROUTES: readonly RouteKey[] = [
  // studio
  { method: 'POST', path: `${API_BASE}/shoots` },
  { method: 'POST', path: `${API_BASE}/clients` },
  // gallery
  { method: 'POST', path: `${API_BASE}/galleries` },
  { method: 'POST', path: `${API_BASE}/galleries/{id}/publish` },
  { method: 'POST', path: `${API_BASE}/galleries/{id}/favorites` },
  // upload
  { method: 'POST', path: `${API_BASE}/photos` },
  { method: 'POST', path: `${API_BASE}/photos/{id}/finalize` },
  { method: 'POST', path: `${API_BASE}/upload-sessions` },
  { method: 'POST', path: `${API_BASE}/upload-sessions/{id}/files` },
  { method: 'POST', path: `${API_BASE}/upload-sessions/{id}/files/{fileId}/parts/sign` },
  { method: 'POST', path: `${API_BASE}/upload-sessions/{id}/files/{fileId}/parts/complete` },
  { method: 'POST', path: `${API_BASE}/upload-sessions/{id}/files/{fileId}/complete` },
  { method: 'POST', path: `${API_BASE}/upload-sessions/{id}/files/{fileId}/abort` },
  { method: 'POST', path: `${API_BASE}/upload-sessions/{id}/finalize` },
  { method: 'POST', path: `${API_BASE}/upload-sessions/{id}/resume` },
  { method: 'POST', path: `${API_BASE}/upload-sessions/{id}/pause` },
  { method: 'POST', path: `${API_BASE}/upload-sessions/{id}/unpause` },
  { method: 'POST', path: `${API_BASE}/ai/cull-jobs` },
  // webhooks
  { method: 'POST', path: `${API_BASE}/webhook-endpoints` },
  { method: 'POST', path: `${API_BASE}/webhook-endpoints/{id}/rotate-secret` },
  { method: 'POST', path: `${API_BASE}/webhook-endpoints/{id}/test` },
  { method: 'POST', path: `${API_BASE}/webhook-deliveries/{id}/replay` },
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

/** Compiles the tables into lookups: a map for the prefix, a segment tree per method for the route sets. */
export class RouteTable {
  private readonly prefixes = new Map<string, Upstream>();
  private readonly publicRoutes: RouteSet;
  private readonly idempotentRoutes: RouteSet;

  constructor(
    prefixes: Readonly<Record<string, Upstream>> = PREFIX_TABLE,
    publicRoutes: readonly RouteKey[] = PUBLIC_ROUTES,
    /** The routes (patterns) that honour Idempotency-Key, as given (openapi.service.ts checks each is documented). */
    readonly idempotentPatterns: readonly RouteKey[] = IDEMPOTENT_ROUTES,
  ) {
    for (const [segment, upstream] of Object.entries(prefixes)) this.prefixes.set(segment, upstream);
    this.publicRoutes = new RouteSet(publicRoutes);
    this.idempotentRoutes = new RouteSet(idempotentPatterns);
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
    return {
      upstream,
      path: exact,
      prefix: `${API_BASE}/${segment}`,
      isPublic: this.publicRoutes.has(method, exact),
      idempotent: this.idempotentRoutes.has(method, exact),
    };
  }
}

/** One node of a RouteSet's segment tree. */
interface SegmentNode {
  /** Children by literal segment (lower case). */
  literals: Map<string, SegmentNode>;
  /** The child for a `{name}` segment (any one non-empty segment). */
  param: SegmentNode | null;
  /** A route ends here. */
  end: boolean;
}

const newNode = (): SegmentNode => ({ literals: new Map(), param: null, end: false });
const PARAM_SEGMENT = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;
const LITERAL_SEGMENT = /^[a-z0-9._~-]+$/;

/**
 * A set of (method, path pattern) routes, matched segment by segment: one walk down a tree per request, however long
 * the table (no regular expression per route). A literal segment is matched ignoring case, because the services'
 * express routers are case-insensitive: `/galleries/x/PUBLISH` reaches the publish route, so it must not dodge
 * Idempotency-Key here. A `{name}` segment matches any one non-empty segment (as express's `:name` does); an empty
 * segment (`//`) matches nothing. A literal wins over a parameter, with backtracking when the literal branch fails.
 * The table's own patterns are checked when the set is built: literals in lower case, parameters as `{name}`.
 */
export class RouteSet {
  private readonly roots = new Map<string, SegmentNode>();

  constructor(routes: readonly RouteKey[]) {
    for (const route of routes) {
      if (!route.path.startsWith('/')) throw new Error(`route pattern must start with "/": ${route.path}`);
      const method = route.method.toUpperCase();
      let node = this.roots.get(method);
      if (!node) {
        node = newNode();
        this.roots.set(method, node);
      }
      for (const segment of route.path.slice(1).split('/')) {
        if (PARAM_SEGMENT.test(segment)) {
          node.param ??= newNode();
          node = node.param;
        } else if (LITERAL_SEGMENT.test(segment)) {
          let child = node.literals.get(segment);
          if (!child) {
            child = newNode();
            node.literals.set(segment, child);
          }
          node = child;
        } else {
          throw new Error(`route pattern segment must be lower-case literal or {name}: "${segment}" in ${route.path}`);
        }
      }
      node.end = true;
    }
  }

  /** Whether `method path` is in the set. `path` is a request path without query string and starts with "/". */
  has(method: string, path: string): boolean {
    const root = this.roots.get(method);
    if (!root || path.charCodeAt(0) !== 47 /* '/' */) return false;
    return matchFrom(root, path, 1);
  }
}

/** Matches `path` from index `start` (the first character of a segment) against the subtree of `node`. */
function matchFrom(node: SegmentNode, path: string, start: number): boolean {
  const slash = path.indexOf('/', start);
  const end = slash === -1 ? path.length : slash;
  if (end === start) return false; // an empty segment
  const last = slash === -1;
  const segment = path.slice(start, end);
  // Table literals are lower case: most requests match as sent; only a miss is retried in lower case.
  let literal = node.literals.get(segment);
  if (!literal && node.literals.size > 0) {
    const lower = segment.toLowerCase();
    if (lower !== segment) literal = node.literals.get(lower);
  }
  if (literal && (last ? literal.end : matchFrom(literal, path, end + 1))) return true;
  const param = node.param;
  return param !== null && (last ? param.end : matchFrom(param, path, end + 1));
}

/** The path part of a request URL (everything before `?`). */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
