/**
 * Portal tokens (one per gallery, minted at first publish) and client sessions. A token is found by the SHA-256
 * of what the customer presents; its encrypted copy is only ever decrypted to show it to photographer roles again.
 */
import type { Database, Tx } from './db.js';
import type { ClientSession, PortalState, PortalToken } from './generated/client.js';

export type PortalRow = PortalToken;
export type SessionRow = ClientSession;
export type { PortalState };

export interface NewPortal {
  id: string;
  workspaceId: string;
  galleryId: string;
  prefix: string;
  tokenHash: string;
  tokenCiphertext: Uint8Array<ArrayBuffer>;
  expiresAt: Date;
}

export interface NewSession {
  id: string;
  workspaceId: string;
  galleryId: string;
  portalTokenId: string;
  expiresAt: Date;
}

/** What a client-session request needs to know about its session, in one read. */
export interface SessionCheck {
  sessionExpiresAt: Date;
  portalState: PortalState;
  portalExpiresAt: Date;
}

export class PortalStore {
  constructor(private readonly db: Database) {}

  create(tx: Tx, p: NewPortal): Promise<PortalRow> {
    return tx.portalToken.create({ data: p });
  }

  byGallery(galleryId: string, tx: Tx = this.db.client): Promise<PortalRow | null> {
    return tx.portalToken.findUnique({ where: { galleryId } });
  }

  byHash(tokenHash: string, tx: Tx = this.db.client): Promise<PortalRow | null> {
    return tx.portalToken.findUnique({ where: { tokenHash } });
  }

  byPrefix(prefix: string, tx: Tx = this.db.client): Promise<PortalRow | null> {
    return tx.portalToken.findUnique({ where: { prefix } });
  }

  /** active -> suspended; returns the row (unchanged when it was suspended already). */
  async suspend(id: string, at: Date): Promise<PortalRow> {
    await this.db.client.portalToken.updateMany({ where: { id, state: 'active' }, data: { state: 'suspended', suspendedAt: at } });
    return this.db.client.portalToken.findUniqueOrThrow({ where: { id } });
  }

  /** Ends the token's life now (kept when it already ended earlier). */
  async expire(id: string, at: Date): Promise<PortalRow> {
    await this.db.client.portalToken.updateMany({ where: { id, expiresAt: { gt: at } }, data: { expiresAt: at } });
    return this.db.client.portalToken.findUniqueOrThrow({ where: { id } });
  }

  createSession(tx: Tx, s: NewSession): Promise<SessionRow> {
    return tx.clientSession.create({ data: s });
  }

  /** The session (of that gallery) and its portal's state, or null when there is no such session. */
  async sessionCheck(sessionId: string, galleryId: string): Promise<SessionCheck | null> {
    const row = await this.db.client.clientSession.findFirst({
      where: { id: sessionId, galleryId },
      select: { expiresAt: true, portal: { select: { state: true, expiresAt: true } } },
    });
    return row ? { sessionExpiresAt: row.expiresAt, portalState: row.portal.state, portalExpiresAt: row.portal.expiresAt } : null;
  }
}
