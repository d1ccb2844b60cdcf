/**
 * Bookings: a client or lead asks for a session (booking.requested); the studio accepts (booking.accepted) or
 * declines it with an optional reason (booking.declined). Lifecycle: BOOKING_LIFECYCLE. Inputs arrive parsed with
 * the operation schemas of booking.schema.ts.
 */
import { bookingAccepted, bookingDeclined, bookingRequested } from '../events/booking.events.js';
import type { RequestBookingInput } from './booking.schema.js';
import { BOOKING_LIFECYCLE } from './lifecycles.js';
import { moveRecord, RecordService } from './record-service.js';
import { serializeBooking, type BookingJson } from '@studio/contracts/records';
import { requireClientOf, requireLeadOf, requireWorkspaceExists, writeWithEvents } from './unit-of-work.js';

export class BookingService extends RecordService {
  async request(input: RequestBookingInput): Promise<BookingJson> {
    const { workspaceId, title, scheduledStart } = input;
    const clientId = input.clientId ?? null;
    const leadId = input.leadId ?? null;
    const scheduledEnd = input.scheduledEnd ?? null;
    const location = input.location ?? null;
    const notes = input.notes ?? null;
    await requireWorkspaceExists(this.deps, workspaceId);
    const booking = await writeWithEvents(this.deps, async (tx) => {
      await requireClientOf(this.deps, clientId, workspaceId, tx);
      await requireLeadOf(this.deps, leadId, workspaceId, tx);
      const created = await this.deps.stores.bookings.create(
        { workspaceId, clientId, leadId, title, scheduledStart, scheduledEnd, location, notes },
        tx,
      );
      return { value: created, events: [bookingRequested(created)] };
    });
    return serializeBooking(booking);
  }

  async accept(workspaceId: string, bookingId: string): Promise<BookingJson> {
    return this.decide(workspaceId, bookingId, 'accepted', null);
  }

  async decline(workspaceId: string, bookingId: string, reason?: string | null): Promise<BookingJson> {
    return this.decide(workspaceId, bookingId, 'declined', reason ?? null);
  }

  private async decide(workspaceId: string, bookingId: string, to: 'accepted' | 'declined', reason: string | null): Promise<BookingJson> {
    const record = { store: this.deps.stores.bookings, lifecycle: BOOKING_LIFECYCLE, entity: 'booking' };
    const booking = await moveRecord(this.deps, record, workspaceId, bookingId, {
      to,
      changes: (next, _current, now) => ({ ...next, decidedAt: now, declineReason: reason }),
      events: (updated) => [to === 'accepted' ? bookingAccepted(updated) : bookingDeclined(updated)],
    });
    return serializeBooking(booking);
  }
}
