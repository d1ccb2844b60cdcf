/** booking.requested, booking.accepted, booking.declined: data is the booking JSON + booking_id. */
import { serializeBooking } from '../services/serializers.js';
import type { BookingRow } from '../store/booking.store.js';
import type { NewOutboxEvent } from '../store/outbox.store.js';
import { EVENT_TYPE, event } from './domain-events.js';

const data = (b: BookingRow) => ({ booking_id: b.id, ...serializeBooking(b) });

export const bookingRequested = (b: BookingRow): NewOutboxEvent => event(EVENT_TYPE.bookingRequested, b.workspaceId, data(b));

export const bookingAccepted = (b: BookingRow): NewOutboxEvent => event(EVENT_TYPE.bookingAccepted, b.workspaceId, data(b));

export const bookingDeclined = (b: BookingRow): NewOutboxEvent => event(EVENT_TYPE.bookingDeclined, b.workspaceId, data(b));
