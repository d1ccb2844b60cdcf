import { describe, expect, it } from 'vitest';
import { createTokenForm, parseForm, rollTokenForm, setPasswordForm, signInForm } from './forms.schema.js';

describe('form schemas', () => {
  it('sign-in: trims the e-mail, names each missing or malformed field', () => {
    expect(parseForm(signInForm, { email: ' a@b.example ', password: 'pw' })).toEqual({
      ok: true,
      data: { email: 'a@b.example', password: 'pw' },
    });
    expect(parseForm(signInForm, {})).toEqual({
      ok: false,
      errors: { email: 'Enter your email address.', password: 'Enter your password.' },
    });
    expect(parseForm(signInForm, { email: 'nope', password: 'x'.repeat(1025) })).toEqual({
      ok: false,
      errors: { email: 'Enter an email address like name@example.com.', password: 'Use at most 128 characters.' },
    });
    // A field sent twice is one value too many.
    expect(parseForm(signInForm, { email: ['a@b.c', 'd@e.f'], password: 'x' })).toMatchObject({
      ok: false,
      errors: { email: expect.any(String) },
    });
    expect(parseForm(signInForm, undefined)).toMatchObject({ ok: false });
  });

  it('set-password: the confirmation must match', () => {
    const base = { token: 't', password: 'a long password' };
    expect(parseForm(setPasswordForm, { ...base, confirm: 'a long password' }).ok).toBe(true);
    expect(parseForm(setPasswordForm, { ...base, confirm: 'other' })).toEqual({
      ok: false,
      errors: { confirm: 'The passwords do not match.' },
    });
    expect(parseForm(setPasswordForm, base)).toEqual({ ok: false, errors: { confirm: 'Enter the password again.' } });
  });

  it('create token: defaults, the checkbox, the workspace and the bounds', () => {
    expect(parseForm(createTokenForm, { name: ' CI ' })).toEqual({
      ok: true,
      data: { name: 'CI', workspace: '', read_only: false, expiration: '30', expiration_date: '' },
    });
    const ws = '0b3c6f7e-2a4d-4e8f-9a1b-2c3d4e5f6a7b';
    expect(parseForm(createTokenForm, { name: 'x', workspace: ws, read_only: 'on', expiration: 'none' })).toMatchObject({
      ok: true,
      data: { workspace: ws, read_only: true, expiration: 'none' },
    });
    expect(parseForm(createTokenForm, { name: '', workspace: 'nope', read_only: 'yes', expiration: '365' })).toEqual({
      ok: false,
      errors: {
        name: 'Enter a name for the token.',
        workspace: 'Choose a workspace from the list.',
        read_only: 'Choose read-only or not.',
        expiration: 'Choose an expiration from the list.',
      },
    });
    expect(parseForm(createTokenForm, { name: 'n'.repeat(101) })).toEqual({ ok: false, errors: { name: 'Use at most 100 characters.' } });
  });

  it('roll: only the three overlaps', () => {
    expect(parseForm(rollTokenForm, { overlap: '3600' })).toEqual({ ok: true, data: { overlap: 3600 } });
    expect(parseForm(rollTokenForm, {})).toEqual({ ok: true, data: { overlap: 0 } });
    expect(parseForm(rollTokenForm, { overlap: '86401' })).toMatchObject({ ok: false });
  });
});
