import { describe, expect, it } from 'vitest';
import { AppError } from '@studio/errors';
import { BOOKING_LIFECYCLE, ORDER_LIFECYCLE, PROPOSAL_LIFECYCLE, assertTransition, canTransition } from './lifecycles.js';

describe('lifecycles', () => {
  it('orders: the forward path and the side exits, nothing else', () => {
    const allowed = Object.entries(ORDER_LIFECYCLE).flatMap(([from, tos]) => tos.map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual(
      [
        'pending->paid',
        'paid->sent_to_print',
        'sent_to_print->shipped',
        'shipped->delivered',
        'pending->cancelled',
        'paid->cancelled',
        'paid->refunded',
        'sent_to_print->refunded',
        'shipped->refunded',
        'delivered->refunded',
        'sent_to_print->needs_intervention',
        'shipped->needs_intervention',
        'needs_intervention->sent_to_print',
        'needs_intervention->refunded',
      ].sort(),
    );
    expect(canTransition(ORDER_LIFECYCLE, 'delivered', 'cancelled')).toBe(false);
    expect(canTransition(ORDER_LIFECYCLE, 'cancelled', 'refunded')).toBe(false);
  });

  it('proposals expire only while sent or viewed; terminal statuses go nowhere', () => {
    expect(canTransition(PROPOSAL_LIFECYCLE, 'sent', 'expired')).toBe(true);
    expect(canTransition(PROPOSAL_LIFECYCLE, 'viewed', 'expired')).toBe(true);
    expect(canTransition(PROPOSAL_LIFECYCLE, 'draft', 'expired')).toBe(false);
    for (const s of ['accepted', 'declined', 'expired'] as const) expect(PROPOSAL_LIFECYCLE[s]).toEqual([]);
  });

  it('refuses with conflict and a message naming the rule', () => {
    expect(() => assertTransition(BOOKING_LIFECYCLE, 'booking', 'accepted', 'declined')).toThrow(AppError);
    try {
      assertTransition(BOOKING_LIFECYCLE, 'booking', 'accepted', 'declined');
    } catch (err) {
      expect((err as AppError).kind).toBe('conflict');
      expect((err as AppError).message).toBe('booking is accepted: it cannot become declined (only from requested)');
    }
    expect(() => assertTransition(BOOKING_LIFECYCLE, 'booking', 'requested', 'accepted')).not.toThrow();
  });
});
