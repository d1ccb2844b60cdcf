/** booking.requested, booking.accepted, booking.declined: data is the booking JSON + booking_id. */
import { serializeBooking } from '@studio/contracts/records';
import type { BookingRow } from '../store/booking.store.js';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import { event } from './domain-events.js';

const data = (b: BookingRow) => ({ booking_id: b.id, ...serializeBooking(b) });

export const bookingRequested = (b: BookingRow): NewOutboxEvent => event('booking.requested', b.workspaceId, data(b));

export const bookingAccepted = (b: BookingRow): NewOutboxEvent => event('booking.accepted', b.workspaceId, data(b));

export const bookingDeclined = (b: BookingRow): NewOutboxEvent => event('booking.declined', b.workspaceId, data(b));
