/** The print-order transition input: a known status, a tracking number only towards shipped, a reason only towards a stop. */
import { describe, expect, it } from 'vitest';
import { transitionOrderInput } from './order.schema.js';

const ids = { workspace_id: '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60', order_id: '7D4E1C1E-8A4B-4C7E-9F7A-1B2C3D4E5F61' };
const issue = (input: object) => transitionOrderInput.safeParse({ ...ids, ...input }).error?.issues[0];

describe('transitionOrderInput', () => {
  it('parses a transition (ids lower-cased, status trimmed)', () => {
    expect(transitionOrderInput.parse({ ...ids, to: ' shipped ', tracking_number: ' 1Z9 ' })).toEqual({
      workspaceId: ids.workspace_id,
      orderId: ids.order_id.toLowerCase(),
      to: 'shipped',
      trackingNumber: '1Z9',
    });
    expect(transitionOrderInput.parse({ ...ids, to: 'refunded', reason: 'Frame arrived cracked' })).toMatchObject({
      reason: 'Frame arrived cracked',
    });
  });

  it('refuses an unknown status, naming the member and the statuses', () => {
    expect(issue({ to: 'teleported' })).toMatchObject({
      path: ['to'],
      message: expect.stringMatching(/^must be one of pending, paid, .*, refunded$/),
    });
  });

  it('takes a tracking number only towards shipped and a reason only towards cancelled, refunded or needs_intervention', () => {
    expect(issue({ to: 'paid', tracking_number: 'X1' })).toMatchObject({
      path: ['tracking_number'],
      message: 'is given only when moving to shipped',
    });
    expect(issue({ to: 'paid', reason: 'why not' })).toMatchObject({
      path: ['reason'],
      message: 'is given only when moving to cancelled, refunded or needs_intervention',
    });
    expect(issue({ to: 'paid', reason: '  ' })).toBeUndefined(); // blank is no reason
  });
});
