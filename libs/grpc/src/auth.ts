/**
 * Authenticated internal gRPC. Every call carries a short-lived service token in its metadata (`authorization:
 * Bearer <jws>`): an Ed25519-signed JWT (@studio/identity/jws) whose issuer is the calling process's name
 * (`gateway`, `gallery`, ...) and whose audience is the service called, valid 60 s at most. The caller signs it
 * with its own SERVICE_SIGNING_KEY; each server holds the public keys of the callers it can authenticate
 * (SERVICE_PUBLIC_KEYS) and, in code, which of them each method admits.
 *
 * - No token, or one that does not verify (unknown caller, other audience, expired, other algorithm):
 *   UNAUTHENTICATED.
 * - A verified caller the method does not admit: PERMISSION_DENIED.
 * - grpc.health.v1 stays open: orchestrators probe it without credentials.
 * - A method missing from the allowlist admits nobody (default deny).
 */
import type { KeyObject } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { checkClaims, decodeVerified, peekClaims, signJws } from '@studio/identity/jws';
import { HEALTH_SERVICE_NAME } from './health.js';

export const SERVICE_TOKEN_TTL_SECONDS = 60;
const RESIGN_BELOW_MS = 30_000;
const AUTHORIZATION = 'authorization';

/** The calling process: its name (the token's issuer) and its Ed25519 private key. */
export interface ServiceCredentials {
  name: string;
  signingKey: KeyObject;
}

/** Signs and caches (per audience, re-signed when under 30 s remain) the calling process's service tokens. */
export class ServiceTokenSigner {
  private readonly tokens = new Map<string, { token: string; expiresAtMs: number }>();

  constructor(
    private readonly credentials: ServiceCredentials,
    private readonly now: () => number = Date.now,
  ) {}

  token(audience: string): string {
    const now = this.now();
    const cached = this.tokens.get(audience);
    if (cached && cached.expiresAtMs - now >= RESIGN_BELOW_MS) return cached.token;
    const token = signJws({}, this.credentials.signingKey, {
      issuer: this.credentials.name,
      audience,
      ttlSeconds: SERVICE_TOKEN_TTL_SECONDS,
      nowMs: now,
    });
    // iat is rounded down to the second: count the expiry from that second.
    this.tokens.set(audience, { token, expiresAtMs: Math.floor(now / 1000) * 1000 + SERVICE_TOKEN_TTL_SECONDS * 1000 });
    return token;
  }
}

/** A client interceptor adding the service token for `audience` to every call's metadata. */
export function credentialsInterceptor(signer: ServiceTokenSigner, audience: string): grpc.Interceptor {
  return (options, nextCall) =>
    new grpc.InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        metadata.set(AUTHORIZATION, `Bearer ${signer.token(audience)}`);
        next(metadata, listener);
      },
    });
}

/**
 * Which callers each method admits: keys are `package.Service/Method` or a whole `package.Service`; values the
 * caller names (the issuers of their tokens). A method found under neither key admits nobody.
 */
export type CallerAllowlist = Readonly<Record<string, readonly string[]>>;

export interface GrpcServerAuth {
  /** This service's name: the audience its callers' tokens must name. */
  audience: string;
  /** The public keys of the callers this server can authenticate, by name (SERVICE_PUBLIC_KEYS). */
  keyring: ReadonlyMap<string, KeyObject>;
  allow: CallerAllowlist;
  nowMs?: () => number;
}

export type CallerCheck = { ok: true; caller: string } | { ok: false; code: grpc.status; details: string };

/** Checks one call: the service token in `metadata` against the keyring, then the method's allowlist. */
export function checkCaller(auth: GrpcServerAuth, path: string, metadata: grpc.Metadata): CallerCheck {
  const header = metadata.get(AUTHORIZATION)[0];
  const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
  if (!token) return { ok: false, code: grpc.status.UNAUTHENTICATED, details: 'a service token is required' };
  const issuer = peekClaims(token)?.iss;
  const key = typeof issuer === 'string' ? auth.keyring.get(issuer) : undefined;
  const verified = key ? decodeVerified(token, key) : null;
  const claims =
    verified &&
    checkClaims(verified, {
      issuer: issuer as string,
      audience: auth.audience,
      maxTtlSeconds: SERVICE_TOKEN_TTL_SECONDS,
      nowMs: auth.nowMs?.(),
    });
  if (!claims) return { ok: false, code: grpc.status.UNAUTHENTICATED, details: 'the service token is not valid here' };
  const { service, method } = splitMethod(path);
  const admitted = auth.allow[`${service}/${method}`] ?? auth.allow[service] ?? [];
  if (!admitted.includes(claims.iss)) {
    return { ok: false, code: grpc.status.PERMISSION_DENIED, details: `${claims.iss} may not call ${service}/${method}` };
  }
  return { ok: true, caller: claims.iss };
}

function splitMethod(path: string): { service: string; method: string } {
  const [, service = '', method = ''] = path.split('/');
  return { service, method };
}

/**
 * The server interceptor: answers UNAUTHENTICATED or PERMISSION_DENIED before the handler runs; health checks pass.
 * Without `auth` the server admits no caller at all (a server that serves only health).
 */
export function authInterceptor(auth: GrpcServerAuth | undefined): grpc.ServerInterceptor {
  return (descriptor, call) =>
    new grpc.ServerInterceptingCall(call, {
      start(next) {
        next({
          onReceiveMetadata(metadata, nextMetadata) {
            if (splitMethod(descriptor.path).service === HEALTH_SERVICE_NAME) {
              nextMetadata(metadata);
              return;
            }
            const check: CallerCheck = auth
              ? checkCaller(auth, descriptor.path, metadata)
              : { ok: false, code: grpc.status.UNAUTHENTICATED, details: 'this server admits no callers' };
            if (check.ok) nextMetadata(metadata);
            else call.sendStatus({ code: check.code, details: check.details, metadata: new grpc.Metadata() });
          },
        });
      },
    });
}
