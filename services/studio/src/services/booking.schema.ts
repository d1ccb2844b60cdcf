/** Inputs of the booking operations (internal gRPC, operator CLI): request, accept and decline. */
import type { z } from 'zod';
import { uuid } from '@studio/http';
import { clientOrLeadMembers, endAfterStart, oneOf, operationInput, optionalText, timestamp } from './fields.schema.js';

export const requestBookingInput = operationInput(
  {
    ...clientOrLeadMembers(),
    scheduled_start: timestamp(),
    scheduled_end: timestamp().nullish(),
    location: optionalText(500),
    notes: optionalText(10_000),
  },
  oneOf('a booking', ['client_id', 'lead_id']),
  endAfterStart,
);

export const bookingRef = operationInput({ workspace_id: uuid(), booking_id: uuid() });

export const declineBookingInput = operationInput({ workspace_id: uuid(), booking_id: uuid(), reason: optionalText(2_000) });

export type RequestBookingInput = z.output<typeof requestBookingInput>;
