/** Inputs of the print-order operations (internal gRPC, operator CLI): create and transition. */
import { z } from 'zod';
import { uuid } from '@studio/http';
import type { OrderStatusName } from '../store/order.store.js';
import { cents, currency, numberedMembers, operationInput, optionalText, spelledOut, type MemberCheck } from './fields.schema.js';
import { ORDER_LIFECYCLE } from './lifecycles.js';

const ORDER_STATUSES = Object.keys(ORDER_LIFECYCLE) as [OrderStatusName, ...OrderStatusName[]];
/** The statuses a transition may give a reason for. */
const WITH_REASON: readonly OrderStatusName[] = ['cancelled', 'refunded', 'needs_intervention'];

export const createOrderInput = operationInput({ ...numberedMembers(), total_cents: cents(), currency: currency() });

type Transition = { to: OrderStatusName; tracking_number?: string | null; reason?: string | null };

const trackingOnlyWhenShipped: MemberCheck<Transition> = {
  check: (transition) => !transition.tracking_number || transition.to === 'shipped',
  params: { path: ['tracking_number'], message: 'is given only when moving to shipped' },
};

const reasonOnlyWhenStopped: MemberCheck<Transition> = {
  check: (transition) => !transition.reason || WITH_REASON.includes(transition.to),
  params: { path: ['reason'], message: `is given only when moving to ${spelledOut(WITH_REASON)}` },
};

/** Moves an order along ORDER_LIFECYCLE; tracking_number only towards shipped, a reason only towards a stop. */
export const transitionOrderInput = operationInput(
  {
    workspace_id: uuid(),
    order_id: uuid(),
    to: z
      .string()
      .trim()
      .pipe(z.enum(ORDER_STATUSES, `must be one of ${ORDER_STATUSES.join(', ')}`)),
    /** The carrier's reference, when moving to shipped. */
    tracking_number: optionalText(200),
    /** Why, when moving to cancelled, refunded or needs_intervention. */
    reason: optionalText(2_000),
  },
  trackingOnlyWhenShipped,
  reasonOnlyWhenStopped,
);

export type CreateOrderInput = z.output<typeof createOrderInput>;
export type TransitionOrderInput = z.output<typeof transitionOrderInput>;
