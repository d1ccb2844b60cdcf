/**
 * POST /client-sessions: a gallery's customer exchanges the portal token (alias: magic code) for a short-lived
 * bearer limited to that gallery. 401 for a token that is malformed or unknown (including any credential that is
 * not a gallery portal token, e.g. an API token), suspended, expired, or whose gallery is not published.
 *
 * The first session a gallery's customer opens marks the gallery delivered and emits gallery.delivered, once:
 * `delivered_at` is set with a conditional update (`WHERE delivered_at IS NULL`) in the same transaction as the
 * session row and the event, so concurrent first sessions emit exactly one event.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@studio/errors';
import { galleryDelivered } from '../events/domain-events.js';
import type { ServiceDeps } from './deps.js';
import { systemClock } from './deps.js';
import { ClientBearerSigner } from './client-bearer.js';
import { hashPortalToken, isPortalTokenShape } from './portal-token.js';

/**
 * Why a portal token opens no session, in the 401's `reason` member, so the portal page can tell its customer what
 * to do (docs/decisions/0017-client-portal.md). Only a holder of the real 256-bit token can learn that it is expired
 * or suspended; a guess only ever gets `portal_invalid`, as does a gallery that is not published.
 */
export const PORTAL_REFUSALS = {
  portal_invalid: 'the portal token is not valid',
  portal_expired: 'the portal link has expired',
  portal_suspended: 'the portal link is suspended',
} as const;
export type PortalRefusal = keyof typeof PORTAL_REFUSALS;

function refused(reason: PortalRefusal): AppError {
  return new AppError('unauthorized', PORTAL_REFUSALS[reason], { reason });
}

export interface OpenedSession {
  bearer: string;
  expires_at: string;
  gallery_id: string;
}

export class ClientSessionService {
  private readonly now: () => Date;
  readonly bearers: ClientBearerSigner;

  constructor(private readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
    this.bearers = new ClientBearerSigner(deps.config.clientSession.signingKey);
  }

  async open(portalToken: string): Promise<OpenedSession> {
    if (!isPortalTokenShape(portalToken)) throw refused('portal_invalid');
    const { stores, db, events, config } = this.deps;
    const portal = await stores.portals.byHash(hashPortalToken(portalToken));
    const now = this.now();
    if (!portal) throw refused('portal_invalid');
    if (portal.state === 'suspended') throw refused('portal_suspended');
    if (portal.state !== 'active' || portal.expiresAt.getTime() <= now.getTime()) throw refused('portal_expired');
    const gallery = await stores.galleries.getById(portal.galleryId);
    if (gallery?.state !== 'published' || gallery.workspaceId !== portal.workspaceId) throw refused('portal_invalid');

    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAtSeconds = issuedAt + config.clientSession.ttlSeconds;
    const expiresAt = new Date(expiresAtSeconds * 1000);
    const sessionId = randomUUID();
    const delivered = await db.transaction(async (tx) => {
      await stores.portals.createSession(tx, {
        id: sessionId,
        workspaceId: gallery.workspaceId,
        galleryId: gallery.id,
        portalTokenId: portal.id,
        expiresAt,
      });
      if (!(await stores.galleries.markDelivered(tx, gallery.id, now))) return false;
      const current = (await stores.galleries.getById(gallery.id, tx))!;
      await stores.outbox.append(tx, galleryDelivered(current, sessionId));
      return true;
    });
    if (delivered) events.nudge();
    const bearer = this.bearers.sign({ sessionId, galleryId: gallery.id, workspaceId: gallery.workspaceId }, issuedAt, expiresAtSeconds);
    return { bearer, expires_at: expiresAt.toISOString(), gallery_id: gallery.id };
  }
}
