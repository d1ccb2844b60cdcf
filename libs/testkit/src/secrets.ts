/**
 * Per-install secrets and keys for local stacks and tests: `npm start` generates them once into .run/secrets.env
 * (mode 0600) and reuses them; test stacks and harnesses generate fresh ones. Nothing here is a default: every
 * value is random. Which process gets which variable is deploy/deployables.ts's `secrets` (least privilege).
 *
 * Encodings are the ones @studio/config/secrets parses: Ed25519 keys as base64 of PKCS#8 / SPKI DER, AES keys
 * as base64 of 32 bytes, HMAC secrets as 43 base64url characters.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

/** The processes that call internal gRPC services, by the name their service tokens carry. */
export const GRPC_CALLERS = ['gateway', 'gallery', 'upload', 'search', 'console', 'operator'] as const;
export type GrpcCaller = (typeof GRPC_CALLERS)[number];

/** The variable holding `caller`'s service signing key in a secrets file (each process gets its own as SERVICE_SIGNING_KEY). */
export const serviceKeyVariable = (caller: GrpcCaller): string => `${caller.toUpperCase()}_SERVICE_SIGNING_KEY`;

export type SecretsFile = Record<string, string>;

function keyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/** A fresh, complete set: every secret of every process. */
export function generateSecrets(): SecretsFile {
  const identity = keyPair();
  const clientSession = keyPair();
  const services = GRPC_CALLERS.map((caller) => ({ caller, ...keyPair() }));
  return {
    IDENTITY_SIGNING_KEY: identity.privateKey,
    IDENTITY_PUBLIC_KEY: identity.publicKey,
    CLIENT_SESSION_SIGNING_KEY: clientSession.privateKey,
    CLIENT_SESSION_PUBLIC_KEY: clientSession.publicKey,
    ...Object.fromEntries(services.map((s) => [serviceKeyVariable(s.caller), s.privateKey])),
    SERVICE_PUBLIC_KEYS: services.map((s) => `${s.caller}=${s.publicKey}`).join(','),
    CURSOR_SECRET: randomBytes(32).toString('base64url'),
    PORTAL_TOKEN_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    IDEMPOTENCY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // The local S3 dev server checks no signature; the keys are random all the same (none is written in code).
    S3_ACCESS_KEY_ID: `local-${randomBytes(8).toString('hex')}`,
    S3_SECRET_ACCESS_KEY: randomBytes(30).toString('base64url'),
  };
}

/**
 * The environment of one process: the variables it declares (`names`, from deploy/deployables.ts), taken from
 * `secrets`; SERVICE_SIGNING_KEY is the process's own caller key (`caller`).
 */
export function secretsEnvFor(secrets: SecretsFile, names: readonly string[], caller?: GrpcCaller): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of names) {
    const variable = name === 'SERVICE_SIGNING_KEY' ? (caller ? serviceKeyVariable(caller) : undefined) : name;
    const value = variable ? secrets[variable] : undefined;
    if (value === undefined) throw new Error(`secrets: no value for ${name}${caller ? ` (${caller})` : ''}`);
    env[name] = value;
  }
  return env;
}

/** One generated set for a test file's in-process services, with the keys as KeyObjects for signing in tests. */
export interface TestKeys {
  env: SecretsFile;
  identitySigningKey: KeyObject;
  identityPublicKey: KeyObject;
  clientSessionSigningKey: KeyObject;
  /** A caller's service signing key (to call a gRPC server as that caller). */
  serviceKey(caller: GrpcCaller): KeyObject;
}

/** An Ed25519 private key from its secrets-file form (base64 of PKCS#8 DER). */
export function privateKeyOf(base64: string): KeyObject {
  return createPrivateKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'pkcs8' });
}

let shared: TestKeys | undefined;

/** The test process's keys: generated once per process (each test file runs in its own). */
export function testKeys(): TestKeys {
  if (shared) return shared;
  const env = generateSecrets();
  shared = {
    env,
    identitySigningKey: privateKeyOf(env.IDENTITY_SIGNING_KEY!),
    identityPublicKey: createPublicKey({ key: Buffer.from(env.IDENTITY_PUBLIC_KEY!, 'base64'), format: 'der', type: 'spki' }),
    clientSessionSigningKey: privateKeyOf(env.CLIENT_SESSION_SIGNING_KEY!),
    serviceKey: (caller) => privateKeyOf(env[serviceKeyVariable(caller)]!),
  };
  return shared;
}

/** The env of a service under test: its secrets from testKeys(), with SERVICE_SIGNING_KEY as `caller`'s. */
export function testSecretsEnv(names: readonly string[], caller?: GrpcCaller): Record<string, string> {
  return secretsEnvFor(testKeys().env, names, caller);
}

/** Parses a secrets file (`NAME=value` lines, # comments). */
export function parseSecretsFile(text: string): SecretsFile {
  const out: SecretsFile = {};
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const eq = t.indexOf('=');
    if (eq > 0) out[t.slice(0, eq)] = t.slice(eq + 1);
  }
  return out;
}

/** Writes a secrets file's text. */
export function formatSecretsFile(secrets: SecretsFile): string {
  return `# Per-install secrets of the local stack, generated by npm start (mode 0600). Never commit or copy to production.\n${Object.entries(
    secrets,
  )
    .map(([k, v]) => `${k}=${v}`)
    .join('\n')}\n`;
}
