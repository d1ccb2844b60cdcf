import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPE, INTERNAL_EVENT_TYPES } from './domain-events.js';

const DOC = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/events.md'), 'utf8');

describe('studio event types', () => {
  const all = Object.values(EVENT_TYPE);

  it('emits the 22 public types studio owns (spec section 6) besides the internal ones', () => {
    const publicTypes = all.filter((t) => !INTERNAL_EVENT_TYPES.includes(t));
    expect(publicTypes.sort()).toEqual(
      [
        'shoot.created',
        'shoot.completed',
        'client.created',
        'booking.requested',
        'booking.accepted',
        'booking.declined',
        'proposal.sent',
        'proposal.viewed',
        'proposal.accepted',
        'proposal.declined',
        'proposal.expired',
        'contract.signed',
        'invoice.paid',
        'review.approved',
        'order.created',
        'order.sent_to_print',
        'order.shipped',
        'order.delivered',
        'order.cancelled',
        'order.refunded',
        'order.needs_intervention',
        'payment.received',
      ].sort(),
    );
  });

  it('documents the data of every type in docs/events.md', () => {
    const headings = DOC.split('\n').filter((l) => l.startsWith('### '));
    for (const type of all) expect(headings.some((h) => h.includes(type)), type).toBe(true);
  });
});
