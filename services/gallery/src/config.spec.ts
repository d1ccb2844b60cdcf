import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { parseGalleryConfig } from './config.js';

describe('gallery config: object-store credentials', () => {
  it('static keys go to the presigner as they are', () => {
    expect(parseGalleryConfig({ S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' }).s3.credentials).toEqual({
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    });
  });

  it('no keys: null, the AWS SDK default provider chain', () => {
    expect(parseGalleryConfig({}).s3.credentials).toBeNull();
  });

  it('one key without the other stops the process naming the missing variable', () => {
    expect(() => parseGalleryConfig({ S3_ACCESS_KEY_ID: 'AKID' })).toThrow(ConfigError);
    expect(() => parseGalleryConfig({ S3_ACCESS_KEY_ID: 'AKID' })).toThrow(/^config: S3_SECRET_ACCESS_KEY: /);
    expect(() => parseGalleryConfig({ S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/^config: S3_ACCESS_KEY_ID: /);
  });
});
