/** The workspace inputs: a create (name 1 to 200 characters, optional owner) and adding a member with a known role. */
import { describe, expect, it } from 'vitest';
import { ROLES } from '@studio/identity';
import { addMemberInput, createWorkspaceInput, WORKSPACE_NAME_MAX } from './workspace.schema.js';

const WS = '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60';
const PROFILE = '7D4E1C1E-8A4B-4C7E-9F7A-1B2C3D4E5F61';

describe('createWorkspaceInput', () => {
  const issue = (input: object) => createWorkspaceInput.safeParse(input).error?.issues[0];

  it('trims the name; the owner is optional and lower-cased', () => {
    expect(createWorkspaceInput.parse({ name: ' CLI Studio ', owner_id: PROFILE })).toEqual({
      name: 'CLI Studio',
      ownerId: PROFILE.toLowerCase(),
    });
    expect(createWorkspaceInput.parse({ name: 'X' })).toEqual({ name: 'X' });
  });

  it.each([[undefined], [''], ['   '], ['x'.repeat(WORKSPACE_NAME_MAX + 1)]])('refuses the name %j', (name) => {
    expect(issue({ name })).toMatchObject({ path: ['name'] });
  });

  it('takes a name of exactly the maximum length', () => {
    expect(createWorkspaceInput.parse({ name: 'x'.repeat(WORKSPACE_NAME_MAX) }).name).toHaveLength(WORKSPACE_NAME_MAX);
  });

  it('refuses an owner that is not a UUID', () => {
    expect(issue({ name: 'X', owner_id: 'nope' })).toMatchObject({ path: ['owner_id'], message: 'must be a UUID' });
  });
});

describe('addMemberInput', () => {
  const issue = (input: object) =>
    addMemberInput.safeParse({ workspace_id: WS, profile_id: PROFILE, role: 'viewer', ...input }).error?.issues[0];

  it.each(ROLES.map((role) => [role]))('takes the role %s', (role) => {
    expect(addMemberInput.parse({ workspace_id: WS, profile_id: PROFILE, role })).toEqual({
      workspaceId: WS,
      profileId: PROFILE.toLowerCase(),
      role,
    });
  });

  it.each([['boss'], [''], ['Owner']])('refuses the role %j, naming the roles', (role) => {
    expect(issue({ role })).toMatchObject({ path: ['role'], message: 'must be one of owner, admin, photographer, viewer' });
  });

  it('refuses a workspace or profile that is not a UUID', () => {
    expect(issue({ workspace_id: 'w' })).toMatchObject({ path: ['workspace_id'], message: 'must be a UUID' });
    expect(issue({ profile_id: '' })).toMatchObject({ path: ['profile_id'], message: 'must be a UUID' });
  });
});
