/** The profile input: an e-mail address (trimmed, lower-cased) and an optional name of 1 to 200 characters. */
import { describe, expect, it } from 'vitest';
import { createProfileInput, PROFILE_NAME_MAX } from './profile.schema.js';

const issue = (input: object) => createProfileInput.safeParse(input).error?.issues[0];

describe('createProfileInput', () => {
  it('trims and lower-cases the e-mail address, trims the name; the name may be left out or null', () => {
    expect(createProfileInput.parse({ email: ' Owner@Example.TEST ', name: ' Olive ' })).toEqual({
      email: 'owner@example.test',
      name: 'Olive',
    });
    expect(createProfileInput.parse({ email: 'a@example.test' })).toEqual({ email: 'a@example.test' });
    expect(createProfileInput.parse({ email: 'a@example.test', name: null })).toEqual({ email: 'a@example.test', name: null });
  });

  it.each([[undefined], [''], ['not-an-email'], [`${'a'.repeat(250)}@example.test`]])('refuses the e-mail address %j', (email) => {
    expect(issue({ email })).toMatchObject({ path: ['email'] });
  });

  it.each([[''], ['   '], ['x'.repeat(PROFILE_NAME_MAX + 1)]])('refuses the name %j', (name) => {
    expect(issue({ email: 'a@example.test', name })).toMatchObject({ path: ['name'] });
  });

  it('takes a name of exactly the maximum length', () => {
    expect(createProfileInput.parse({ email: 'a@example.test', name: 'x'.repeat(PROFILE_NAME_MAX) }).name).toHaveLength(PROFILE_NAME_MAX);
  });
});
