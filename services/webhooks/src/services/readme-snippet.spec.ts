/** Runs the verifier printed in the subscriber guide (README.md), so the published snippet cannot rot. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader } from './signing.js';

type Verify = (rawBody: string, header: string | undefined, secret: string, toleranceSeconds?: number) => boolean;
let verifyWebhook: Verify;

beforeAll(async () => {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const after = readme.slice(readme.indexOf('<!-- verification-snippet'));
  const code = /```js\n([\s\S]*?)```/.exec(after)?.[1];
  if (!code) throw new Error('verification snippet not found in README.md');
  ({ verifyWebhook } = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { verifyWebhook: Verify });
});

const body = '{"id":"6f1c1a51-5d2c-4c55-9a8f-2f6f3b0f7d11","type":"order.created","data":{"n":1}}';
const secret = 'whsec_current';
const previous = 'whsec_previous';
const now = () => Math.floor(Date.now() / 1000);

describe('README verification snippet', () => {
  it('accepts v1 with the current secret and v0 with the previous one', () => {
    const header = signatureHeader({ rawBody: body, secret, previousSecret: previous });
    expect(verifyWebhook(body, header, secret)).toBe(true);
    expect(verifyWebhook(body, header, previous)).toBe(true);
  });

  it('rejects tampering, stale timestamps, other secrets and junk', () => {
    const header = signatureHeader({ rawBody: body, secret });
    expect(verifyWebhook(body.replace('1}', '2}'), header, secret)).toBe(false);
    expect(verifyWebhook(body, signatureHeader({ rawBody: body, secret, timestamp: now() - 301 }), secret)).toBe(false);
    expect(verifyWebhook(body, header, previous)).toBe(false);
    expect(verifyWebhook(body, undefined, secret)).toBe(false);
    expect(verifyWebhook(body, 'v1=00', secret)).toBe(false);
  });
});
