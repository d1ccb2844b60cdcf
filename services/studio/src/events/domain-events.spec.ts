/**
 * Every studio event builder against the event catalog: what it makes (as the outbox stores it, JSON) must parse with
 * its type's strict data schema, once with every optional value null and once with every value set, and together
 * the builders must cover every type the catalog names studio as the producer of.
 */
import { eventDataIssues, eventTypesOf } from '@studio/contracts/events';
import { describe, expect, it } from 'vitest';
import type { BookingRow } from '../store/booking.store.js';
import type { ClientRow } from '../store/client.store.js';
import type { ContractRow } from '../store/contract.store.js';
import type { InvoiceRow } from '../store/invoice.store.js';
import type { LeadRow } from '../store/lead.store.js';
import type { OrderRow, OrderStatusName } from '../store/order.store.js';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import type { ProposalRow } from '../store/proposal.store.js';
import type { ReviewRow } from '../store/review.store.js';
import type { ShootRow } from '../store/shoot.store.js';
import { contractSigned, invoicePaid, paymentReceived, reviewApproved } from './billing.events.js';
import { bookingAccepted, bookingDeclined, bookingRequested } from './booking.events.js';
import { clientCreated, clientDeleted, clientUpdated } from './client.events.js';
import { leadCreated, leadDeleted, leadUpdated } from './lead.events.js';
import { ORDER_STATUS_EVENT, orderCreated, orderStatusEvent, orderUpdated } from './order.events.js';
import { proposalEvent, type ProposalEventStatus } from './proposal.events.js';
import { shootCompleted, shootCreated, shootDeleted, shootUpdated } from './shoot.events.js';

const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const ID = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';
const T0 = new Date('2026-11-22T10:00:00.123Z');
const T1 = new Date('2026-11-23T08:30:00.000Z');

/** The rows of a record with every optional value null, and with every value set. */
function variants<Row>(bare: Row, full: Partial<Row>): Row[] {
  return [bare, { ...bare, ...full }];
}

const base = { id: ID, workspaceId: WORKSPACE, createdAt: T0, updatedAt: T1 };

const shoots = variants<ShootRow>(
  {
    ...base,
    title: 'Wedding',
    slug: 'wedding',
    state: 'planned',
    clientId: null,
    location: null,
    scheduledStart: null,
    scheduledEnd: null,
    completedAt: null,
  },
  { state: 'completed', clientId: OTHER, location: 'Berlin', scheduledStart: T0, scheduledEnd: T1, completedAt: T1 },
);
const clients = variants<ClientRow>(
  { ...base, name: 'Ada', email: null, phone: null, notes: null },
  { email: 'ada@example.test', phone: '+49', notes: 'n' },
);
const leads = variants<LeadRow>(
  { ...base, name: 'Bo', email: null, phone: null, source: null, notes: null, clientId: null },
  { email: 'bo@example.test', phone: '+49', source: 'fair', notes: 'n', clientId: OTHER },
);
const bookings = variants<BookingRow>(
  {
    ...base,
    clientId: OTHER,
    leadId: null,
    title: 'Shoot',
    status: 'requested',
    scheduledStart: T1,
    scheduledEnd: null,
    location: null,
    notes: null,
    decidedAt: null,
    declineReason: null,
  },
  { leadId: OTHER, status: 'declined', scheduledEnd: T1, location: 'Park', notes: 'n', decidedAt: T1, declineReason: 'busy' },
);
const proposals = variants<ProposalRow>(
  {
    ...base,
    clientId: null,
    leadId: OTHER,
    title: 'Offer',
    amountCents: 120_000,
    currency: 'EUR',
    status: 'sent',
    expiresAt: null,
    sentAt: null,
    viewedAt: null,
    decidedAt: null,
    declineReason: null,
  },
  { clientId: OTHER, expiresAt: T1, sentAt: T0, viewedAt: T0, decidedAt: T1, declineReason: 'too much' },
);
const contracts = variants<ContractRow>(
  { ...base, clientId: null, proposalId: null, title: 'Contract', status: 'signed', sentAt: T0, signedAt: null, signedBy: null },
  { clientId: OTHER, proposalId: OTHER, signedAt: T1, signedBy: 'Ada' },
);
const invoices = variants<InvoiceRow>(
  { ...base, clientId: null, number: 'INV-1', status: 'paid', amountCents: 5000, currency: 'EUR', dueAt: null, paidAt: null },
  { clientId: OTHER, dueAt: T1, paidAt: T1 },
);
const reviews = variants<ReviewRow>(
  { ...base, clientId: null, shootId: null, rating: 5, body: 'Great', authorName: null, status: 'approved', approvedAt: null },
  { clientId: OTHER, shootId: OTHER, authorName: 'Ada', approvedAt: T1 },
);
const orders = variants<OrderRow>(
  {
    ...base,
    clientId: null,
    number: 'ORD-1',
    status: 'pending',
    totalCents: 9900,
    currency: 'EUR',
    paidAt: null,
    trackingNumber: null,
    statusReason: null,
  },
  { clientId: OTHER, status: 'shipped', paidAt: T0, trackingNumber: 'TRACK-1', statusReason: 'late' },
);

