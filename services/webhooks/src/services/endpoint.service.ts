/**
 * Legacy webhook endpoints (the deprecated /webhook-endpoints shim) and what both kinds share: listing,
 * hard deletion, secret rotation. A workspace the caller does not reach is a 404; a role below admin in a
 * reached workspace is a 403 (spec section 5).
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@studio/errors';
import { decodeTimeKey, pageOf, type CursorCodec } from '@studio/cursor';
import { requireWorkspace } from '@studio/identity/access';
import { workspaceIdsOf, type TokenPrincipal } from '@studio/identity';
import type { Logger } from '@studio/logger';
import type { EndpointKind, EndpointRecord, EndpointStore } from '../store/endpoint.store.js';
import { generateSigningSecret, type SecretBox } from './secret-crypto.js';
import { checkTargetUrl, TargetRejectedError, type Resolver, type TargetPolicy } from './ssrf.js';

/** Active endpoints (both kinds) one workspace may hold: bounds the fan-out work per event. */
export const MAX_ACTIVE_ENDPOINTS_PER_WORKSPACE = 200;

export interface EndpointServiceDeps {
  endpoints: EndpointStore;
  secrets: SecretBox;
  cursors: CursorCodec;
  policy: TargetPolicy;
  overlapMs: number;
  resolver?: Resolver;
  /** Where the real reason of a refused target goes (the answer never says it). */
  logger?: Logger;
}

export type KindFilter = 'legacy' | 'subscription' | 'all';

const CURSOR_KIND = 'webhook_endpoints';

/**
 * Validates a target URL for registration; a refusal is a 400. A malformed URL says what is wrong; every other
 * refusal is the same TARGET_NOT_ALLOWED answer, and the real reason is logged (info) for the operator only.
 */
export async function checkTarget(
  url: string,
  deps: Pick<EndpointServiceDeps, 'policy' | 'resolver' | 'logger'>,
  field: string,
): Promise<string> {
  try {
    return (await checkTargetUrl(url, deps.policy, deps.resolver)).href;
  } catch (err) {
    if (err instanceof TargetRejectedError) {
      if (err.reason !== 'url') deps.logger?.info({ field, reason: err.reason, detail: err.detail }, 'webhook target refused');
      throw new AppError('invalid_input', `${field}: ${err.message}`, { issues: [{ path: field, message: err.message }] });
    }
    throw err;
  }
}

export class EndpointService {
  constructor(private readonly d: EndpointServiceDeps) {}

  async list(principal: TokenPrincipal, workspaceId: string, kind: KindFilter, limit: number, cursor?: string) {
    requireWorkspace(principal, workspaceId);
    const kinds: EndpointKind[] = kind === 'all' ? ['legacy', 'subscription'] : [kind];
    const after = cursor ? decodeTimeKey(this.d.cursors, `${CURSOR_KIND}:${kind}`, cursor) : undefined;
    const rows = await this.d.endpoints.list(workspaceId, kinds, limit + 1, after);
    return pageOf(this.d.cursors, `${CURSOR_KIND}:${kind}`, rows, limit);
  }

  async create(
    principal: TokenPrincipal,
    input: { workspaceId: string; url: string; eventTypes: string[] },
  ): Promise<{ endpoint: EndpointRecord; secret: string }> {
    requireWorkspace(principal, input.workspaceId, 'admin');
    const url = await checkTarget(input.url, this.d, 'body.url');
    await this.ensureCapacity(input.workspaceId);
    const id = randomUUID();
    const secret = generateSigningSecret();
    const endpoint = await this.d.endpoints.createLegacy({
      id,
      workspaceId: input.workspaceId,
      url,
      eventTypes: [...new Set(input.eventTypes)],
      createdBy: principal.profileId,
      secretEnc: this.d.secrets.encrypt(secret, id),
    });
    return { endpoint, secret };
  }

  async ensureCapacity(workspaceId: string): Promise<void> {
    if ((await this.d.endpoints.countActive(workspaceId)) >= MAX_ACTIVE_ENDPOINTS_PER_WORKSPACE) {
      throw new AppError('conflict', `a workspace may have at most ${MAX_ACTIVE_ENDPOINTS_PER_WORKSPACE} active webhook endpoints`);
    }
  }

  /** An endpoint of any kind in the caller's workspaces, else 404; `min` role checked in its workspace. */
  async resolve(principal: TokenPrincipal, id: string, min: 'viewer' | 'admin'): Promise<EndpointRecord> {
    const endpoint = await this.d.endpoints.find(workspaceIdsOf(principal), id);
    if (!endpoint) throw new AppError('not_found');
    requireWorkspace(principal, endpoint.workspaceId, min);
    return endpoint;
  }

  /** Hard-deletes the endpoint (either kind) with its deliveries and attempts. */
  async remove(principal: TokenPrincipal, id: string): Promise<void> {
    const endpoint = await this.resolve(principal, id, 'admin');
    if (!(await this.d.endpoints.delete(endpoint.workspaceId, id))) throw new AppError('not_found');
  }

  /** New secret, returned once; the previous one keeps signing v0 until the overlap ends. */
  async rotate(principal: TokenPrincipal, id: string): Promise<{ endpoint: EndpointRecord; secret: string }> {
    const endpoint = await this.resolve(principal, id, 'admin');
    const secret = generateSigningSecret();
    const updated = await this.d.endpoints.rotateSecret(endpoint.workspaceId, id, this.d.secrets.encrypt(secret, id), this.d.overlapMs);
    if (!updated) throw new AppError('not_found');
    return { endpoint: updated, secret };
  }
}
