/**
 * Bookings, proposals, contracts, invoices and reviews over studio.v1.StudioOperations (real gRPC, PostgreSQL and
 * RabbitMQ): each operation emits exactly its event with the documented data (docs/events.md), once; a transition
 * the lifecycle does not allow is refused with FAILED_PRECONDITION and emits nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@studio/grpc';
import { MISSING_ID } from './harness.js';
import { nullify, startOperationsContext, type OperationsContext } from './support/operations.js';

const { OK, INVALID_ARGUMENT, NOT_FOUND, FAILED_PRECONDITION } = grpc.status;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('StudioOperations: bookings, proposals, contracts, invoices, reviews', () => {
  let c: OperationsContext;
  beforeAll(async () => {
    c = await startOperationsContext();
  });
  afterAll(async () => {
    await c?.stop();
  });

  it('bookings: requested -> accepted emits booking.requested then booking.accepted, once each', async () => {
    const ws = await c.t.given.workspace();
    const client = await c.t.given.client(ws.id);
    const req = {
      workspace_id: ws.id,
      client_id: client.id,
      title: 'Engagement session',
      scheduled_start: '2027-04-01T15:00:00Z',
      scheduled_end: '2027-04-01T17:00:00+00:00',
      location: 'Hampstead Heath',
    };
    const requested = await c.op(ws.id, 'RequestBooking', req, ['booking.requested']);
    const booking = nullify(requested.response);
    expect(booking).toMatchObject({
      status: 'requested',
      client_id: client.id,
      lead_id: null,
      scheduled_end: '2027-04-01T17:00:00.000Z',
      decided_at: null,
    });
    expect(requested.events['booking.requested']!.data).toEqual({ booking_id: booking.id, ...booking });

    const accepted = await c.op(ws.id, 'AcceptBooking', { workspace_id: ws.id, booking_id: booking.id }, ['booking.accepted']);
    expect(accepted.events['booking.accepted']!.data).toEqual({ booking_id: booking.id, ...nullify(accepted.response) });
    expect(accepted.events['booking.accepted']!.data).toMatchObject({ status: 'accepted', decided_at: expect.stringMatching(ISO) });
    expect(accepted.events['booking.accepted']!.data.updated_at > booking.updated_at).toBe(true);

    const again = await c.refused(ws.id, 'AcceptBooking', { workspace_id: ws.id, booking_id: booking.id }, FAILED_PRECONDITION);
    expect(again.details).toBe('booking is accepted: it cannot become accepted (only from requested)');
    await c.refused(ws.id, 'DeclineBooking', { workspace_id: ws.id, booking_id: booking.id }, FAILED_PRECONDITION);
  });

  it('bookings: a lead may ask; declined carries the reason; a decided booking stays decided', async () => {
    const ws = await c.t.given.workspace();
    const lead = await c.t.given.lead(ws.id);
    const { response } = await c.op(
      ws.id,
      'RequestBooking',
      { workspace_id: ws.id, lead_id: lead.id, title: 'Headshots', scheduled_start: '2027-05-01T09:00:00Z' },
      ['booking.requested'],
    );
    const declined = await c.op(
      ws.id,
      'DeclineBooking',
      { workspace_id: ws.id, booking_id: response.id, reason: 'Fully booked that week' },
      ['booking.declined'],
    );
    expect(declined.events['booking.declined']!.data).toMatchObject({
      booking_id: response.id,
      status: 'declined',
      lead_id: lead.id,
      decline_reason: 'Fully booked that week',
    });
    await c.refused(ws.id, 'AcceptBooking', { workspace_id: ws.id, booking_id: response.id }, FAILED_PRECONDITION);
  });

  it('bookings: malformed input and other tenants are refused without events', async () => {
    const ws = await c.t.given.workspace();
    const other = await c.t.given.workspace();
    const client = await c.t.given.client(ws.id);
    const base = { workspace_id: ws.id, client_id: client.id, title: 'X', scheduled_start: '2027-05-01T09:00:00Z' };
    await c.refused(ws.id, 'RequestBooking', { ...base, client_id: '' }, INVALID_ARGUMENT); // neither client nor lead
    await c.refused(ws.id, 'RequestBooking', { ...base, scheduled_start: 'next tuesday' }, INVALID_ARGUMENT);
    await c.refused(ws.id, 'RequestBooking', { ...base, scheduled_end: '2027-05-01T08:00:00Z' }, INVALID_ARGUMENT);
    await c.refused(ws.id, 'RequestBooking', { ...base, workspace_id: 'nope' }, INVALID_ARGUMENT);
    await c.refused(other.id, 'RequestBooking', { ...base, workspace_id: other.id }, INVALID_ARGUMENT); // a client of ws
    await c.refused(ws.id, 'RequestBooking', { ...base, workspace_id: MISSING_ID }, NOT_FOUND);
    const mine = await c.t.given.booking(ws.id);
    await c.refused(other.id, 'AcceptBooking', { workspace_id: other.id, booking_id: mine.id }, NOT_FOUND);
    await c.refused(ws.id, 'AcceptBooking', { workspace_id: ws.id, booking_id: 'x' }, INVALID_ARGUMENT);
  });

  it('proposals: draft -> sent -> viewed -> accepted, each event once; other moves refused', async () => {
    const ws = await c.t.given.workspace();
    const draft = await c.t.given.proposal(ws.id, { title: 'Wedding collection' });
    expect(draft.status).toBe('draft');
    await c.refused(ws.id, 'ViewProposal', { workspace_id: ws.id, proposal_id: draft.id }, FAILED_PRECONDITION);
    await c.refused(ws.id, 'AcceptProposal', { workspace_id: ws.id, proposal_id: draft.id }, FAILED_PRECONDITION);

    const before = Date.now();
    const sent = await c.op(ws.id, 'SendProposal', { workspace_id: ws.id, proposal_id: draft.id }, ['proposal.sent']);
    const sentData = sent.events['proposal.sent']!.data;
    expect(sentData).toEqual({ proposal_id: draft.id, ...nullify(sent.response) });
    expect(sentData).toMatchObject({
      status: 'sent',
      title: 'Wedding collection',
      amount_cents: 250_000,
      currency: 'EUR',
      sent_at: expect.stringMatching(ISO),
    });
    // No expires_at given: 30 days after sending.
    const validity = Date.parse(sentData.expires_at) - before;
    expect(validity).toBeGreaterThanOrEqual(30 * 86_400_000 - 1_000);
    expect(validity).toBeLessThanOrEqual(30 * 86_400_000 + 60_000);
    await c.refused(ws.id, 'SendProposal', { workspace_id: ws.id, proposal_id: draft.id }, FAILED_PRECONDITION);

    const viewed = await c.op(ws.id, 'ViewProposal', { workspace_id: ws.id, proposal_id: draft.id }, ['proposal.viewed']);
    expect(viewed.events['proposal.viewed']!.data).toMatchObject({
      proposal_id: draft.id,
      status: 'viewed',
      viewed_at: expect.stringMatching(ISO),
    });
    await c.refused(ws.id, 'ViewProposal', { workspace_id: ws.id, proposal_id: draft.id }, FAILED_PRECONDITION);

    const accepted = await c.op(ws.id, 'AcceptProposal', { workspace_id: ws.id, proposal_id: draft.id }, ['proposal.accepted']);
    expect(accepted.events['proposal.accepted']!.data).toMatchObject({ status: 'accepted', decided_at: expect.stringMatching(ISO) });
    for (const method of ['DeclineProposal', 'AcceptProposal', 'ViewProposal', 'SendProposal']) {
      await c.refused(ws.id, method, { workspace_id: ws.id, proposal_id: draft.id }, FAILED_PRECONDITION);
    }
  });

  it('proposals: declined straight from sent with a reason; expiry must lie in the future', async () => {
    const ws = await c.t.given.workspace();
    const lead = await c.t.given.lead(ws.id);
    const created = await c.op(
      ws.id,
      'CreateProposal',
      { workspace_id: ws.id, lead_id: lead.id, title: 'Family portraits', amount_cents: 45_000, currency: 'GBP' },
      [], // a draft has no event
    );
    const id = created.response.id;
    await c.refused(ws.id, 'SendProposal', { workspace_id: ws.id, proposal_id: id, expires_at: '2020-01-01T00:00:00Z' }, INVALID_ARGUMENT);
    const sent = await c.op(ws.id, 'SendProposal', { workspace_id: ws.id, proposal_id: id, expires_at: '2031-01-01T00:00:00Z' }, [
      'proposal.sent',
    ]);
    expect(sent.events['proposal.sent']!.data.expires_at).toBe('2031-01-01T00:00:00.000Z');
    const declined = await c.op(ws.id, 'DeclineProposal', { workspace_id: ws.id, proposal_id: id, reason: 'Over budget' }, [
      'proposal.declined',
    ]);
    expect(declined.events['proposal.declined']!.data).toMatchObject({
      status: 'declined',
      lead_id: lead.id,
      decline_reason: 'Over budget',
      viewed_at: null,
    });
    await c.refused(
      ws.id,
      'CreateProposal',
      { workspace_id: ws.id, lead_id: lead.id, title: 'x', amount_cents: 1, currency: 'euro' },
      INVALID_ARGUMENT,
    );
    await c.refused(ws.id, 'CreateProposal', { workspace_id: ws.id, title: 'x', amount_cents: 1, currency: 'EUR' }, INVALID_ARGUMENT);
  });

  it('contracts: sent (no event) -> signed emits contract.signed once', async () => {
    const ws = await c.t.given.workspace();
    const client = await c.t.given.client(ws.id);
    const proposal = await c.t.given.proposal(ws.id, { clientId: client.id });
    const sent = await c.op(
      ws.id,
      'SendContract',
      { workspace_id: ws.id, client_id: client.id, proposal_id: proposal.id, title: 'Wedding agreement' },
      [],
    );
    expect(nullify(sent.response)).toMatchObject({ status: 'sent', signed_at: null, proposal_id: proposal.id });
    const signed = await c.op(ws.id, 'SignContract', { workspace_id: ws.id, contract_id: sent.response.id, signed_by: 'Jane Smith' }, [
      'contract.signed',
    ]);
    expect(signed.events['contract.signed']!.data).toEqual({ contract_id: sent.response.id, ...nullify(signed.response) });
    expect(signed.events['contract.signed']!.data).toMatchObject({
      status: 'signed',
      signed_by: 'Jane Smith',
      signed_at: expect.stringMatching(ISO),
      client_id: client.id,
    });
    await c.refused(ws.id, 'SignContract', { workspace_id: ws.id, contract_id: sent.response.id }, FAILED_PRECONDITION);
    const other = await c.t.given.workspace();
    await c.refused(other.id, 'SendContract', { workspace_id: other.id, proposal_id: proposal.id, title: 'x' }, INVALID_ARGUMENT);
  });

  it('invoices: paying emits invoice.paid and payment.received, once; paid and void invoices are refused', async () => {
    const ws = await c.t.given.workspace();
    const client = await c.t.given.client(ws.id);
    const issued = await c.op(
      ws.id,
      'IssueInvoice',
      { workspace_id: ws.id, client_id: client.id, number: 'INV-1', amount_cents: 180_000, currency: 'GBP', status: 'sent' },
      [],
    );
    expect(nullify(issued.response)).toMatchObject({ status: 'sent', paid_at: null });
    const paid = await c.op(ws.id, 'PayInvoice', { workspace_id: ws.id, invoice_id: issued.response.id }, [
      'invoice.paid',
      'payment.received',
    ]);
    const invoice = nullify(paid.response);
    expect(invoice).toMatchObject({ status: 'paid', paid_at: expect.stringMatching(ISO) });
    expect(paid.events['invoice.paid']!.data).toEqual({ invoice_id: invoice.id, ...invoice, updated_at: expect.stringMatching(ISO) });
    expect(paid.events['payment.received']!.data).toEqual({
      source: 'invoice',
      invoice_id: invoice.id,
      order_id: null,
      client_id: client.id,
      amount_cents: 180_000,
      currency: 'GBP',
      paid_at: invoice.paid_at,
    });
    await c.refused(ws.id, 'PayInvoice', { workspace_id: ws.id, invoice_id: invoice.id }, FAILED_PRECONDITION);

    const draft = await c.op(ws.id, 'IssueInvoice', { workspace_id: ws.id, number: 'INV-2', amount_cents: 100, currency: 'EUR' }, []);
    expect(draft.response.status).toBe('draft');
    await c.op(ws.id, 'PayInvoice', { workspace_id: ws.id, invoice_id: draft.response.id }, ['invoice.paid', 'payment.received']);

    const voided = await c.t.given.invoice(ws.id, { status: 'void' });
    await c.refused(ws.id, 'PayInvoice', { workspace_id: ws.id, invoice_id: voided.id }, FAILED_PRECONDITION);
    await c.refused(
      ws.id,
      'IssueInvoice',
      { workspace_id: ws.id, number: 'INV-3', amount_cents: 1, currency: 'EUR', status: 'paid' },
      INVALID_ARGUMENT,
    );
    await c.refused(ws.id, 'IssueInvoice', { workspace_id: ws.id, number: 'INV-1', amount_cents: 1, currency: 'EUR' }, FAILED_PRECONDITION); // duplicate
  });

  it('reviews: pending (no event) -> approved emits review.approved once', async () => {
    const ws = await c.t.given.workspace();
    const shoot = await c.t.given.shoot(ws.id);
    const created = await c.op(
      ws.id,
      'CreateReview',
      { workspace_id: ws.id, shoot_id: shoot.id, rating: 5, body: 'Captured every moment.', author_name: 'Omar' },
      [],
    );
    expect(nullify(created.response)).toMatchObject({ status: 'pending', approved_at: null, shoot_id: shoot.id });
    const approved = await c.op(ws.id, 'ApproveReview', { workspace_id: ws.id, review_id: created.response.id }, ['review.approved']);
    expect(approved.events['review.approved']!.data).toEqual({ review_id: created.response.id, ...nullify(approved.response) });
    expect(approved.events['review.approved']!.data).toMatchObject({
      status: 'approved',
      rating: 5,
      author_name: 'Omar',
      approved_at: expect.stringMatching(ISO),
    });
    await c.refused(ws.id, 'ApproveReview', { workspace_id: ws.id, review_id: created.response.id }, FAILED_PRECONDITION);
    await c.refused(ws.id, 'CreateReview', { workspace_id: ws.id, rating: 6, body: 'x' }, INVALID_ARGUMENT);
    await c.refused(ws.id, 'CreateReview', { workspace_id: ws.id, rating: 3, body: '   ' }, INVALID_ARGUMENT);
    expect(OK).toBe(0);
  });
});
