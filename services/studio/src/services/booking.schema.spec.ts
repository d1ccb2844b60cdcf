/** The booking request input: a client or a lead, a real start, an end after it. */
import { describe, expect, it } from 'vitest';
import { requestBookingInput } from './booking.schema.js';

const base = {
  workspace_id: '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60',
  client_id: '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f61',
  title: ' Portraits ',
  scheduled_start: '2027-04-01T15:00:00Z',
};
const issue = (input: object) => requestBookingInput.safeParse({ ...base, ...input }).error?.issues[0];

describe('requestBookingInput', () => {
  it('parses a request into the service input', () => {
    expect(requestBookingInput.parse({ ...base, scheduled_end: '2027-04-01T17:00:00+00:00', location: '' })).toEqual({
      workspaceId: base.workspace_id,
      clientId: base.client_id,
      title: 'Portraits',
      scheduledStart: new Date('2027-04-01T15:00:00Z'),
      scheduledEnd: new Date('2027-04-01T17:00:00Z'),
      location: null,
    });
  });

  it('needs client_id or lead_id', () => {
    expect(issue({ client_id: undefined })).toMatchObject({ path: [], message: 'a booking needs client_id or lead_id' });
    expect(issue({ client_id: null, lead_id: base.client_id })).toBeUndefined();
  });

  it('refuses a start that is not an instant and an end that is not after it', () => {
    expect(issue({ scheduled_start: 'next tuesday' })).toMatchObject({ path: ['scheduled_start'] });
    expect(issue({ scheduled_end: '2027-04-01T15:00:00Z' })).toMatchObject({
      path: ['scheduled_end'],
      message: 'must be after scheduled_start',
    });
  });
});
