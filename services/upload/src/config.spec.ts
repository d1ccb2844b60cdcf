import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { parseUploadConfig } from './config.js';

describe('upload config: object-store credentials', () => {
  it('static keys go to the S3 client and the presigner as they are', () => {
    const c = parseUploadConfig({ S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret', S3_SESSION_TOKEN: 'token' });
    expect(c.s3.credentials).toEqual({ accessKeyId: 'AKID', secretAccessKey: 'secret', sessionToken: 'token' });
  });

  it('no keys: null, the AWS SDK default provider chain', () => {
    expect(parseUploadConfig({}).s3.credentials).toBeNull();
  });

  it('one key without the other stops the process naming the missing variable', () => {
    expect(() => parseUploadConfig({ S3_ACCESS_KEY_ID: 'AKID' })).toThrow(ConfigError);
    expect(() => parseUploadConfig({ S3_ACCESS_KEY_ID: 'AKID' })).toThrow(/^config: S3_SECRET_ACCESS_KEY: /);
    expect(() => parseUploadConfig({ S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/^config: S3_ACCESS_KEY_ID: /);
  });
});
