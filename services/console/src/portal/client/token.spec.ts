import { describe, expect, it } from 'vitest';
import { portalTokenOf, sessionKey } from './token.js';

const TOKEN = `gpt_0123456789ab_${'Ab9_-'.repeat(8)}xyz`;

describe('the portal token of the fragment', () => {
  it('takes a token of the form, with or without the #', () => {
    expect(TOKEN).toHaveLength(60);
    expect(portalTokenOf(`#${TOKEN}`)).toBe(TOKEN);
    expect(portalTokenOf(TOKEN)).toBe(TOKEN);
  });

  it('refuses anything else without a request: empty, cut short, padded, other credentials', () => {
    for (const bad of [
      '',
      '#',
      `#${TOKEN.slice(0, -1)}`,
      `#${TOKEN}x`,
      `#${TOKEN} `,
      `#${TOKEN.replace('gpt_', 'gpx_')}`,
      `#${TOKEN.replace('0123456789ab', '0123456789AB')}`,
      `#${TOKEN.slice(0, -1)}=`,
      `#stu_${'a'.repeat(46)}`,
      '#eyJhbGciOiJFZERTQSJ9.e30.sig',
      `#${encodeURIComponent(TOKEN)}%20`,
    ])
      expect(portalTokenOf(bad), bad).toBeNull();
  });

  it("keys the stored bearer by the token's public prefix only", () => {
    expect(sessionKey(TOKEN)).toBe('studio.portal.gpt_0123456789ab');
    expect(sessionKey(TOKEN)).not.toContain(TOKEN.slice(17));
  });
});
