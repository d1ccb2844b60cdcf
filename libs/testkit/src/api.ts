/**
 * Calling a service under test over real HTTP: JSON requests as a caller (its headers, e.g. a signed identity),
 * answers with status, headers, text and parsed body; callers of a fresh workspace with signed token identities;
 * and polling until a condition holds.
 */
import type { KeyObject } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { IDENTITY_HEADER, signIdentity, type Role } from '@studio/identity';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: T;
}

/** Whoever makes a request: the headers it sends. */
export interface Caller {
  headers(): Record<string, string>;
}

export interface RequestOptions {
  as?: Caller;
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON (content-type application/json unless `headers` names another). */
  body?: unknown;
  /** Sent as it is. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export type Api = <T = any>(method: string, path: string, opts?: RequestOptions) => Promise<ApiResponse<T>>;

/** Requests to `base` + path, e.g. makeApi(`http://127.0.0.1:${port}/api/v1`). */
export function makeApi(base: string): Api {
  return async (method, path, opts = {}) => {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...(opts.as ? opts.as.headers() : {}), ...opts.headers };
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text, body: parsed as any };
  };
}

/** A member of a workspace calling with a token identity signed as the gateway would. */
export interface MemberCaller extends Caller {
  profileId: string;
  memberships: Record<string, Role>;
}

/**
 * A new workspace id with one member per role asked for (each its own profile and token), whose identities are
 * signed as the gateway signs them: with `identityKey` (testKeys().identitySigningKey), for `audience` (the
 * service under test).
 */
export function tenantCallers(
  identityKey: KeyObject,
  audience: string,
  roles: Role[] = ['owner'],
): { workspaceId: string; callers: Record<Role, MemberCaller> } {
  const workspaceId = randomUUID();
  const callers = {} as Record<Role, MemberCaller>;
  for (const role of roles) {
    const profileId = randomUUID();
    const memberships = { [workspaceId]: role };
    callers[role] = {
      profileId,
      memberships,
      headers: () => ({
        [IDENTITY_HEADER]: signIdentity(
          { kind: 'token', profileId, tokenId: randomUUID(), scopeWorkspaceId: null, memberships },
          identityKey,
          audience,
        ),
      }),
    };
  }
  return { workspaceId, callers };
}

/** Polls `fn` until `done(value)`; fails after `timeoutMs` (a bound for a hung test, not a timing assertion). */
export async function eventually<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (done(v)) return v;
    if (Date.now() > until)
      throw new Error(`condition not reached within ${timeoutMs} ms; last value: ${JSON.stringify(v)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
