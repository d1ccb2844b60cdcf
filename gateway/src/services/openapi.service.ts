/**
 * The public OpenAPI 3.1 document (GET /api/v1/openapi.json), merged from the fragments the services serve on
 * GET /internal/openapi (generated from their route registries) plus the gateway's own route. See
 * docs/decisions/0008-openapi.md.
 *
 * - The gateway's route table has the last word on what the gateway does: an operation on a path the gateway
 *   would not send to the service that documented it is dropped (so the document never lists a route that is
 *   not served), and Idempotency-Key and "no bearer" are set from the gateway's own tables. Each disagreement is
 *   logged (and counted in `problems`), because it means a service and the gateway were changed apart. That
 *   includes the other direction: a route the gateway honours Idempotency-Key on that no service documents.
 * - Every bearer operation that is not a GET lists 403: the gateway refuses a read-only token there.
 * - Cached: built on first request, served from memory, rebuilt in the background after the TTL
 *   (stale-while-revalidate). Every fragment is needed: if one upstream cannot be read (after one retry) the
 *   last complete document is served; with none yet, the answer is 503 unavailable, never a partial document.
 */
import { createHash } from 'node:crypto';
import { AppError } from '@studio/errors';
import type { Logger } from '@studio/logger';
import {
  commonComponents,
  ERROR_RESPONSES,
  headerRef,
  INTERNAL_OPENAPI_PATH,
  mergeOpenApi,
  OPENAPI_VERSION,
  rateLimitHeaders,
  type FragmentSource,
  type JsonObject,
  type OpenApiDocument,
} from '@studio/http/openapi';
import { API_BASE, UPSTREAMS, type RouteTable, type Upstream } from '../http/route-table.js';

export const OPENAPI_PATH = `${API_BASE}/openapi.json`;

export const PUBLIC_API_INFO: OpenApiDocument['info'] = {
  title: 'Studio Public API',
  version: '1.0.0',
  description: [
    'Workspaces, galleries, shoots, clients, uploads and webhooks for photographers. Every path is relative to the server URL (the /api/v1 prefix). Errors are `{ "ok": false, "error": "<code>" }`; every route can answer 400, 401, 404 and 429, routes that need a role also 403, routes that take Idempotency-Key also 422. A read-only token may only read: every operation that is not a GET answers it 403 `forbidden`.',
    'The webhook deliveries the API sends are listed under **webhook events**, one per event type, with their headers and bodies. This reference is also served as JSON at `GET /api/v1/openapi.json`.',
    // The two guides the Deprecation answers link to (their Link headers name these headings' Redoc anchors:
    // `#section/Migrating-from-webhook-endpoints`, `#section/Migrating-from-offset-cursors`).
    '# Migrating from webhook endpoints',
    'The legacy `/webhook-endpoints` group (`GET /webhook-endpoints`, `POST /webhook-endpoints`, `DELETE /webhook-endpoints/{id}`) is deprecated since 2026-11-01 and stops working on 2027-05-01. Every answer of those operations says so: `Deprecation: @1793491200` (RFC 9745), `Sunset: Sat, 01 May 2027 00:00:00 GMT` (RFC 8594) and `Link: </api/v1/docs#section/Migrating-from-webhook-endpoints>; rel="deprecation"; type="text/html"`.',
    'Endpoints and subscriptions are one kind of record delivered by one system, so moving loses nothing:',
    [
      '| Instead of | Use |',
      '|---|---|',
      '| `POST /webhook-endpoints` with `url` and `event_types` | `POST /webhooks/subscriptions` with `target_url` and one `event` per subscription (any of the 28 event types, not only the three the legacy route accepts); the same target and event again answers the same subscription, reactivated. Then `POST /webhook-endpoints/{id}/rotate-secret` (not deprecated) returns its signing secret. |',
      '| `DELETE /webhook-endpoints/{id}` | `DELETE /webhooks/subscriptions` with `{ "id" }` (or `target_url` and `event`); a repeated delete answers `deleted: false`. |',
      '| `GET /webhook-endpoints` | Keep the `id` that `POST /webhooks/subscriptions` answers: a REST hook is registered by the system that receives it, which stores its id. |',
      '',
    ].join('\n'),
    'Not deprecated, for both kinds: `POST /webhook-endpoints/{id}/rotate-secret`, `POST /webhook-endpoints/{id}/test`, `GET /webhook-endpoints/{id}/deliveries`, `GET /webhook-deliveries/{id}` and `POST /webhook-deliveries/{id}/replay`. Deliveries, their headers and their signatures are the same for both kinds.',
    '# Migrating from offset cursors',
    '`GET /galleries/{id}/photos` still accepts a decimal offset as `cursor` (`?cursor=40`) until 2027-05-01; since 2026-11-01 an answer to such a request carries `Deprecation: @1793491200`, `Sunset: Sat, 01 May 2027 00:00:00 GMT` and `Link: </api/v1/docs#section/Migrating-from-offset-cursors>; rel="deprecation"; type="text/html"`.',
    "Page with `next_cursor` instead: send the `next_cursor` of each answer, unchanged, as the next request's `cursor`, and stop when it is `null`. It is opaque (do not build or parse it) and keyset-based on (order_index, photo_id), so a page does not skip or repeat photos when the gallery changes between requests. Every answer already carries an opaque `next_cursor`, also the answers to an offset cursor, so a caller can switch in the middle of a walk.",
  ].join('\n\n'),
  // Placeholders on the reserved .example domain until the product has its public addresses.
  contact: { name: 'Studio API support', url: 'https://studio.example/support', email: 'api@studio.example' },
  license: { name: 'Proprietary: use under the Studio terms of service', url: 'https://studio.example/terms' },
};

