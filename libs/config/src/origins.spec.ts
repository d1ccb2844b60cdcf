import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { env, originOf } from './index.js';

describe('originOf', () => {
  it('is the origin a browser compares: default ports dropped, a final slash allowed, host lower-cased', () => {
    expect(originOf('https://Photos.Example.com')).toBe('https://photos.example.com');
    expect(originOf('https://a.example:443/')).toBe('https://a.example');
    expect(originOf('http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000');
    expect(originOf('http://[::1]:5173')).toBe('http://[::1]:5173');
  });

  it('refuses anything more or other than an origin', () => {
    for (const bad of [
      '',
      'a.example',
      'ftp://a.example',
      'https://*.example.com',
      'https://a.example/path',
      'https://a.example/x/..',
      'https://a.example?q=1',
      'https://a.example#f',
      'https://user:pw@a.example',
      'javascript:alert(1)',
      'https://a.example\\@b.example',
    ]) {
      expect(originOf(bad), bad).toBeNull();
    }
  });
});

describe('env.origins', () => {
  const schema = z.object({ ORIGINS: env.origins() });
  it('is a comma-separated list, each once, in order; empty by default', () => {
    expect(schema.parse({}).ORIGINS).toEqual([]);
    expect(schema.parse({ ORIGINS: ' https://b.example , http://127.0.0.1:9000,https://b.example/ ,' }).ORIGINS).toEqual([
      'https://b.example',
      'http://127.0.0.1:9000',
    ]);
  });

  it('names the item that is not an origin', () => {
    const res = schema.safeParse({ ORIGINS: 'https://a.example,https://b.example/x' });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe('"https://b.example/x" is not an origin (http(s)://host[:port], no path, no *)');
  });
});
