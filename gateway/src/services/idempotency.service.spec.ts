import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, ERROR_TABLE } from '@studio/errors';
import { isStoredAnswer, parseStoredHeaders } from './idempotency.service.js';

describe('isStoredAnswer: only answers of requests that ran are kept for Idempotency-Key replays', () => {
  it('stores successes', () => {
    for (const status of [200, 201, 202, 204, 299, 304]) expect(isStoredAnswer(status), String(status)).toBe(true);
  });

  it('does not store a refusal (4xx): the corrected request with the same key runs', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 422, 429, 499]) expect(isStoredAnswer(status), String(status)).toBe(false);
  });

  it('does not store a 5xx (the outcome is unknown; a retry runs) nor anything that is not an HTTP answer', () => {
    for (const status of [500, 502, 503, 504, 599, 0, 100, 199, 600, Number.NaN])
      expect(isStoredAnswer(status), String(status)).toBe(false);
  });

  it('stores the answer of no error kind of the API', () => {
    for (const kind of ERROR_KINDS) expect(isStoredAnswer(ERROR_TABLE[kind].http), kind).toBe(false);
  });
});

describe('parseStoredHeaders: the answer headers a replay repeats', () => {
  it('keeps the deprecation headers and nothing else', () => {
    const stored = JSON.stringify({
      deprecation: '@1793491200',
      sunset: 'Sat, 01 May 2027 00:00:00 GMT',
      link: '</x>; rel="deprecation"',
      'set-cookie': 'a=b',
    });
    expect(parseStoredHeaders(Buffer.from(stored))).toEqual({
      deprecation: '@1793491200',
      sunset: 'Sat, 01 May 2027 00:00:00 GMT',
      link: '</x>; rel="deprecation"',
    });
  });

  it('gives none for a record written before the field existed, or one that does not parse', () => {
    for (const raw of [null, undefined, Buffer.from(''), Buffer.from('not json'), Buffer.from('[1]'), Buffer.from('{"deprecation":1}')]) {
      expect(parseStoredHeaders(raw)).toEqual({});
    }
  });
});
