/** The client inputs: a create as POST /clients takes it, and an update where absent is unchanged and null clears. */
import { describe, expect, it } from 'vitest';
import { createClientInput, updateClientInput } from './client.schema.js';

const ids = { workspace_id: '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60', client_id: '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f61' };

describe('client inputs', () => {
  it('create: name trimmed, e-mail lower-cased, blank text is null', () => {
    expect(createClientInput.parse({ workspace_id: ids.workspace_id, name: ' Jane ', email: 'JANE@Example.com', notes: ' ' })).toEqual({
      workspaceId: ids.workspace_id,
      name: 'Jane',
      email: 'jane@example.com',
      notes: null,
    });
  });

  it('update: absent members stay absent, null clears, the name cannot be cleared', () => {
    expect(updateClientInput.parse({ ...ids, phone: null })).toEqual({
      workspaceId: ids.workspace_id,
      clientId: ids.client_id,
      phone: null,
    });
    expect(updateClientInput.safeParse({ ...ids, name: null }).error?.issues[0]?.path).toEqual(['name']);
    expect(updateClientInput.safeParse({ ...ids, name: '' }).error?.issues[0]?.path).toEqual(['name']);
  });

  it('update: something must change', () => {
    expect(updateClientInput.safeParse(ids).error?.issues[0]?.message).toBe('nothing to update: give name, email, phone or notes');
  });
});
