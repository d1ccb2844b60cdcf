import { describe, expect, it } from 'vitest';
import { withTimeout } from './with-timeout.js';

describe('withTimeout', () => {
  it('passes through a value or an error that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve(42), 1000)).resolves.toBe(42);
    await expect(withTimeout(Promise.reject(new Error('no')), 1000)).rejects.toThrow('no');
  });

  it('rejects once the time is up', async () => {
    await expect(withTimeout(new Promise(() => {}), 10)).rejects.toThrow('timed out after 10 ms');
  });
});
