/**
 * The page's one way to call the API (same origin, `/api/v1`, JSON): every call carries the client session's bearer;
 * the bearer is exchanged for the portal token when there is none or it is about to expire, once more on a 401 from a
 * gallery route (the call is then retried once), and every failure becomes one ApiError kind the page knows how to
 * show. fetch, the storage and the clock are parameters, so this runs in node's unit tests as it does in the page.
 */
import { type ClientSession, isReusable, parseSession, serializeSession, sessionFromAnswer } from './session.js';
import { sessionKey } from './token.js';

export type ErrorKind = 'invalid' | 'expired' | 'suspended' | 'rate_limited' | 'unreachable' | 'not_found' | 'refused';

export class ApiError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly status = 0,
    /** Seconds to wait (429's Retry-After), else 0. */
    readonly retryAfter = 0,
  ) {
    super(kind);
  }
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ApiOptions {
  token: string;
  fetch: Fetch;
  /** sessionStorage, or null where the browser refuses it (the bearer then lives in memory only). */
  storage: SessionStore | null;
  now?: () => number;
  base?: string;
  /** A call with no answer after this long is abandoned as unreachable (ms), so a hung request never blocks paging. */
  timeoutMs?: number;
}

export interface Api {
  /** The gallery the token opens (exchanging first when needed). */
  galleryId(): Promise<string>;
  /** A JSON call under /api/v1 with the bearer; resolves to the answer's body, rejects with ApiError. */
  call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

/** What an exchange's 401 says about the link (`reason`, added by the gallery service; missing: invalid). */
export function refusalKind(body: unknown): 'invalid' | 'expired' | 'suspended' {
  const reason = (body as { reason?: unknown } | null)?.reason;
  if (reason === 'portal_expired') return 'expired';
  if (reason === 'portal_suspended') return 'suspended';
  return 'invalid';
}

/** The seconds of a Retry-After header (delta-seconds; an HTTP date or nothing: 0), at most a day. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (!header) return 0;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.min(Number(value), 86_400);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.min(Math.max(0, Math.ceil((date - now) / 1000)), 86_400) : 0;
}

/** The ApiError of a non-2xx answer of a gallery route (401 is handled by the caller: re-exchange). */
function failure(res: Response, now: number): ApiError {
  if (res.status === 429) return new ApiError('rate_limited', 429, retryAfterSeconds(res.headers.get('retry-after'), now));
  if (res.status === 404) return new ApiError('not_found', 404);
  if (res.status >= 500) return new ApiError('unreachable', res.status);
  return new ApiError('refused', res.status);
}

const readJson = (res: Response): Promise<unknown> => res.json().catch(() => null);

export function createApi({ token, fetch, storage, now = Date.now, base = '/api/v1', timeoutMs = 20_000 }: ApiOptions): Api {
  const key = sessionKey(token);
  let session: ClientSession | null = null;
  let exchanging: Promise<ClientSession> | null = null;

  const stored = (): ClientSession | null => {
    try {
      return parseSession(storage?.getItem(key) ?? null);
    } catch {
      return null;
    }
  };
  const keep = (s: ClientSession | null) => {
    session = s;
    try {
      if (s) storage?.setItem(key, serializeSession(s));
      else storage?.removeItem(key);
    } catch {
      // storage refused (quota, privacy mode): memory only
    }
  };

  const request = async (method: string, path: string, bearer: string | null, body?: unknown): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(timeoutMs) : undefined;
    try {
      return await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        signal,
      });
    } catch {
      throw new ApiError('unreachable');
    }
  };

  const exchange = async (): Promise<ClientSession> => {
    const res = await request('POST', '/client-sessions', null, { portal_token: token });
    const body = await readJson(res);
    if (res.ok) {
      const s = sessionFromAnswer(body);
      if (!s) throw new ApiError('unreachable', res.status);
      keep(s);
      return s;
    }
    if (res.status === 401 || res.status === 400) {
      keep(null);
      throw new ApiError(refusalKind(body), res.status);
    }
    throw failure(res, now());
  };

  /** The session to call with: the one in memory, else the stored one, while either has time left; else a new one. */
  const current = (renew: boolean): Promise<ClientSession> => {
    if (!renew) {
      if (isReusable(session, now())) return Promise.resolve(session);
      const saved = stored();
      if (isReusable(saved, now())) {
        session = saved;
        return Promise.resolve(saved);
      }
    }
    // Calls that find the bearer missing at the same time share one exchange.
    exchanging ??= exchange().finally(() => {
      exchanging = null;
    });
    return exchanging;
  };

  const call = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> => {
    let s = await current(false);
    let res = await request(method, path, s.bearer, body);
    if (res.status === 401) {
      // The bearer expired early or the portal changed: exchange once more (a refusal there names the link's state).
      if (session?.bearer === s.bearer) keep(null);
      s = await current(session === null);
      res = await request(method, path, s.bearer, body);
      if (res.status === 401) {
        keep(null);
        throw new ApiError('invalid', 401);
      }
    }
    if (!res.ok) throw failure(res, now());
    const json = await readJson(res);
    if (json === null) throw new ApiError('unreachable', res.status);
    return json as T;
  };

  return { galleryId: async () => (await current(false)).galleryId, call };
}
