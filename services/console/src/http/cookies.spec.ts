import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, csrfCookie, newCsrfToken, parseCookies, sessionCookie } from './cookies.js';

describe('cookies', () => {
  const expires = new Date('2026-11-28T13:00:00Z');

  it('the session cookie: HttpOnly, SameSite=Lax, Path=/console, Expires; Secure only over https', () => {
    expect(sessionCookie('abc', expires, { secure: false })).toBe(
      'studio_console=abc; Expires=Sat, 28 Nov 2026 13:00:00 GMT; Path=/console; HttpOnly; SameSite=Lax',
    );
    expect(sessionCookie('abc', expires, { secure: true })).toBe(
      'studio_console=abc; Expires=Sat, 28 Nov 2026 13:00:00 GMT; Path=/console; HttpOnly; SameSite=Lax; Secure',
    );
    expect(clearedSessionCookie({ secure: true })).toBe(
      'studio_console=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/console; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it('the double-submit cookie: HttpOnly, SameSite=Strict, Path=/console, a random 256-bit value', () => {
    expect(csrfCookie('t', { secure: false })).toBe('studio_console_csrf=t; Path=/console; HttpOnly; SameSite=Strict');
    const a = newCsrfToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCsrfToken()).not.toBe(a);
  });

  it('parses a Cookie header: first of a repeated name, malformed values ignored', () => {
    const cookies = parseCookies('a=1; studio_console=first; studio_console=second; bad=<x>; empty=; =x; q="quoted"');
    expect(cookies.get('studio_console')).toBe('first');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.has('bad')).toBe(false);
    expect(cookies.has('empty')).toBe(false);
    expect(cookies.get('q')).toBe('quoted');
    expect(parseCookies(undefined).size).toBe(0);
  });
});
