import { describe, expect, it } from 'vitest';
import { stripUntrustedHeaders } from './request-context.middleware.js';

describe('stripUntrustedHeaders', () => {
  it('removes every x-studio-* header and hop-by-hop headers, keeping the rest', () => {
    const headers: Record<string, unknown> = {
      'x-studio-identity': 'forged',
      'x-studio-anything': '1',
      'x-studioish': 'kept',
      connection: 'close',
      'keep-alive': 'timeout=5',
      te: 'trailers',
      upgrade: 'websocket',
      'proxy-authorization': 'x',
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
      authorization: 'Bearer x',
    };
    stripUntrustedHeaders(headers);
    expect(Object.keys(headers).sort()).toEqual(['authorization', 'content-type', 'transfer-encoding', 'x-studioish']);
  });
});
