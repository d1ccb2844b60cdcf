import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { testSecretsEnv } from '@studio/testkit/secrets';
import { parseUploadConfig } from './config.js';

const SECRETS = ['IDENTITY_PUBLIC_KEY', 'SERVICE_SIGNING_KEY', 'SERVICE_PUBLIC_KEYS'] as const;
const secrets = testSecretsEnv(SECRETS, 'upload');
const parse = (env: Record<string, string>) => parseUploadConfig({ ...secrets, ...env });

describe('upload config: secrets', () => {
  it('the API reads its keys from the environment', () => {
    const keys = parse({}).keys!;
    expect(keys.identityPublicKey).toMatchObject({ type: 'public', asymmetricKeyType: 'ed25519' });
    expect(keys.serviceKey).toMatchObject({ type: 'private', asymmetricKeyType: 'ed25519' });
    expect([...keys.serviceKeyring.keys()]).toContain('gallery');
  });

  it.each(SECRETS)('the API: a missing %s stops the process naming it: no secret has a default', (variable) => {
    const env: Record<string, string> = { ...secrets };
    delete env[variable];
    expect(() => parseUploadConfig(env)).toThrow(ConfigError);
    expect(() => parseUploadConfig(env)).toThrow(new RegExp(`^config: ${variable}: is required and has no default`));
  });

  it('the worker serves no caller: it starts without any key, and holds none', () => {
    expect(parseUploadConfig({}, 'worker').keys).toBeNull();
  });
});

describe('upload config: object-store credentials', () => {
  it('static keys go to the S3 client and the presigner as they are', () => {
    const c = parse({ S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret', S3_SESSION_TOKEN: 'token' });
    expect(c.s3.credentials).toEqual({ accessKeyId: 'AKID', secretAccessKey: 'secret', sessionToken: 'token' });
  });

  it('no keys: null, the AWS SDK default provider chain', () => {
    expect(parse({}).s3.credentials).toBeNull();
  });

  it('one key without the other stops the process naming the missing variable', () => {
    expect(() => parse({ S3_ACCESS_KEY_ID: 'AKID' })).toThrow(ConfigError);
    expect(() => parse({ S3_ACCESS_KEY_ID: 'AKID' })).toThrow(/^config: S3_SECRET_ACCESS_KEY: /);
    expect(() => parse({ S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/^config: S3_ACCESS_KEY_ID: /);
  });
});

describe('upload config: worker', () => {
  it('polls the outbox every 5 s unless told otherwise (its own events are nudged out at once)', () => {
    expect(parseUploadConfig({}, 'worker').worker).toEqual({ derivativePrefetch: 3, outboxPollMs: 5_000 });
    expect(parseUploadConfig({ WORKER_OUTBOX_POLL_MS: '1000' }, 'worker').worker.outboxPollMs).toBe(1_000);
  });
});

describe('upload config: what upload URLs write', () => {
  it('a staging key unless told otherwise; `original` only when set, for an upgrade from 1.0.x', () => {
    expect(parse({}).uploadUrlTarget).toBe('staging');
    expect(parse({ UPLOAD_URL_TARGET: 'original' }).uploadUrlTarget).toBe('original');
  });

  it('any other value stops the process naming the variable', () => {
    expect(() => parse({ UPLOAD_URL_TARGET: 'originals' })).toThrow(/^config: UPLOAD_URL_TARGET: /);
  });
});
