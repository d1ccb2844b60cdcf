/**
 * Secrets and keys from the environment: the one check every process uses. None has a default: a missing value,
 * one shorter than 32 bytes, or a known development value (one that ever shipped in code, compose or docs) stops
 * the process with exit 78 and one line naming the variable (through loadConfig). `npm start` and the test stacks
 * generate per-install values (scripts/lib/secrets.ts); production gets them from Secret references.
 *
 * Formats (one line each, so they fit an env file and a Kubernetes Secret alike):
 * - text: any string of at least 32 bytes (HMAC secrets);
 * - key32: 32 random bytes in base64 (AES-256 keys), `openssl rand -base64 32`;
 * - signingKey / publicKey: an Ed25519 key, base64 of its PKCS#8 (private) or SPKI (public) DER;
 * - keyring: `name=<publicKey>` pairs, comma-separated (the callers a gRPC server can authenticate).
 */
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

export const MIN_SECRET_BYTES = 32;

/** Where a missing secret comes from, said in the one line that names it. */
const MISSING = 'is required and has no default (npm start generates one in .run/secrets.env; production reads a Secret)';

/**
 * Values that were development defaults in code, compose or docs: refused in every mode, so one copied into a
 * production Secret cannot start. Stored as SHA-256 of the value (text) or of the decoded key bytes.
 */
const KNOWN_DEVELOPMENT_VALUES = new Set(
  [
    'dev-internal-jwt-secret-change-me-0123456789',
    'dev-cursor-secret-change-me-0123456789',
    'dev-client-session-secret-change-me-0123456789',
    'compose-local-internal-jwt-secret-0123456789',
    'compose-local-cursor-secret-0123456789abcdef',
    'compose-local-client-session-secret-0123456789',
    'studio-minio-secret',
    'studio-dev-secret',
    ...[
      'ZGV2LWdhbGxlcnktcG9ydGFsLWtleS0zMi1ieXRlcyE=',
      'ZGV2LXdlYmhvb2stc2VjcmV0LWtleS0zMi1ieXRlcyE=',
      'Y29tcG9zZS1sb2NhbC13ZWJob29rLWtleS0zMmJ5dGU=',
    ].map((b64) => Buffer.from(b64, 'base64').toString('latin1')),
  ].map(digest),
);

function digest(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

/** True for a value that must never be used: a known development default, or one saying it must be changed. */
export function isDevelopmentValue(value: string | Buffer): boolean {
  if (KNOWN_DEVELOPMENT_VALUES.has(digest(typeof value === 'string' ? value : value.toString('latin1')))) return true;
  return typeof value === 'string' && /change[-_ ]?me/i.test(value);
}

const required = () => z.string({ error: (issue) => (issue.input === undefined ? MISSING : 'must be a string') });

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const decode = (value: string): Buffer => (BASE64.test(value.trim()) ? Buffer.from(value.trim(), 'base64') : Buffer.alloc(0));

function refuse(ctx: z.RefinementCtx, message: string): typeof z.NEVER {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** An Ed25519 key from base64 DER (a private key in PKCS#8, a public one in SPKI), or null when it is not one. */
function parseEd25519Key(value: string, kind: 'private' | 'public'): KeyObject | null {
  try {
    const der = decode(value);
    const key =
      kind === 'private'
        ? createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
        : createPublicKey({ key: der, format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

const CALLER_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/** The secret field parsers: spread into a process's env schema; each value is checked the same way everywhere. */
export const secretEnv = {
  /** A text secret (an HMAC key): at least 32 bytes, not a development value. */
  text: () =>
    required().transform((value, ctx) => {
      if (Buffer.byteLength(value, 'utf8') < MIN_SECRET_BYTES) return refuse(ctx, `must be at least ${MIN_SECRET_BYTES} bytes`);
      if (isDevelopmentValue(value)) return refuse(ctx, 'is a known development value; generate a new one');
      return value;
    }),
  /** A 32-byte key in base64 (AES-256). */
  key32: () =>
    required().transform((value, ctx) => {
      const key = decode(value);
      if (key.length !== 32) return refuse(ctx, 'must be 32 bytes encoded as base64 (openssl rand -base64 32)');
      if (isDevelopmentValue(key)) return refuse(ctx, 'is a known development value; generate a new one');
      return key;
    }),
  /** An Ed25519 private key (base64 of PKCS#8 DER). */
  signingKey: () =>
    required().transform((value, ctx) => {
      const key = parseEd25519Key(value, 'private');
      return key ?? refuse(ctx, 'must be an Ed25519 private key: base64 of its PKCS#8 DER');
    }),
  /** An Ed25519 public key (base64 of SPKI DER). */
  publicKey: () =>
    required().transform((value, ctx) => {
      const key = parseEd25519Key(value, 'public');
      return key ?? refuse(ctx, 'must be an Ed25519 public key: base64 of its SPKI DER');
    }),
  /** `name=<public key>` pairs, comma-separated: the callers a server can authenticate, by name. */
  keyring: () =>
    required().transform((value, ctx) => {
      const ring = new Map<string, KeyObject>();
      for (const entry of value.split(',').map((e) => e.trim())) {
        if (entry === '') continue;
        const eq = entry.indexOf('=');
        const name = entry.slice(0, eq);
        const key = eq > 0 ? parseEd25519Key(entry.slice(eq + 1), 'public') : null;
        if (!CALLER_NAME.test(name) || !key)
          return refuse(ctx, 'must be name=<Ed25519 public key, base64 SPKI DER> pairs, comma-separated');
        if (ring.has(name)) return refuse(ctx, `names ${name} twice`);
        ring.set(name, key);
      }
      return ring.size > 0 ? ring : refuse(ctx, 'must name at least one caller');
    }),
};

/**
 * An optional static secret (S3_SECRET_ACCESS_KEY: the AWS default chain needs none) that is set, in production:
 * too short or a development value. The local S3 dev server checks no signature, so development takes any.
 */
export function staticSecretProblem(value: string): string | null {
  if (Buffer.byteLength(value, 'utf8') < MIN_SECRET_BYTES) return `must be at least ${MIN_SECRET_BYTES} bytes`;
  if (isDevelopmentValue(value)) return 'is a known development value; generate a new one';
  return null;
}

/**
 * Secrets only one role of a shared configuration needs (the API process of a service whose worker serves no
 * caller): declared `.optional()` in the schema and required here, from the schema's superRefine, for that role.
 */
export function requireSecrets(e: Record<string, unknown>, ctx: z.RefinementCtx, names: readonly string[]): void {
  for (const name of names) if (e[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: MISSING });
}

/** The process roles of a service that runs an API and a worker from one configuration. */
export type ProcessRole = 'api' | 'worker';
