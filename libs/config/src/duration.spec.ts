import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { env, parseDuration } from './index.js';

describe('parseDuration', () => {
  it('reads ms, s, m, h and d, and a bare number in the given unit', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('250')).toBe(250);
    expect(parseDuration('3600', 's')).toBe(3_600_000);
    expect(parseDuration(' 30m ')).toBe(1_800_000);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '2 h', '-1s', '1.5s', '1w', 's', '1234567890123']) expect(parseDuration(bad), bad).toBeNull();
  });
});

describe('env.duration', () => {
  const schema = z.object({ TTL: env.duration('1h', { bareUnit: 's', minMs: 60_000, maxMs: 86_400_000 }) });

  it('parses within the range and applies the default', () => {
    expect(schema.parse({}).TTL).toBe(3_600_000);
    expect(schema.parse({ TTL: '90' }).TTL).toBe(90_000);
  });

  it('names the range when out of it', () => {
    const result = schema.safeParse({ TTL: '30s' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('expected a duration from 60 s to 86400 s such as 500ms, 30s, 2m or 24h');
  });
});