/**
 * What each tag of the document groups (documentation tools show it above the group). A spec checks that every tag
 * an operation uses is described here, so a new service or route group cannot ship an undescribed tag.
 */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  ai: "Background AI jobs on a shoot's photos: start a cull and poll it until every photo has a keep or reject decision with its reason.",
  auth: "Who the bearer is: the token's profile, its workspaces and roles.",
  'client-sessions':
    "A gallery's customer exchanges the portal token for a short-lived client bearer that opens that one gallery (no API token involved).",
  clients: "The photographer's customers (people and companies) in a workspace: create, list, read, update, delete.",
  dashboard: "Summary figures of a workspace for the photographer's home screen.",
  galleries:
    "Galleries of a shoot's keepers: create, curate, publish to the customer through a portal token, deliver; the client-bearer routes (photos, favorites).",
  invoices: 'Invoices of a workspace and their payment state.',
  meta: 'This OpenAPI document.',
  orders: 'Print-store orders: their items, state changes and fulfilment.',
  search: "Full-text search over a workspace's clients, shoots, leads, galleries and orders, typo-tolerant and prefix-aware.",
  shoots: 'Shoots: the sessions a photographer plans and photographs, with their schedule and state.',
  tasks: "The photographer's to-do items, optionally tied to a shoot.",
  uploads: 'Resumable uploads straight to object storage (single-shot or multipart presigned URLs), then the photos they make.',
  webhooks: 'Signed webhook endpoints and subscriptions: register, rotate the signing secret, list deliveries and replay them.',
  'webhook events': [
    'What the API sends to webhook subscribers: one signed `POST` of a JSON envelope (`id`, `type`, `created_at`, `workspace_id`, `api_version`, `data`) per event and subscribed endpoint or subscription. Every event type below shows its `data`.',
    '**Headers.** `X-Service-Signature: t=<unix seconds>,v1=<hex>` (and `,v0=<hex>` for 24 hours after a rotate-secret, signed with the previous secret), `X-Service-Event-Id` (the same on every retry: de-duplicate on it), `X-Service-Event-Type`, and `X-Service-Test: true` on a test delivery only.',
    '**Verify** before trusting a delivery: compute HMAC-SHA256 with your signing secret over `t`, a dot and the exact raw body (not re-serialised JSON), as lowercase hex; compare it with `v1` (or `v0`) in constant time; reject a `t` more than 5 minutes away from your clock. `@studio/webhooks` (`verifyWebhook`) does all of it.',
    '**Answer** 2xx within 10 seconds. A timeout, a network error, a 429 or a 5xx is retried 5 times, after 30 s, 2 min, 10 min, 30 min and 2 h; any other 4xx, or the 6th failure, makes the delivery `dead_letter`. The history of each endpoint shows every attempt, and a delivery can be replayed.',
  ].join('\n\n'),
  workspaces: 'Workspaces (the tenant) and their members and roles.',
};

export interface UpstreamFragment {
  upstream: Upstream;
  doc: OpenApiDocument;
}

