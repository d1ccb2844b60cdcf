/**
 * The JSON of the studio service's records as its events carry them: the same object its API or internal gRPC
 * answers for the record (decision 0001 for shoots, clients, invoices and orders; the others have no public route).
 * The event schemas in event-catalog.ts extend these with `<entity>_id` and whatever else the event adds.
 */
import { z } from 'zod';
import { currency, timestamp, uuid } from './event-fields.schema.js';

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'sent_to_print',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'needs_intervention',
] as const;

export const shootJson = z
  .strictObject({
    id: uuid(),
    workspace_id: uuid(),
    title: z.string(),
    slug: z.string(),
    state: z.enum(['planned', 'completed', 'cancelled']),
    client_id: uuid().nullable(),
    location: z.string().nullable(),
    scheduled_start: timestamp().nullable(),
    scheduled_end: timestamp().nullable(),
    completed_at: timestamp().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
    shot_list: z.strictObject({ total: z.int(), done: z.int() }),
  })
  .describe('decision 0001');

export const clientJson = z
  .strictObject({
    id: uuid(),
    workspace_id: uuid(),
    name: z.string(),
    email: z.string().nullable().describe('lower case'),
    phone: z.string().nullable(),
    notes: z.string().nullable(),
    created_at: timestamp(),
  })
  .describe('decision 0001');

export const leadJson = z.strictObject({
  id: uuid(),
  workspace_id: uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  source: z.string().nullable(),
  notes: z.string().nullable(),
  client_id: uuid().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const bookingJson = z.strictObject({
  id: uuid(),
  workspace_id: uuid(),
  client_id: uuid().nullable(),
  lead_id: uuid().nullable().describe('at least one of client_id and lead_id is set'),
  title: z.string(),
  status: z.enum(['requested', 'accepted', 'declined']),
  scheduled_start: timestamp(),
  scheduled_end: timestamp().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  decided_at: timestamp().nullable(),
  decline_reason: z.string().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const proposalJson = z.strictObject({
  id: uuid(),
  workspace_id: uuid(),
  client_id: uuid().nullable(),
  lead_id: uuid().nullable(),
  title: z.string(),
  status: z.enum(['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired']),
  amount_cents: z.int(),
  currency: currency(),
  expires_at: timestamp().nullable(),
  sent_at: timestamp().nullable(),
  viewed_at: timestamp().nullable(),
  decided_at: timestamp().nullable().describe('accepted, declined, or expired: then = expires_at'),
  decline_reason: z.string().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const contractJson = z.strictObject({
  id: uuid(),
  workspace_id: uuid(),
  client_id: uuid().nullable(),
  proposal_id: uuid().nullable(),
  title: z.string(),
  status: z.enum(['sent', 'signed']),
  sent_at: timestamp(),
  signed_at: timestamp().nullable(),
  signed_by: z.string().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const invoiceJson = z
  .strictObject({
    id: uuid(),
    workspace_id: uuid(),
    client_id: uuid().nullable(),
    number: z.string(),
    status: z.enum(['draft', 'sent', 'paid', 'void']),
    amount_cents: z.int(),
    currency: currency(),
    due_at: timestamp().nullable(),
    paid_at: timestamp().nullable(),
    created_at: timestamp(),
  })
  .describe('decision 0001');

export const reviewJson = z.strictObject({
  id: uuid(),
  workspace_id: uuid(),
  client_id: uuid().nullable(),
  shoot_id: uuid().nullable(),
  rating: z.int().min(1).max(5),
  body: z.string(),
  author_name: z.string().nullable(),
  status: z.enum(['pending', 'approved']),
  approved_at: timestamp().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const orderJson = z
  .strictObject({
    id: uuid(),
    workspace_id: uuid(),
    client_id: uuid().nullable(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    total_cents: z.int(),
    currency: currency(),
    paid_at: timestamp().nullable(),
    created_at: timestamp(),
  })
  .describe('decision 0001');
