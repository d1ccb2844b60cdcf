import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { parseConsoleConfig } from './config.js';

const key = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');

describe('console config', () => {
  it('has a local default for every value but the signing key', () => {
    const c = parseConsoleConfig({ SERVICE_SIGNING_KEY: key });
    expect(c).toMatchObject({
      host: '127.0.0.1',
      httpPort: 7106,
      adminPort: 7306,
      publicOrigin: 'http://127.0.0.1:8080',
      secureCookies: false,
      studioGrpcAddr: '127.0.0.1:7201',
      grpcTimeoutMs: 5000,
    });
    expect(() => parseConsoleConfig({})).toThrow(ConfigError);
  });

  it('PUBLIC_URL: its origin; https makes the cookies Secure; required in production', () => {
    const c = parseConsoleConfig({ SERVICE_SIGNING_KEY: key, PUBLIC_URL: 'https://photos.example.com/' });
    expect(c.publicOrigin).toBe('https://photos.example.com');
    expect(c.secureCookies).toBe(true);
    for (const bad of ['ftp://x.example', 'not a url', 'https://u:p@x.example', 'https://x.example/?q=1']) {
      expect(() => parseConsoleConfig({ SERVICE_SIGNING_KEY: key, PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    expect(() => parseConsoleConfig({ NODE_ENV: 'production', SERVICE_SIGNING_KEY: key })).toThrow(ConfigError);
  });

  it('PORTAL_IMAGE_ORIGINS: empty by default; a comma list of http(s) origins, normalised, each once', () => {
    expect(parseConsoleConfig({ SERVICE_SIGNING_KEY: key }).portalImageOrigins).toEqual([]);
    const c = parseConsoleConfig({
      SERVICE_SIGNING_KEY: key,
      PORTAL_IMAGE_ORIGINS: ' http://127.0.0.1:9000 , https://Photos.Example.com:443/,http://127.0.0.1:9000,',
    });
    expect(c.portalImageOrigins).toEqual(['http://127.0.0.1:9000', 'https://photos.example.com']);
    for (const bad of [
      'ftp://x.example',
      'x.example',
      'https://x.example/bucket',
      'https://x.example/a/..',
      'https://x.example?q=1',
      'https://x.example#f',
      'https://u:p@x.example',
      'https://*.example.com',
      "'self'",
      'http://127.0.0.1:9000 http://evil.example',
    ]) {
      expect(() => parseConsoleConfig({ SERVICE_SIGNING_KEY: key, PORTAL_IMAGE_ORIGINS: bad }), bad).toThrow(/PORTAL_IMAGE_ORIGINS/);
    }
  });
});
