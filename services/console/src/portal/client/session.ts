/**
 * The client session (a one-hour bearer for one gallery) as the page keeps it: in memory and in sessionStorage (never
 * localStorage: it ends with the tab), so a reload within the hour needs no new exchange. A bearer with a minute or
 * less left is never used: a call could outlive it, and the gallery route would answer 401 halfway through a page.
 */
export interface ClientSession {
  bearer: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  galleryId: string;
}

/** A bearer is used only while it has more than this left (milliseconds). */
export const RENEW_BEFORE_MS = 60_000;

export function isReusable(session: ClientSession | null | undefined, now: number): session is ClientSession {
  return !!session && session.expiresAt - now > RENEW_BEFORE_MS;
}

/** The session of POST /client-sessions' answer, or null when it is not one. */
export function sessionFromAnswer(body: unknown): ClientSession | null {
  const session = (body as { session?: { bearer?: unknown; expires_at?: unknown; gallery_id?: unknown } } | null)?.session;
  if (!session || typeof session.bearer !== 'string' || typeof session.gallery_id !== 'string') return null;
  const expiresAt = typeof session.expires_at === 'string' ? Date.parse(session.expires_at) : Number.NaN;
  if (!Number.isFinite(expiresAt)) return null;
  return { bearer: session.bearer, expiresAt, galleryId: session.gallery_id };
}

export function serializeSession(session: ClientSession): string {
  return JSON.stringify(session);
}

/** A stored session, or null for anything else (absent, corrupt, edited by hand). */
export function parseSession(text: string | null): ClientSession | null {
  if (!text) return null;
  try {
    const s = JSON.parse(text) as Partial<ClientSession> | null;
    if (
      s &&
      typeof s.bearer === 'string' &&
      typeof s.galleryId === 'string' &&
      typeof s.expiresAt === 'number' &&
      Number.isFinite(s.expiresAt)
    )
      return { bearer: s.bearer, expiresAt: s.expiresAt, galleryId: s.galleryId };
  } catch {
    // not JSON: as if nothing were stored
  }
  return null;
}
