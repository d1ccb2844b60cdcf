/**
 * Bad input through the gateway (issue 14, item 10): strings no database column can hold (a lone UTF-16 surrogate,
 * a NUL) and date-times at or before year 1 used to answer 500. Each must answer 400 invalid_input, never a 5xx.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/client.js';
import { tenant } from './support/operator.js';
import { shootWithKeepers } from './support/gallery.js';

const LONE_SURROGATE = 'Smith \ud800 Wedding';
const NUL = 'Smith \u0000 Wedding';

describe('bad input answers 400 invalid_input, not 500', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  let shootId: string;
  let sessionId: string;
  beforeAll(async () => {
    t = await tenant(['owner']);
    ({ shootId } = await shootWithKeepers(t.tokens.owner, t.workspaceId, 1));
    const session = await api('POST', '/upload-sessions', { token: t.tokens.owner, body: { shoot_id: shootId } });
    expect(session.status).toBe(201);
    sessionId = session.body.session.id;
  });

  const photo = (fileName: string) => ({ shoot_id: shootId, file_name: fileName, content_type: 'image/jpeg', size: 100 });
  const cases: [name: string, path: () => string, body: () => Record<string, unknown>][] = [
    ['a lone surrogate in a shoot title', () => '/shoots', () => ({ workspace_id: t.workspaceId, title: LONE_SURROGATE })],
    ['a lone surrogate in a shoot location', () => '/shoots', () => ({ workspace_id: t.workspaceId, title: 'A', location: '\udc00' })],
    ['a lone surrogate in a client name', () => '/clients', () => ({ workspace_id: t.workspaceId, name: LONE_SURROGATE })],
    ['a lone surrogate in a client phone', () => '/clients', () => ({ workspace_id: t.workspaceId, name: 'A', phone: '\ud800' })],
    ['a lone surrogate in a gallery title', () => '/galleries', () => ({ shoot_id: shootId, title: LONE_SURROGATE })],
    ['a NUL in a gallery title', () => '/galleries', () => ({ shoot_id: shootId, title: NUL })],
    ['a lone surrogate in a photo file name', () => '/photos', () => photo(`x\ud800.jpg`)],
    [
      'a lone surrogate in an upload-session file name',
      () => `/upload-sessions/${sessionId}/files`,
      () => ({ files: [{ file_name: `x\udfff.jpg`, size: 100, content_type: 'image/jpeg' }] }),
    ],
    [
      'scheduled_start in year 1',
      () => '/shoots',
      () => ({ workspace_id: t.workspaceId, title: 'A', scheduled_start: '0001-01-01T00:00:00Z' }),
    ],
    [
      'scheduled_start in year 0',
      () => '/shoots',
      () => ({ workspace_id: t.workspaceId, title: 'A', scheduled_start: '0000-01-01T00:00:00Z' }),
    ],
    [
      'scheduled_end in year 0',
      () => '/shoots',
      () => ({ workspace_id: t.workspaceId, title: 'A', scheduled_end: '0000-06-01T00:00:00+02:00' }),
    ],
  ];

  it.each(cases)('%s', async (_name, path, body) => {
    const res = await api('POST', path(), { token: t.tokens.owner, body: body() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid_input' });
  });

  it('still accepts ordinary text with paired surrogates and a date in year 2', async () => {
    const res = await api('POST', '/shoots', {
      token: t.tokens.owner,
      body: { workspace_id: t.workspaceId, title: 'Smith 📷 Wedding', scheduled_start: '0002-01-01T00:00:00Z' },
    });
    expect(res.status).toBe(201);
    expect(res.body.shoot.title).toBe('Smith 📷 Wedding');
  });
});
