/** Bookings: session requests of a client or lead (requested -> accepted | declined). */
import type { Database, Tx } from './db.js';
import type { Booking, BookingStatus } from './generated/client.js';
import { lockRow } from './locking.js';

export type BookingRow = Booking;
export type BookingStatusName = BookingStatus;

export interface NewBooking {
  workspaceId: string;
  clientId: string | null;
  leadId: string | null;
  title: string;
  scheduledStart: Date;
  scheduledEnd: Date | null;
  location: string | null;
  notes: string | null;
}

export type BookingChanges = Partial<Pick<BookingRow, 'status' | 'decidedAt' | 'declineReason'>> & { updatedAt: Date };

export class BookingStore {
  constructor(private readonly db: Database) {}

  create(data: NewBooking, tx: Tx = this.db.client): Promise<BookingRow> {
    return tx.booking.create({ data: { ...data, status: 'requested' } });
  }

  async getForUpdate(tx: Tx, id: string, workspaceId: string): Promise<BookingRow | null> {
    if (!(await lockRow(tx, 'bookings', id, workspaceId))) return null;
    return tx.booking.findFirst({ where: { id, workspaceId } });
  }

  update(tx: Tx, id: string, changes: BookingChanges): Promise<BookingRow> {
    return tx.booking.update({ where: { id }, data: changes });
  }
}
