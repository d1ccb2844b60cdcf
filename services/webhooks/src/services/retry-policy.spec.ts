import { describe, expect, it } from 'vitest';
import { testSecretsEnv } from '@studio/testkit/secrets';
import { parseWebhooksConfig } from '../config.js';
import { classifyStatus, maxAttempts, nextStep } from './retry-policy.js';

const schedule = parseWebhooksConfig(testSecretsEnv(['IDENTITY_PUBLIC_KEY', 'CURSOR_SECRET', 'WEBHOOK_SECRET_KEY'])).dispatch
  .retryScheduleMs;

describe('classifyStatus', () => {
  it.each([
    [200, 'success'],
    [204, 'success'],
    [299, 'success'],
    [null, 'retryable'],
    [500, 'retryable'],
    [502, 'retryable'],
    [503, 'retryable'],
    [429, 'retryable'],
    [301, 'retryable'],
    [308, 'retryable'],
    [100, 'retryable'],
    [400, 'terminal'],
    [401, 'terminal'],
    [404, 'terminal'],
    [410, 'terminal'],
    [422, 'terminal'],
    [499, 'terminal'],
  ] as const)('%s -> %s', (status, kind) => {
    expect(classifyStatus(status)).toBe(kind);
  });
});

describe('nextStep with the default schedule', () => {
  it('waits 30 s, 2 min, 10 min, 30 min, 2 h, then dead-letters after the 6th failure', () => {
    expect(schedule).toEqual([30_000, 120_000, 600_000, 1_800_000, 7_200_000]);
    expect(maxAttempts(schedule)).toBe(6);
    const waits = [1, 2, 3, 4, 5].map((n) => nextStep('retryable', n, schedule));
    expect(waits).toEqual(schedule.map((ms) => ({ state: 'failed_retrying', retryInMs: ms })));
    expect(nextStep('retryable', 6, schedule)).toEqual({ state: 'dead_letter', retryInMs: null });
    expect(nextStep('retryable', 7, schedule)).toEqual({ state: 'dead_letter', retryInMs: null });
  });

  it('succeeds on 2xx at any attempt and dead-letters a terminal 4xx at once', () => {
    expect(nextStep('success', 1, schedule)).toEqual({ state: 'succeeded', retryInMs: null });
    expect(nextStep('success', 6, schedule)).toEqual({ state: 'succeeded', retryInMs: null });
    expect(nextStep('terminal', 1, schedule)).toEqual({ state: 'dead_letter', retryInMs: null });
  });

  it('follows a shrunk schedule', () => {
    const short = [10, 20];
    expect(nextStep('retryable', 1, short)).toEqual({ state: 'failed_retrying', retryInMs: 10 });
    expect(nextStep('retryable', 2, short)).toEqual({ state: 'failed_retrying', retryInMs: 20 });
    expect(nextStep('retryable', 3, short)).toEqual({ state: 'dead_letter', retryInMs: null });
  });
});
