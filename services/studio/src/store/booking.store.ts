/** Bookings: session requests of a client or lead (requested -> accepted | declined). */
import type { Database, Tx } from './db.js';
import type { Booking, BookingStatus } from './generated/client.js';
import { WorkspaceRecordStore } from './record-store.js';

export type BookingRow = Booking;
export type BookingStatusName = BookingStatus;

/** What a new booking is created with, typed as its row. */
export type NewBooking = Pick<
  BookingRow,
  'workspaceId' | 'clientId' | 'leadId' | 'title' | 'scheduledStart' | 'scheduledEnd' | 'location' | 'notes'
>;

export type BookingChanges = Partial<Pick<BookingRow, 'status' | 'decidedAt' | 'declineReason'>> & { updatedAt: Date };

/** A new booking is requested; getForUpdate/update serve accept and decline. */
export class BookingStore extends WorkspaceRecordStore<BookingRow, NewBooking, { status: 'requested' }, BookingChanges> {
  constructor(db: Database) {
    super(db, 'bookings', (tx: Tx) => tx.booking, { status: 'requested' });
  }
}