/** Every event every studio builder makes from the rows above. */
function builtEvents(): NewOutboxEvent[] {
  const built: (NewOutboxEvent | null)[] = [];
  for (const s of shoots) {
    const counts = { total: 2, done: s.state === 'completed' ? 2 : 0 };
    built.push(
      shootCreated(s, counts),
      shootUpdated(s, counts),
      shootCompleted(s, counts, 'shot_list'),
      shootCompleted(s, counts, 'schedule'),
      shootDeleted(s, T1),
    );
  }
  for (const c of clients) built.push(clientCreated(c), clientUpdated(c), clientDeleted(c, T1));
  for (const l of leads) built.push(leadCreated(l), leadUpdated(l), leadDeleted(l, T1));
  for (const b of bookings) built.push(bookingRequested(b), bookingAccepted(b), bookingDeclined(b));
  const proposalStatuses: ProposalEventStatus[] = ['sent', 'viewed', 'accepted', 'declined', 'expired'];
  for (const p of proposals) for (const status of proposalStatuses) built.push(proposalEvent({ ...p, status }));
  for (const c of contracts) built.push(contractSigned(c));
  for (const i of invoices) built.push(invoicePaid(i), paymentReceived({ kind: 'invoice', row: i }));
  for (const r of reviews) built.push(reviewApproved(r));
  for (const o of orders) {
    built.push(orderCreated(o), paymentReceived({ kind: 'order', row: o }));
    for (const status of Object.keys(ORDER_STATUS_EVENT) as OrderStatusName[]) {
      built.push(orderUpdated({ ...o, status }, 'paid'), orderStatusEvent({ ...o, status }, 'paid'));
    }
  }
  return built.filter((e): e is NewOutboxEvent => e !== null);
}

describe('studio events', () => {
  const events = builtEvents();

  it('carry data that parses with the schema of their type in the event catalog', () => {
    for (const e of events) {
      expect(eventDataIssues(e.type, e.payload), `${e.type}: ${JSON.stringify(e.payload)}`).toEqual([]);
      expect(e.workspaceId).toBe(WORKSPACE);
    }
  });

  it('cover every type the catalog names studio as the producer of, and no other', () => {
    const built = new Set(events.map((e) => e.type));
    expect([...built].sort()).toEqual([...eventTypesOf('studio')].sort());
  });

  it('give an order status without an event of its own none', () => {
    expect(orderStatusEvent({ ...orders[0]!, status: 'paid' }, 'pending')).toBeNull();
    expect(orderStatusEvent({ ...orders[0]!, status: 'pending' }, 'pending')).toBeNull();
  });
});
