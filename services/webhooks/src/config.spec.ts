import { describe, expect, it } from 'vitest';
import { ConfigError } from '@studio/config';
import { parseDuration, parseWebhooksConfig } from './config.js';

describe('webhooks config', () => {
  it('has local defaults for every value', () => {
    const c = parseWebhooksConfig({});
    expect(c.WEBHOOKS_HTTP_PORT).toBe(7105);
    expect(c.WEBHOOKS_GRPC_PORT).toBe(7205);
    expect(c.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/webhooks');
    expect(c.WEBHOOK_SECRET_KEY.length).toBe(32);
    expect(c.WEBHOOK_SECRET_OVERLAP).toBe(24 * 3600 * 1000);
    expect(c.DELIVERY_TIMEOUT_MS).toBe(10_000);
    expect(c.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(c.WEBHOOKS_FANOUT_QUEUE).toBe('webhooks.fanout');
  });

  it('parses durations and a shrunk retry schedule', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('2m')).toBe(120_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('250')).toBe(250);
    expect(parseDuration('2 h')).toBeNull();
    expect(parseDuration('-1s')).toBeNull();
    expect(parseWebhooksConfig({ RETRY_SCHEDULE: '50ms, 100ms ,1s' }).RETRY_SCHEDULE).toEqual([50, 100, 1000]);
    expect(parseWebhooksConfig({ WEBHOOK_SECRET_OVERLAP: '2s' }).WEBHOOK_SECRET_OVERLAP).toBe(2000);
  });

  it.each([
    ['RETRY_SCHEDULE', 'soon'],
    ['RETRY_SCHEDULE', ''],
    ['RETRY_SCHEDULE', '0s'],
    ['WEBHOOK_SECRET_KEY', 'c2hvcnQ='],
    ['WEBHOOK_SECRET_KEY', 'not base64!'],
    ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'maybe'],
    ['DELIVERY_TIMEOUT_MS', 'ten'],
    ['WEBHOOK_SECRET_OVERLAP', 'forever'],
  ])('names the variable of a bad value: %s=%s', (name, value) => {
    expect(() => parseWebhooksConfig({ [name]: value })).toThrow(ConfigError);
    try {
      parseWebhooksConfig({ [name]: value });
    } catch (err) {
      expect((err as ConfigError).variable).toBe(name);
    }
  });

  it('refuses the development key in production and a lease shorter than the timeout', () => {
    expect(() => parseWebhooksConfig({ NODE_ENV: 'production' })).toThrow(/WEBHOOK_SECRET_KEY/);
    expect(() => parseWebhooksConfig({ DELIVERY_TIMEOUT_MS: '10000', DISPATCH_LEASE_MS: '5000' })).toThrow(/DISPATCH_LEASE_MS/);
  });
});
