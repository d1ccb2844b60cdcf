/**
 * Every lifecycle of studio in one place: for each status, the statuses an operation may move it to. An operation
 * checks its transition here (under the row's lock) and is refused with 409 conflict / FAILED_PRECONDITION when
 * the table does not allow it; a refused transition writes nothing and emits nothing. Which event each
 * transition emits: docs/events.md.
 */
import { AppError } from '@studio/errors';
import type { BookingStatusName } from '../store/booking.store.js';
import type { ContractStatusName } from '../store/contract.store.js';
import type { InvoiceStatusName } from '../store/invoice.store.js';
import type { OrderStatusName } from '../store/order.store.js';
import type { ProposalStatusName } from '../store/proposal.store.js';
import type { ReviewStatusName } from '../store/review.store.js';
import type { ShootRow } from '../store/shoot.store.js';

export type Lifecycle<S extends string> = Readonly<Record<S, readonly S[]>>;

export const SHOOT_LIFECYCLE: Lifecycle<ShootRow['state']> = {
  planned: ['completed'], // every shot-list item ticked, or the scheduled end passed (the scheduler): once
  completed: [], // unticking an item afterwards does not un-complete
  cancelled: [],
};

export const BOOKING_LIFECYCLE: Lifecycle<BookingStatusName> = {
  requested: ['accepted', 'declined'],
  accepted: [],
  declined: [],
};

export const PROPOSAL_LIFECYCLE: Lifecycle<ProposalStatusName> = {
  draft: ['sent'],
  // A client may accept or decline from the e-mail without the view being tracked; expiry is the scheduler's.
  sent: ['viewed', 'accepted', 'declined', 'expired'],
  viewed: ['accepted', 'declined', 'expired'],
  accepted: [],
  declined: [],
  expired: [],
};

export const CONTRACT_LIFECYCLE: Lifecycle<ContractStatusName> = {
  sent: ['signed'],
  signed: [],
};

export const INVOICE_LIFECYCLE: Lifecycle<InvoiceStatusName> = {
  draft: ['paid'],
  sent: ['paid'],
  paid: [],
  void: [],
};

export const REVIEW_LIFECYCLE: Lifecycle<ReviewStatusName> = {
  pending: ['approved'],
  approved: [],
};

/**
 * Print-store orders. Beyond the forward path pending -> paid -> sent_to_print -> shipped -> delivered:
 * cancelled from pending or paid; refunded from paid, sent_to_print, shipped or delivered; needs_intervention
 * from sent_to_print or shipped. An order needing intervention is resolved by printing it again (sent_to_print)
 * or refunding it, so it never gets stuck.
 */
export const ORDER_LIFECYCLE: Lifecycle<OrderStatusName> = {
  pending: ['paid', 'cancelled'],
  paid: ['sent_to_print', 'cancelled', 'refunded'],
  sent_to_print: ['shipped', 'refunded', 'needs_intervention'],
  shipped: ['delivered', 'refunded', 'needs_intervention'],
  delivered: ['refunded'],
  needs_intervention: ['sent_to_print', 'refunded'],
  cancelled: [],
  refunded: [],
};

export function canTransition<S extends string>(lifecycle: Lifecycle<S>, from: S, to: S): boolean {
  return lifecycle[from]?.includes(to) ?? false;
}

/** Throws conflict, naming the entity, its status and where the wanted status may be reached from. */
export function assertTransition<S extends string>(lifecycle: Lifecycle<S>, entity: string, from: S, to: S): void {
  if (canTransition(lifecycle, from, to)) return;
  const sources = (Object.keys(lifecycle) as S[]).filter((s) => lifecycle[s].includes(to));
  const allowed = sources.length > 0 ? `only from ${sources.join(' or ')}` : 'never';
  throw new AppError('conflict', `${entity} is ${from}: it cannot become ${to} (${allowed})`);
}
