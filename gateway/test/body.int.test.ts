/** Request bodies: JSON only, at most 1 MiB, forwarded as the exact bytes; other methods stream through. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, startHarness, type Harness } from './support/harness.js';

describe('gateway request bodies', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const write = (
    method: string,
    body: string | Buffer | undefined,
    headers: Record<string, string> = { 'content-type': 'application/json' },
    path = '/api/v1/galleries',
  ) => h.call(path, { token: OWNER, method, headers, body });

  it('refuses malformed JSON with 400 invalid_input, without calling the upstream', async () => {
    const before = h.upstream.calls();
    for (const body of ['{', '{"a":}', 'nope', '{"a":1}}', "{'a':1}"]) {
      const res = await write('POST', body);
      expect(res.status, body).toBe(400);
      expect(res.json).toMatchObject({ ok: false, error: 'invalid_input' });
    }
    expect(h.upstream.calls()).toBe(before);
  });

  it('refuses a non-JSON content type on a write with a body', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'application/json; charset=latin1',
    ]) {
      const res = await write('PATCH', '{"a":1}', { 'content-type': type });
      expect(res.status, type).toBe(400);
      expect(res.json.error).toBe('invalid_input');
    }
    const none = await write('POST', '{"a":1}', {});
    expect(none.status).toBe(400);
  });

  it('accepts application/json with a UTF-8 charset and application/*+json', async () => {
    for (const type of [
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/merge-patch+json',
      'application/json;charset="UTF-8"',
    ]) {
      const res = await write('PUT', '{"a":1}', { 'content-type': type });
      expect(res.status, type).toBe(200);
    }
  });

  it('refuses a body over 1 MiB (declared or streamed) with 400 and keeps serving', async () => {
    const big = Buffer.from(`{"a":"${'x'.repeat(1024 * 1024)}"}`);
    const declared = await write('POST', big);
    expect(declared.status).toBe(400);
    expect(declared.json).toMatchObject({ ok: false, error: 'invalid_input', message: 'request body is larger than 1 MiB' });
    const chunked = await h.call('/api/v1/galleries', {
      token: OWNER,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
      chunkSize: 64 * 1024,
    });
    expect(chunked.status).toBe(400);
    expect(chunked.json.message).toBe('request body is larger than 1 MiB');
    expect((await h.call('/api/v1/workspaces', { token: OWNER })).status).toBe(200);
  });

  it('accepts a body of exactly 1 MiB', async () => {
    const filler = 'y'.repeat(1024 * 1024 - '{"a":""}'.length);
    const exact = Buffer.from(`{"a":"${filler}"}`);
    expect(exact.length).toBe(1024 * 1024);
    const res = await write('POST', exact);
    expect(res.status).toBe(201);
  });

  it('forwards the exact raw bytes (whitespace, key order, unicode escapes) with a correct Content-Length', async () => {
    const raw = Buffer.from('{ "z" : 1,\n\t"a":"\\u00e9 é",  "n": 1.50e2 , "arr":[ 3,1 ] }  \n');
    const res = await write('POST', raw);
    expect(res.status).toBe(201);
    const forwarded = Buffer.from(res.json.echo.body_base64, 'base64');
    expect(forwarded.equals(raw)).toBe(true);
    expect(res.json.echo.headers['content-length']).toBe(String(raw.length));
    expect(res.json.echo.headers['transfer-encoding']).toBeUndefined();
  });

  it('turns a chunked body into a Content-Length one upstream', async () => {
    const raw = Buffer.from(JSON.stringify({ list: Array.from({ length: 2000 }, (_, i) => i) }));
    const res = await h.call('/api/v1/galleries', {
      token: OWNER,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
      chunkSize: 1000,
    });
    expect(res.status).toBe(201);
    expect(Buffer.from(res.json.echo.body_base64, 'base64').equals(raw)).toBe(true);
    expect(res.json.echo.headers['content-length']).toBe(String(raw.length));
  });

  it('allows writes without a body (any content type), e.g. DELETE and action POSTs', async () => {
    const del = await write('DELETE', undefined, {}, '/api/v1/webhook-endpoints/abc');
    expect(del.status).toBe(200);
    expect(del.json.echo.method).toBe('DELETE');
    expect(del.json.echo.headers['content-length']).toBe('0');
    const post = await write('POST', undefined, { 'content-type': 'text/plain' }, '/api/v1/galleries/abc/publish');
    expect(post.status).toBe(201);
    const delWithBody = await write(
      'DELETE',
      '{"target_url":"https://x"}',
      { 'content-type': 'application/json' },
      '/api/v1/webhooks/subscriptions',
    );
    expect(Buffer.from(delWithBody.json.echo.body_base64, 'base64').toString()).toBe('{"target_url":"https://x"}');
  });

  it('accepts any JSON value, not only objects', async () => {
    for (const body of ['[]', '"s"', '1', 'null', 'true']) expect((await write('POST', body)).status, body).toBe(201);
  });

  it('refuses invalid UTF-8 and compressed bodies', async () => {
    expect((await write('POST', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]))).status).toBe(400);
    expect((await write('POST', '{}', { 'content-type': 'application/json', 'content-encoding': 'gzip' })).status).toBe(400);
  });

  it('does not read GET bodies; GETs stream straight through', async () => {
    const res = await h.call('/api/v1/workspaces', { token: OWNER, headers: { 'content-type': 'text/plain' }, body: 'not json' });
    expect(res.status).toBe(200);
    expect(Buffer.from(res.json.echo.body_base64, 'base64').toString()).toBe('not json');
  });

  it('never answers 500 on hostile input', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const deepRes = await h.call('/api/v1/shoots', {
      token: OWNER,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep' },
      body: deep,
    });
    expect(deepRes.status).toBeLessThan(500);
    const proto = await write(
      'POST',
      '{"__proto__":{"x":1},"constructor":{"prototype":{}}}',
      { 'content-type': 'application/json', 'idempotency-key': 'proto' },
      '/api/v1/clients',
    );
    expect(proto.status).toBe(201);
  });
});
