/**
 * Bookings: a client or lead asks for a session (booking.requested); the studio accepts (booking.accepted) or
 * declines it with an optional reason (booking.declined). Lifecycle: BOOKING_LIFECYCLE.
 */
import { AppError } from '@studio/errors';
import { bookingAccepted, bookingDeclined, bookingRequested } from '../events/booking.events.js';
import { systemClock, type ServiceDeps } from './deps.js';
import { BOOKING_LIFECYCLE, assertTransition } from './lifecycles.js';
import { optionalId, optionalInstant, optionalText, requireId, requireInstant, requireText } from './input.js';
import { serializeBooking, type BookingJson } from './serializers.js';
import { nextVersion, requireClientOf, requireLeadOf, requireWorkspaceExists, writeWithEvents } from './unit-of-work.js';

export interface RequestBookingInput {
  workspaceId: string;
  clientId?: string | null;
  leadId?: string | null;
  title: string;
  scheduledStart: string;
  scheduledEnd?: string | null;
  location?: string | null;
  notes?: string | null;
}

export class BookingService {
  private readonly now: () => Date;
  constructor(private readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
  }

  async request(input: RequestBookingInput): Promise<BookingJson> {
    const workspaceId = requireId('workspace_id', input.workspaceId);
    const clientId = optionalId('client_id', input.clientId);
    const leadId = optionalId('lead_id', input.leadId);
    if (!clientId && !leadId) throw new AppError('invalid_input', 'a booking needs client_id or lead_id');
    const title = requireText('title', input.title, 200);
    const scheduledStart = requireInstant('scheduled_start', input.scheduledStart);
    const scheduledEnd = optionalInstant('scheduled_end', input.scheduledEnd);
    if (scheduledEnd && scheduledEnd <= scheduledStart) throw new AppError('invalid_input', 'scheduled_end must be after scheduled_start');
    const location = optionalText('location', input.location, 500);
    const notes = optionalText('notes', input.notes, 10_000);
    await requireWorkspaceExists(this.deps, workspaceId);
    const booking = await writeWithEvents(this.deps, async (tx) => {
      await requireClientOf(this.deps, clientId, workspaceId, tx);
      await requireLeadOf(this.deps, leadId, workspaceId, tx);
      const created = await this.deps.stores.bookings.create({ workspaceId, clientId, leadId, title, scheduledStart, scheduledEnd, location, notes }, tx);
      return { value: created, events: [bookingRequested(created)] };
    });
    return serializeBooking(booking);
  }

  async accept(workspaceIdRaw: string, bookingIdRaw: string): Promise<BookingJson> {
    return this.decide(workspaceIdRaw, bookingIdRaw, 'accepted', null);
  }

  async decline(workspaceIdRaw: string, bookingIdRaw: string, reason?: string | null): Promise<BookingJson> {
    return this.decide(workspaceIdRaw, bookingIdRaw, 'declined', optionalText('reason', reason, 2_000));
  }

  private async decide(workspaceIdRaw: string, bookingIdRaw: string, to: 'accepted' | 'declined', reason: string | null): Promise<BookingJson> {
    const workspaceId = requireId('workspace_id', workspaceIdRaw);
    const bookingId = requireId('booking_id', bookingIdRaw);
    const booking = await writeWithEvents(this.deps, async (tx) => {
      const current = await this.deps.stores.bookings.getForUpdate(tx, bookingId, workspaceId);
      if (!current) throw new AppError('not_found');
      assertTransition(BOOKING_LIFECYCLE, 'booking', current.status, to);
      const now = this.now();
      const updated = await this.deps.stores.bookings.update(tx, bookingId, {
        status: to,
        decidedAt: now,
        declineReason: reason,
        updatedAt: nextVersion(current.updatedAt, now),
      });
      return { value: updated, events: [to === 'accepted' ? bookingAccepted(updated) : bookingDeclined(updated)] };
    });
    return serializeBooking(booking);
  }
}
