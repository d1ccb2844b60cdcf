import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './gallery.routes.js';

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['identity', false],
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['*', true],
    ['*;q=0', false],
    ['br', false],
  ])('%j -> %j', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