/** The gateway's own operation: this document. */
function documentOperation(): JsonObject {
  return {
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document of the public API',
    description:
      'No authentication needed. Returns the OpenAPI 3.1 document of the public API, merged by the gateway from the route definitions of the services behind it, as JSON. Limited per client address (60 a minute by default): keep the document and revalidate it with If-None-Match, which answers 304 while it is unchanged.',
    tags: ['meta'],
    security: [],
    responses: {
      '200': {
        description: 'OK',
        headers: { 'X-Request-Id': headerRef('X-Request-Id'), ...rateLimitHeaders() },
        content: { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document.' } } },
      },
      '429': { $ref: `#/components/responses/${ERROR_RESPONSES.rate_limited}` },
      '500': { $ref: `#/components/responses/${ERROR_RESPONSES.internal}` },
      '503': { $ref: `#/components/responses/${ERROR_RESPONSES.unavailable}` },
    },
  };
}

const IDEMPOTENCY_PARAM = { $ref: '#/components/parameters/IdempotencyKey' };
const FORBIDDEN_RESPONSE = { $ref: `#/components/responses/${ERROR_RESPONSES.forbidden}` };
/** The operations a read-only token may call. */
const READ_METHODS: ReadonlySet<string> = new Set(['get', 'head']);
/** `POST /galleries/{}/publish`: an operation with its parameter names left out, to compare table patterns and paths. */
const operationShape = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^/}]*\}/g, '{}')}`;
const isIdempotencyParam = (p: unknown) => (p as { $ref?: string } | null)?.$ref === IDEMPOTENCY_PARAM.$ref;

/**
 * Merges the fragments into the public document, checking each operation against the route table. Pure (the
 * unit specs drive it); `problems` lists every disagreement that was corrected.
 */
export function buildPublicDocument(
  fragments: readonly UpstreamFragment[],
  table: RouteTable,
): { doc: OpenApiDocument; problems: string[] } {
  const problems: string[] = [];
  const sources: FragmentSource[] = [];
  const documented = new Set<string>();
  for (const { upstream, doc } of fragments) {
    const paths: OpenApiDocument['paths'] = {};
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, source] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path} (${upstream})`;
        const resolved = table.resolve(method.toUpperCase(), `${API_BASE}${path}`);
        if (!resolved || resolved.upstream !== upstream) {
          problems.push(`${where}: the gateway routes this path to ${resolved?.upstream ?? 'nothing'}; left out of the document`);
          continue;
        }
        const operation = structuredClone(source);
        const parameters = ((operation.parameters as unknown[] | undefined) ?? []).slice();
        const responses = operation.responses as JsonObject;
        const documentedKey = parameters.some(isIdempotencyParam);
        if (documentedKey !== resolved.idempotent) {
          problems.push(
            `${where}: Idempotency-Key is ${resolved.idempotent ? '' : 'not '}handled by the gateway; documented as it is handled`,
          );
          if (resolved.idempotent) {
            parameters.push(IDEMPOTENCY_PARAM);
            responses['409'] ??= { $ref: `#/components/responses/${ERROR_RESPONSES.conflict}` };
            responses['422'] = { $ref: `#/components/responses/${ERROR_RESPONSES.idempotency_conflict}` };
          } else {
            parameters.splice(parameters.findIndex(isIdempotencyParam), 1);
            delete responses['422'];
          }
        }
        if (parameters.length) operation.parameters = parameters;
        else delete operation.parameters;
        const documentedPublic = Array.isArray(operation.security) && operation.security.length === 0;
        if (documentedPublic !== resolved.isPublic) {
          problems.push(`${where}: the gateway ${resolved.isPublic ? 'does not require' : 'requires'} a bearer; documented as it does`);
          operation.security = resolved.isPublic ? [] : [{ apiToken: [] }];
        }
        // A read-only token is refused 403 forbidden on every bearer operation that is not a read (auth.middleware.ts).
        if (!resolved.isPublic && !READ_METHODS.has(method.toLowerCase())) responses['403'] ??= FORBIDDEN_RESPONSE;
        (paths[path] ??= {})[method] = operation;
        documented.add(operationShape(method, path));
      }
    }
    sources.push({ name: upstream, doc: { ...doc, paths } });
  }
  for (const route of table.idempotentPatterns) {
    const path = route.path.startsWith(`${API_BASE}/`) ? route.path.slice(API_BASE.length) : route.path;
    if (!documented.has(operationShape(route.method, path)))
      problems.push(`${route.method.toUpperCase()} ${path}: the gateway honours Idempotency-Key on it, but no service documents it`);
  }
  sources.push({
    name: 'gateway',
    doc: {
      openapi: OPENAPI_VERSION,
      info: PUBLIC_API_INFO,
      paths: { [OPENAPI_PATH.slice(API_BASE.length)]: { get: documentOperation() } },
      components: commonComponents(),
    },
  });
  return { doc: mergeOpenApi(PUBLIC_API_INFO, sources, TAG_DESCRIPTIONS), problems };
}

