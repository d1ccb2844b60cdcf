/**
 * @studio/contracts/events: the one catalog of domain events. Each event type is declared here once: its name (the
 * routing key on the `studio.events` exchange and the envelope's `type`), the service that produces it, whether it is
 * public (delivered to webhook subscribers, spec section 6) or internal (same exchange, for search and the upload
 * worker only), one line on when it is emitted, and the zod schema of its `data` (decision 0004: event-carried state).
 *
 * Producers build events through `EventBuilder` (the type name and the data are checked at compile time; each
 * producer's unit spec runs its builders through these schemas), webhook-dispatch takes `PUBLIC_EVENT_TYPES` from
 * here, and docs/events.md is generated from it (`npm run events:docs`). The black-box tests keep their own list of
 * the 28 public types on purpose, as an independent check.
 *
 * The data schemas are strict: a member a producer adds or drops is a contract change, made here first.
 */
import { z } from 'zod';
import { deletedData, timestamp, uuid } from './event-fields.schema.js';
import { albumRecord, galleryRecord } from '../records/gallery.records.js';
import {
  ORDER_STATUSES,
  bookingRecord,
  clientRecord,
  contractRecord,
  invoiceRecord,
  leadRecord,
  orderRecord,
  proposalRecord,
  reviewRecord,
  shootRecord,
} from '../records/studio.records.js';
import { CULL_SENSITIVITIES, cullCountsRecord, photoRecord } from '../records/upload.records.js';

export const PRODUCERS = ['studio', 'gallery', 'upload'] as const;
export type Producer = (typeof PRODUCERS)[number];

export interface EventDeclaration {
  producer: Producer;
  /** Delivered to webhook subscribers (one of the 28 types of spec section 6). */
  public: boolean;
  /** When it is emitted, in one line. */
  description: string;
  data: z.ZodObject;
}

// ------------------------------------------------------------------------------------------ data schemas

// A studio record's event data is the record's JSON (strict here: the API's schema of it is not) plus its id.
const shootData = shootRecord.strict().extend({ shoot_id: uuid() });
const clientData = clientRecord.strict().extend({ client_id: uuid(), updated_at: timestamp() });
const leadData = leadRecord.strict().extend({ lead_id: uuid() });
const bookingData = bookingRecord
  .strict()
  .extend({ booking_id: uuid() })
  .describe('The booking with its new `status`; `decided_at` set on accepted and declined, `decline_reason` when given.');
const proposalData = proposalRecord
  .strict()
  .extend({ proposal_id: uuid() })
  .describe(
    'The proposal with its new `status`: `sent_at` and `expires_at` set from sent on, `viewed_at` from viewed, `decided_at` on ' +
      'accepted, declined and expired, `decline_reason` when given.',
  );
const orderData = orderRecord
  .strict()
  .extend({
    order_id: uuid(),
    tracking_number: z.string().nullable().describe('set when shipped'),
    status_reason: z
      .string()
      .nullable()
      .describe('the reason given with cancelled, refunded or needs_intervention; null after any other transition'),
    previous_status: z.enum(ORDER_STATUSES).nullable().describe('the status before this change; null for order.created'),
    updated_at: timestamp(),
  })
  .describe("A transition's `order.updated` and its public event carry the same data.");

const galleryCreatedData = z
  .strictObject({ gallery_id: uuid(), shoot_id: uuid(), title: z.string(), slug: z.string(), photo_count: z.int() })
  .describe('Exactly these five members (fixed by spec section 6), nothing else.');
const galleryPublishedData = galleryRecord.strict().extend({ gallery_id: uuid() });

const aiJobMembers = { job_id: uuid(), type: z.string().describe('the job type: "cull" today'), shoot_id: uuid() };

