/**
 * REST-hook subscriptions for automation platforms (Zapier's `{ target_url, event }` shape). One subscription
 * is one endpoint row of kind `subscription` with one event; (workspace, target_url, event) is unique, so
 * subscribing again reactivates the same row (same id, same secret, history kept). Unsubscribing deactivates
 * it; a repeated unsubscribe answers deleted: false. The signing secret is never in these answers: an admin
 * obtains one with POST /webhook-endpoints/{id}/rotate-secret (docs/decisions/0005-webhooks.md).
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@studio/errors';
import { requireWorkspace } from '@studio/identity/access';
import { workspaceIdsOf, type TokenPrincipal } from '@studio/identity';
import type { Logger } from '@studio/logger';
import type { EndpointRecord, EndpointStore } from '../store/endpoint.store.js';
import { checkTarget, type EndpointService } from './endpoint.service.js';
import { generateSigningSecret, type SecretBox } from './secret-crypto.js';
import { normalizeTargetUrl, TargetRejectedError, type Resolver, type TargetPolicy } from './ssrf.js';

export interface SubscriptionServiceDeps {
  endpoints: EndpointStore;
  endpointService: EndpointService;
  secrets: SecretBox;
  policy: TargetPolicy;
  resolver?: Resolver;
  /** Where the real reason of a refused target goes (the answer never says it). */
  logger?: Logger;
}

/** workspace_id from the body, or the token's single workspace scope; otherwise a 400. */
export function workspaceOf(principal: TokenPrincipal, workspaceId: string | undefined): string {
  if (workspaceId) return workspaceId;
  if (principal.scopeWorkspaceId) return principal.scopeWorkspaceId;
  throw new AppError('invalid_input', 'body.workspace_id: required unless the token is scoped to one workspace', {
    issues: [{ path: 'body.workspace_id', message: 'required unless the token is scoped to one workspace' }],
  });
}

export type UnsubscribeInput = { id: string; workspaceId?: string } | { workspaceId?: string; targetUrl: string; event: string };

export class SubscriptionService {
  constructor(private readonly d: SubscriptionServiceDeps) {}

  async subscribe(
    principal: TokenPrincipal,
    input: { workspaceId?: string; targetUrl: string; event: string },
  ): Promise<{ subscription: EndpointRecord; created: boolean }> {
    const workspaceId = workspaceOf(principal, input.workspaceId);
    requireWorkspace(principal, workspaceId, 'admin');
    const url = await checkTarget(input.targetUrl, this.d, 'body.target_url');
    const existing = await this.d.endpoints.findSubscription(workspaceId, url, input.event);
    if (!existing?.active) await this.d.endpointService.ensureCapacity(workspaceId);
    const id = randomUUID();
    const { record, created } = await this.d.endpoints.upsertSubscription({
      id,
      workspaceId,
      url,
      event: input.event,
      createdBy: principal.profileId,
      // Encrypted for the new row's id; unused (and the plaintext discarded) when the row already exists.
      secretEnc: this.d.secrets.encrypt(generateSigningSecret(), id),
    });
    return { subscription: record, created };
  }

  /** Deactivates the subscription; false when there is none active (repeated deletes are safe). */
  async unsubscribe(principal: TokenPrincipal, input: UnsubscribeInput): Promise<boolean> {
    let target: EndpointRecord | null;
    if ('id' in input) {
      const scope = input.workspaceId ? [input.workspaceId] : workspaceIdsOf(principal);
      if (input.workspaceId) requireWorkspace(principal, input.workspaceId, 'admin');
      target = await this.d.endpoints.find(scope, input.id);
      if (target && target.kind !== 'subscription') target = null;
    } else {
      const workspaceId = workspaceOf(principal, input.workspaceId);
      requireWorkspace(principal, workspaceId, 'admin');
      let url: string;
      try {
        url = normalizeTargetUrl(input.targetUrl).href;
      } catch (err) {
        if (err instanceof TargetRejectedError) throw new AppError('invalid_input', `body.target_url: ${err.message}`);
        throw err;
      }
      target = await this.d.endpoints.findSubscription(workspaceId, url, input.event);
    }
    if (!target) return false;
    requireWorkspace(principal, target.workspaceId, 'admin');
    if (!target.active) return false;
    return this.d.endpoints.deactivate(target.workspaceId, target.id);
  }
}