export interface OpenApiServiceOptions {
  /** Base URL of each upstream (its fragment is at INTERNAL_OPENAPI_PATH). */
  targets: Record<Upstream, string>;
  table: RouteTable;
  logger: Logger;
  /** A built document is served as it is for this long, then rebuilt in the background. */
  ttlMs: number;
  /** One fragment request gives up after this long. */
  fetchTimeoutMs: number;
  /** After a failed build, the next attempt waits at least this long (the stale document is served). */
  retryAfterMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface BuiltDocument {
  body: Buffer;
  etag: string;
  builtAt: number;
}

export class OpenApiService {
  private current: BuiltDocument | null = null;
  private building: Promise<BuiltDocument> | null = null;
  private lastFailureAt = -Infinity;
  private readonly fetchFn: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly opts: OpenApiServiceOptions) {
    this.fetchFn = opts.fetch ?? fetch;
    this.now = opts.now ?? Date.now;
  }

  /** The document; throws AppError('unavailable') only when none has ever been built and building fails. */
  async document(): Promise<BuiltDocument> {
    const current = this.current;
    const now = this.now();
    if (current) {
      const stale = now - current.builtAt >= this.opts.ttlMs;
      const backingOff = now - this.lastFailureAt < (this.opts.retryAfterMs ?? 5000);
      if (stale && !backingOff) this.refresh().catch(() => undefined);
      return current;
    }
    return this.refresh();
  }

  /** Builds the document once, however many callers ask at the same time. */
  private refresh(): Promise<BuiltDocument> {
    this.building ??= this.build().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async build(): Promise<BuiltDocument> {
    let fragments: UpstreamFragment[];
    try {
      fragments = await Promise.all(UPSTREAMS.map(async (upstream) => ({ upstream, doc: await this.fragment(upstream) })));
    } catch (err) {
      this.lastFailureAt = this.now();
      this.opts.logger.warn({ err: (err as Error).message }, 'openapi: a service fragment could not be read');
      throw new AppError('unavailable', 'the API description is not available yet');
    }
    let built: { doc: OpenApiDocument; problems: string[] };
    try {
      built = buildPublicDocument(fragments, this.opts.table);
    } catch (err) {
      this.lastFailureAt = this.now();
      this.opts.logger.error({ err: (err as Error).message }, 'openapi: the service fragments do not merge');
      throw err;
    }
    for (const problem of built.problems) this.opts.logger.error({ problem }, 'openapi: a service and the gateway disagree');
    const body = Buffer.from(JSON.stringify(built.doc));
    const result = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, builtAt: this.now() };
    this.current = result;
    return result;
  }

  /** One upstream's fragment, with one retry. */
  private async fragment(upstream: Upstream): Promise<OpenApiDocument> {
    const url = `${this.opts.targets[upstream].replace(/\/+$/, '')}${INTERNAL_OPENAPI_PATH}`;
    let lastError: unknown;
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      try {
        const res = await this.fetchFn(url, { signal: AbortSignal.timeout(this.opts.fetchTimeoutMs) });
        if (res.status !== 200) throw new Error(`${upstream}: ${INTERNAL_OPENAPI_PATH} answered ${res.status}`);
        const doc = (await res.json()) as OpenApiDocument;
        if (typeof doc?.openapi !== 'string' || !doc.paths || typeof doc.paths !== 'object')
          throw new Error(`${upstream}: not an OpenAPI document`);
        return doc;
      } catch (err) {
        lastError = err;
      }
    }
    throw lastError instanceof Error ? new Error(`${upstream}: ${lastError.message}`) : new Error(`${upstream}: unreachable`);
  }
}
