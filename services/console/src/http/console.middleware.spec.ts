import { describe, expect, it } from 'vitest';
import { AppError } from '@studio/errors';
import { pageFor } from './console.middleware.js';

describe('pageFor: what a failure shows', () => {
  it("maps studio's answers: unauthorized -> sign-in, not_found -> 404, unavailable -> 503", () => {
    expect(pageFor(new AppError('unauthorized'))).toBe('sign_in');
    expect(pageFor(new AppError('not_found'))).toBe('not_found');
    expect(pageFor(new AppError('unavailable', 'the studio service is unavailable'))).toBe('unavailable');
    expect(pageFor(new AppError('invalid_input', 'bad'))).toBe('bad_request');
    expect(pageFor(new AppError('internal'))).toBe('internal');
  });

  it("maps the form parser's refusals: too large -> 413, unreadable -> 400; anything else -> 500", () => {
    expect(pageFor(Object.assign(new Error('too big'), { type: 'entity.too.large', status: 413 }))).toBe('too_large');
    expect(pageFor(Object.assign(new Error('bad charset'), { type: 'charset.unsupported', status: 415 }))).toBe('bad_request');
    expect(pageFor(new TypeError('boom'))).toBe('internal');
    expect(pageFor(null)).toBe('internal');
  });
});
