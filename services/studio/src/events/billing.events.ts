/**
 * contract.signed, invoice.paid, review.approved and payment.received.
 * payment.received is emitted by exactly two operations: paying an invoice (with invoice.paid) and an order
 * becoming paid (pending -> paid). Its data names the source and carries the amount.
 */
import { serializeContract, serializeInvoice, serializeReview } from '@studio/contracts/records';
import type { ContractRow } from '../store/contract.store.js';
import type { InvoiceRow } from '../store/invoice.store.js';
import type { OrderRow } from '../store/order.store.js';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';
import type { ReviewRow } from '../store/review.store.js';
import { event } from './domain-events.js';

export const contractSigned = (c: ContractRow): NewOutboxEvent =>
  event('contract.signed', c.workspaceId, { contract_id: c.id, ...serializeContract(c) });

export const invoicePaid = (i: InvoiceRow): NewOutboxEvent =>
  event('invoice.paid', i.workspaceId, { invoice_id: i.id, ...serializeInvoice(i), updated_at: i.updatedAt.toISOString() });

export const reviewApproved = (r: ReviewRow): NewOutboxEvent =>
  event('review.approved', r.workspaceId, { review_id: r.id, ...serializeReview(r) });

export type PaymentSource = { kind: 'invoice'; row: InvoiceRow } | { kind: 'order'; row: OrderRow };

export function paymentReceived(source: PaymentSource): NewOutboxEvent {
  const r = source.row;
  const amountCents = source.kind === 'invoice' ? source.row.amountCents : source.row.totalCents;
  return event('payment.received', r.workspaceId, {
    source: source.kind,
    invoice_id: source.kind === 'invoice' ? r.id : null,
    order_id: source.kind === 'order' ? r.id : null,
    client_id: r.clientId,
    amount_cents: amountCents,
    currency: r.currency,
    paid_at: (r.paidAt ?? r.updatedAt).toISOString(),
  });
}
