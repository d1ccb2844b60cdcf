import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { testSecretsEnv } from '@studio/testkit/secrets';
import { parseGalleryConfig } from './config.js';

const SECRETS = [
  'IDENTITY_PUBLIC_KEY',
  'CURSOR_SECRET',
  'SERVICE_SIGNING_KEY',
  'SERVICE_PUBLIC_KEYS',
  'CLIENT_SESSION_SIGNING_KEY',
  'PORTAL_TOKEN_KEY',
] as const;
const secrets = testSecretsEnv(SECRETS, 'gallery');
const parse = (env: Record<string, string>) => parseGalleryConfig({ ...secrets, ...env });

describe('gallery config: secrets', () => {
  it('reads every secret from the environment', () => {
    const c = parse({});
    expect(c.identityPublicKey).toMatchObject({ type: 'public', asymmetricKeyType: 'ed25519' });
    expect(c.serviceKey).toMatchObject({ type: 'private', asymmetricKeyType: 'ed25519' });
    expect(c.clientSession.signingKey).toMatchObject({ type: 'private', asymmetricKeyType: 'ed25519' });
    expect([...c.serviceKeyring.keys()]).toContain('search');
    expect(c.cursorSecret).toBe(secrets.CURSOR_SECRET);
    expect(c.portal.key).toEqual(Buffer.from(secrets.PORTAL_TOKEN_KEY!, 'base64'));
  });

  it.each(SECRETS)('a missing %s stops the process naming it: no secret has a default', (variable) => {
    const env: Record<string, string> = { ...secrets };
    delete env[variable];
    expect(() => parseGalleryConfig(env)).toThrow(ConfigError);
    expect(() => parseGalleryConfig(env)).toThrow(new RegExp(`^config: ${variable}: is required and has no default`));
  });

  it.each([
    ['PORTAL_TOKEN_KEY', 'c2hvcnQ='],
    // The development key that shipped in code before.
    ['PORTAL_TOKEN_KEY', 'ZGV2LWdhbGxlcnktcG9ydGFsLWtleS0zMi1ieXRlcyE='],
    ['CLIENT_SESSION_SIGNING_KEY', 'dev-client-session-secret-change-me-0123456789'],
    ['CURSOR_SECRET', 'dev-cursor-secret-change-me-0123456789'],
    ['SERVICE_PUBLIC_KEYS', 'search'],
  ])('names the bad secret %s', (variable, value) => {
    expect(() => parse({ [variable]: value })).toThrow(new RegExp(`^config: ${variable}:`));
  });
});

describe('gallery config: object-store credentials', () => {
  it('static keys go to the presigner as they are', () => {
    expect(parse({ S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' }).s3.credentials).toEqual({
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    });
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
