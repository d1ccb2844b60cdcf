import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, parseConfig, refineS3Env, s3Credentials, s3Env } from './index.js';

/** What a service does with s3Env: spread it, check the keys together, map them to credentials. */
const schema = z
  .object({ ...s3Env })
  .superRefine(refineS3Env)
  .transform((e) => ({ credentials: s3Credentials(e) }));

const parse = (env: Record<string, string | undefined>) => parseConfig(schema, env);

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    parse(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('s3Env credentials', () => {
  it('static: both keys set (with an optional session token)', () => {
    expect(parse({ S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' }).credentials).toEqual({
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    });
    expect(parse({ S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret', S3_SESSION_TOKEN: 'token' }).credentials).toEqual({
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      sessionToken: 'token',
    });
  });

  it('chain: neither key set, or both empty, means the AWS default provider chain (no usable default key in code)', () => {
    expect(parse({}).credentials).toBeNull();
    expect(parse({ S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }).credentials).toBeNull();
  });

  it('half-configured: one key without the other is a config error naming the missing variable', () => {
    const noSecret = configError({ S3_ACCESS_KEY_ID: 'AKID' });
    expect(noSecret.variable).toBe('S3_SECRET_ACCESS_KEY');
    expect(noSecret.message).toMatch(/^config: S3_SECRET_ACCESS_KEY: must be set with S3_ACCESS_KEY_ID/);
    expect(configError({ S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: '' }).variable).toBe('S3_SECRET_ACCESS_KEY');
    expect(configError({ S3_SECRET_ACCESS_KEY: 'secret' }).variable).toBe('S3_ACCESS_KEY_ID');
    expect(configError({ S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: 'secret' }).variable).toBe('S3_ACCESS_KEY_ID');
  });

  it('a session token without static keys is a config error (the chain brings its own)', () => {
    expect(configError({ S3_SESSION_TOKEN: 'token' }).variable).toBe('S3_SESSION_TOKEN');
  });
});