/** Every domain event. The 28 public types come first, in the order of spec section 6 (the webhook routes' enum). */
export const EVENT_CATALOG = {
  'gallery.created': {
    producer: 'gallery',
    public: true,
    description: 'A gallery was created (`POST /galleries`).',
    data: galleryCreatedData,
  },
  'gallery.published': {
    producer: 'gallery',
    public: true,
    description: 'A gallery was published for the first time (`POST /galleries/{id}/publish`; a repeated publish emits nothing).',
    data: galleryPublishedData,
  },
  'gallery.delivered': {
    producer: 'gallery',
    public: true,
    description: "The gallery's customer opened its first client session (`POST /client-sessions`), once per gallery.",
    data: galleryRecord.strict().extend({ gallery_id: uuid(), client_session_id: uuid() }),
  },
  'shoot.created': { producer: 'studio', public: true, description: 'A shoot was created (`POST /shoots`).', data: shootData },
  'shoot.completed': {
    producer: 'studio',
    public: true,
    description: 'A planned shoot completed, once: its whole shot list was ticked, or its scheduled end passed.',
    data: shootData.extend({
      completed_by: z
        .enum(['shot_list', 'schedule'])
        .describe(
          '"shot_list": the last item was ticked, completed_at = that moment; "schedule": the scheduled end passed first, completed_at = scheduled_end',
        ),
    }),
  },
  'photo.uploaded': {
    producer: 'upload',
    public: true,
    description: 'A photo was uploaded (single-shot finalize, or an upload-session file completed); it also starts the derivative job.',
    data: photoRecord.strict().extend({ photo_id: uuid(), upload_session_id: uuid().nullable().describe('null for a single-shot upload') }),
  },
  'ai_job.done': {
    producer: 'upload',
    public: true,
    description: 'An AI job finished, succeeded or failed.',
    data: z.strictObject({
      ...aiJobMembers,
      state: z.enum(['succeeded', 'failed']),
      counts: cullCountsRecord.strict().nullable().describe('the cull counts when succeeded, else null'),
      error: z.string().nullable().describe('why it failed, else null'),
    }),
  },
  'ai.cull.completed': {
    producer: 'upload',
    public: true,
    description: "A cull job succeeded: the shoot's keeper flags are set (emitted with its `ai_job.done`).",
    data: z.strictObject({
      job_id: uuid(),
      shoot_id: uuid(),
      sensitivity: z.enum(CULL_SENSITIVITIES),
      counts: cullCountsRecord.strict(),
    }),
  },
  'payment.received': {
    producer: 'studio',
    public: true,
    description: 'An invoice was paid (with `invoice.paid`) or an order became paid: exactly these two operations.',
    data: z.strictObject({
      source: z.enum(['invoice', 'order']),
      invoice_id: uuid().nullable().describe('set when source is invoice'),
      order_id: uuid().nullable().describe('set when source is order'),
      client_id: uuid().nullable(),
      amount_cents: z.int().describe("the invoice's amount_cents or the order's total_cents"),
      currency: z.string(),
      paid_at: timestamp(),
    }),
  },
  'order.shipped': { producer: 'studio', public: true, description: 'An order moved from sent_to_print to shipped.', data: orderData },
  'order.created': {
    producer: 'studio',
    public: true,
    description: 'An order was created (`CreateOrder`, or the import the demo seed uses).',
    data: orderData,
  },
  'order.sent_to_print': { producer: 'studio', public: true, description: 'An order moved to sent_to_print.', data: orderData },
  'order.delivered': { producer: 'studio', public: true, description: 'An order moved from shipped to delivered.', data: orderData },
  'order.cancelled': { producer: 'studio', public: true, description: 'An order was cancelled.', data: orderData },
  'order.refunded': { producer: 'studio', public: true, description: 'An order was refunded.', data: orderData },
  'order.needs_intervention': {
    producer: 'studio',
    public: true,
    description: 'An order needs a human (from sent_to_print or shipped).',
    data: orderData,
  },
  'client.created': { producer: 'studio', public: true, description: 'A client was created (`POST /clients`).', data: clientData },
  'booking.requested': { producer: 'studio', public: true, description: 'A booking was requested (`RequestBooking`).', data: bookingData },
  'booking.accepted': { producer: 'studio', public: true, description: 'A requested booking was accepted.', data: bookingData },
  'booking.declined': { producer: 'studio', public: true, description: 'A requested booking was declined.', data: bookingData },
  'proposal.sent': { producer: 'studio', public: true, description: 'A draft proposal was sent.', data: proposalData },
  'proposal.viewed': { producer: 'studio', public: true, description: 'A sent proposal was viewed.', data: proposalData },
  'proposal.accepted': { producer: 'studio', public: true, description: 'A sent or viewed proposal was accepted.', data: proposalData },
  'proposal.declined': { producer: 'studio', public: true, description: 'A sent or viewed proposal was declined.', data: proposalData },
  'proposal.expired': {
    producer: 'studio',
    public: true,
    description: "A sent or viewed proposal's `expires_at` passed (scheduler).",
    data: proposalData,
  },
  'contract.signed': {
    producer: 'studio',
    public: true,
    description: 'A sent contract was signed.',
    data: contractRecord
      .strict()
      .extend({ contract_id: uuid() })
      .describe('The contract with `status: "signed"`, `signed_at` and `signed_by`.'),
  },
  'invoice.paid': {
    producer: 'studio',
    public: true,
    description: 'A draft or sent invoice was paid (with `payment.received`).',
    data: invoiceRecord
      .strict()
      .extend({ invoice_id: uuid(), updated_at: timestamp() })
      .describe('The invoice with `status: "paid"` and `paid_at`.'),
  },
  'review.approved': {
    producer: 'studio',
    public: true,
    description: 'A pending review was approved.',
    data: reviewRecord.strict().extend({ review_id: uuid() }).describe('The review with `status: "approved"` and `approved_at`.'),
  },

  // Internal types: the same exchange, never delivered to webhook subscribers.
  'shoot.updated': {
    producer: 'studio',
    public: false,
    description: 'A shoot changed: title, location, schedule, shot-list counts, completion, or its client was deleted.',
    data: shootData,
  },
  'shoot.deleted': { producer: 'studio', public: false, description: 'A shoot was deleted.', data: deletedData('shoot_id') },
  'client.updated': { producer: 'studio', public: false, description: 'A client changed.', data: clientData },
  'client.deleted': {
    producer: 'studio',
    public: false,
    description: 'A client was deleted (its shoots, leads and orders are detached).',
    data: deletedData('client_id'),
  },
  'lead.created': { producer: 'studio', public: false, description: 'A lead was created.', data: leadData },
  'lead.updated': { producer: 'studio', public: false, description: 'A lead changed, or its client was deleted.', data: leadData },
  'lead.deleted': { producer: 'studio', public: false, description: 'A lead was deleted.', data: deletedData('lead_id') },
  'order.updated': {
    producer: 'studio',
    public: false,
    description: 'An order changed: every transition, or its client was deleted.',
    data: orderData,
  },
  'album.created': {
    producer: 'gallery',
    public: false,
    description: 'An album was created (operator CLI `create-album`).',
    data: albumRecord.strict().extend({ album_id: uuid() }),
  },
  'ai_job.queued': {
    producer: 'upload',
    public: false,
    description: 'An AI job was queued (`POST /ai/cull-jobs`); the upload worker takes it from its ai-jobs queue.',
    data: z.strictObject(aiJobMembers),
  },
} as const satisfies Record<string, EventDeclaration>;

/** The records events carry, by the name docs/events.md gives them; "decision 0001" marks the ones the API answers too. */
export const EVENT_ENTITIES = {
  Shoot: shootRecord.describe('decision 0001'),
  Client: clientRecord.describe('decision 0001'),
  Lead: leadRecord,
  Booking: bookingRecord,
  Proposal: proposalRecord,
  Contract: contractRecord,
  Invoice: invoiceRecord.describe('decision 0001'),
  Review: reviewRecord,
  Order: orderRecord.describe('decision 0001'),
  Gallery: galleryRecord.describe('decision 0007; without its photos'),
  Album: albumRecord,
  Photo: photoRecord.describe('decision 0003'),
} as const satisfies Record<string, z.ZodObject>;

// ------------------------------------------------------------------------------------------ derived names and types

type Catalog = typeof EVENT_CATALOG;

export type EventType = keyof Catalog;

/** The `data` of an event of type T, as its producer builds it. */
export type EventData<T extends EventType> = z.infer<Catalog[T]['data']>;

/** The types a producer emits. */
export type EventTypeOf<P extends Producer> = { [T in EventType]: Catalog[T]['producer'] extends P ? T : never }[EventType];

export type PublicEventType = { [T in EventType]: Catalog[T]['public'] extends true ? T : never }[EventType];

/**
 * A producer's event builder: `(type, workspaceId, data) => Built`, where only the producer's own types compile and
 * `data` must have the type's schema shape. A service declares it over its outbox constructor, e.g.
 * `export const event: EventBuilder<'studio', NewOutboxEvent> = newOutboxEvent;` (no parse at run time: the
 * producer specs parse what the builders make).
 */
export type EventBuilder<P extends Producer, Built> = <T extends EventTypeOf<P>>(type: T, workspaceId: string, data: EventData<T>) => Built;

export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as EventType[];

/** The 28 public webhook types, in the order of spec section 6. */
export const PUBLIC_EVENT_TYPES: readonly PublicEventType[] = EVENT_TYPES.filter(
  (type): type is PublicEventType => EVENT_CATALOG[type].public,
);

const PUBLIC_SET: ReadonlySet<string> = new Set(PUBLIC_EVENT_TYPES);

export function isPublicEventType(type: string): type is PublicEventType {
  return PUBLIC_SET.has(type);
}

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_CATALOG, type);
}

/**
 * What is wrong with an event of `type` carrying `data` as a consumer receives it (JSON): an unknown type, or each
 * issue of the type's data schema as `path: message`. Empty when the event is what the catalog declares.
 */
export function eventDataIssues(type: string, data: unknown): string[] {
  if (!isEventType(type)) return [`unknown event type ${type}`];
  const parsed = EVENT_CATALOG[type].data.safeParse(JSON.parse(JSON.stringify(data)));
  return (parsed.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** The types `producer` emits, in catalog order. */
export function eventTypesOf<P extends Producer>(producer: P): EventTypeOf<P>[] {
  return EVENT_TYPES.filter((type): type is EventTypeOf<P> => EVENT_CATALOG[type].producer === producer);
}
