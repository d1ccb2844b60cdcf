/**
 * Issue 5, black box: every one of the 28 public event types (spec section 6) produced by its real operation through
 * the whole stack (gateway routes as a client calls them; the studio operator CLI for the operations without a public
 * route; the studio scheduler for the time-driven ones) and delivered by the real dispatcher to a real HTTP receiver
 * on loopback.
 *
 * One workspace subscribes every type with POST /webhooks/subscriptions, each to its own path of the receiver
 * (`/sub/<type>`), and obtains each subscription's secret with POST /webhook-endpoints/{id}/rotate-secret (the
 * documented way; deliveries then carry v1 with that secret and v0 with the unseen creation secret). A legacy
 * endpoint (POST /webhook-endpoints, secret returned once) takes the three legacy types at `/legacy`.
 *
 * Every event a test causes is awaited, so the last test can prove that each path received exactly the events the
 * operations produced (no more: refused transitions and repeated operations emitted nothing), each exactly once,
 * and that the service's own delivery records agree (succeeded at the first attempt, so nothing is left to send).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/client.js';
import { createGallery, openSession, shootWithKeepers } from './support/gallery.js';
import { admin, tenant } from './support/operator.js';
import { eventually } from './support/photos.js';
import {
  EVENT_TYPES,
  ISO_UTC_RE,
  LEGACY_TYPES,
  UUID_RE,
  adminRefused,
  allDeliveries,
  expectDelivery,
  keysOf,
  registerLegacy,
  startReceiver,
  subscribe,
  type Delivery,
  type Endpoint,
  type EventType,
  type Receiver,
} from './support/webhooks.js';

// The documented `data` members (docs/events.md, docs/decisions/0003 and 0007).
const SHOOT = [
  'id',
  'workspace_id',
  'title',
  'slug',
  'state',
  'client_id',
  'location',
  'scheduled_start',
  'scheduled_end',
  'completed_at',
  'created_at',
  'updated_at',
  'shot_list',
];
const CLIENT = ['id', 'workspace_id', 'name', 'email', 'phone', 'notes', 'created_at'];
const BOOKING = [
  'id',
  'workspace_id',
  'client_id',
  'lead_id',
  'title',
  'status',
  'scheduled_start',
  'scheduled_end',
  'location',
  'notes',
  'decided_at',
  'decline_reason',
  'created_at',
  'updated_at',
];
const PROPOSAL = [
  'id',
  'workspace_id',
  'client_id',
  'lead_id',
  'title',
  'status',
  'amount_cents',
  'currency',
  'expires_at',
  'sent_at',
  'viewed_at',
  'decided_at',
  'decline_reason',
  'created_at',
  'updated_at',
];
const CONTRACT = [
  'id',
  'workspace_id',
  'client_id',
  'proposal_id',
  'title',
  'status',
  'sent_at',
  'signed_at',
  'signed_by',
  'created_at',
  'updated_at',
];
const INVOICE = ['id', 'workspace_id', 'client_id', 'number', 'status', 'amount_cents', 'currency', 'due_at', 'paid_at', 'created_at'];
const REVIEW = [
  'id',
  'workspace_id',
  'client_id',
  'shoot_id',
  'rating',
  'body',
  'author_name',
  'status',
  'approved_at',
  'created_at',
  'updated_at',
];
const ORDER = ['id', 'workspace_id', 'client_id', 'number', 'status', 'total_cents', 'currency', 'paid_at', 'created_at'];
const ORDER_EVENT = [...ORDER, 'order_id', 'tracking_number', 'status_reason', 'previous_status', 'updated_at'];
const PAYMENT = ['source', 'invoice_id', 'order_id', 'client_id', 'amount_cents', 'currency', 'paid_at'];
const sorted = (...lists: string[][]) => lists.flat().sort();

const LONG = 240_000;

describe('webhook events: every public type from its real operation, delivered once, signed', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  let receiver: Receiver;
  const subs = new Map<string, Endpoint>();
  let legacy: Endpoint;
  /** Deliveries each path must have received by the end: one per event a test awaited. */
  const expected = new Map<string, number>();
  let clientId: string;
  let runId: string;

  const subPath = (type: string) => `/sub/${type}`;

  /**
   * Waits for the delivery of `type` whose data `match`es at the subscription of that type, checks that there is
   * exactly one, and checks envelope, headers and signature. Returns the envelope.
   */
  async function one(type: EventType, match: (data: any) => boolean, timeoutMs = 60_000) {
    const path = subPath(type);
    const pred = (d: Delivery) => d.path === path && d.body?.type === type && match(d.body.data);
    const found = await receiver.waitFor(`${type} at ${path}`, pred, 1, timeoutMs);
    expect(found, `${type}: deliveries of this event`).toHaveLength(1);
    expected.set(path, (expected.get(path) ?? 0) + 1);
    return expectDelivery(found[0]!, { secret: subs.get(type)!.secret, workspaceId: t.workspaceId, type, v0: true });
  }

  /** The same for the legacy endpoint (never rotated: no v0). */
  async function legacyOne(type: (typeof LEGACY_TYPES)[number], match: (data: any) => boolean) {
    const pred = (d: Delivery) => d.path === '/legacy' && d.body?.type === type && match(d.body.data);
    const found = await receiver.waitFor(`${type} at /legacy`, pred, 1);
    expect(found, `${type}: legacy deliveries of this event`).toHaveLength(1);
    expected.set('/legacy', (expected.get('/legacy') ?? 0) + 1);
    return expectDelivery(found[0]!, { secret: legacy.secret, workspaceId: t.workspaceId, type, v0: false });
  }

  const cli = (...args: string[]) => admin(...args, '--workspace', t.workspaceId);

  beforeAll(async () => {
    runId = `${process.pid}-${Date.now()}`;
    t = await tenant(['owner', 'admin', 'photographer']);
    receiver = await startReceiver(() => 200);
    for (const type of EVENT_TYPES) subs.set(type, await subscribe(t.tokens.admin, t.workspaceId, `${receiver.url}${subPath(type)}`, type));
    legacy = await registerLegacy(t.tokens.admin, t.workspaceId, `${receiver.url}/legacy`, LEGACY_TYPES);
    const c = await api('POST', '/clients', {
      token: t.tokens.owner,
      body: { workspace_id: t.workspaceId, name: 'Ada Client', email: 'Ada.Client@Example.TEST', phone: '+49 30 1234' },
    });
    expect(c.status, c.text).toBe(201);
    clientId = c.body.client.id;
  }, LONG);

  afterAll(async () => {
    await receiver?.close();
  });

  it('client.created (POST /clients): the client JSON + client_id + updated_at, email lower-cased', async () => {
    const env = await one('client.created', (d) => d.client_id === clientId);
    expect(keysOf(env.data)).toEqual(sorted(CLIENT, ['client_id', 'updated_at']));
    expect(env.data).toMatchObject({
      client_id: clientId,
      id: clientId,
      workspace_id: t.workspaceId,
      name: 'Ada Client',
      email: 'ada.client@example.test',
      phone: '+49 30 1234',
      notes: null,
    });
    expect(env.data.updated_at).toMatch(ISO_UTC_RE);
  });

  it(
    'shoot.created (POST /shoots) and shoot.completed when the last shot-list item is ticked, once',
    async () => {
      const res = await api('POST', '/shoots', {
        token: t.tokens.owner,
        body: { workspace_id: t.workspaceId, title: 'Wedding Day', client_id: clientId, location: 'Berlin', shot_list: ['Rings', 'Vows'] },
      });
      expect(res.status, res.text).toBe(201);
      const shoot = res.body.shoot;
      const created = await one('shoot.created', (d) => d.shoot_id === shoot.id);
      expect(keysOf(created.data)).toEqual(sorted(SHOOT, ['shoot_id']));
      expect(created.data).toMatchObject({
        shoot_id: shoot.id,
        id: shoot.id,
        slug: shoot.slug,
        title: 'Wedding Day',
        state: 'planned',
        client_id: clientId,
        location: 'Berlin',
        completed_at: null,
        shot_list: { total: 2, done: 0 },
      });

      const [rings, vows] = shoot.shot_list_items as { id: string }[];
      const tick = async (itemId: string, done: boolean) => {
        const r = await api('PATCH', `/shoots/${shoot.id}/shot-list`, { token: t.tokens.photographer, body: { item_id: itemId, done } });
        expect(r.status, r.text).toBe(200);
        return r.body.shoot;
      };
      expect((await tick(rings!.id, true)).state).toBe('planned');
      const completedShoot = await tick(vows!.id, true);
      expect(completedShoot.state).toBe('completed');
      const completed = await one('shoot.completed', (d) => d.shoot_id === shoot.id);
      expect(keysOf(completed.data)).toEqual(sorted(SHOOT, ['shoot_id', 'completed_by']));
      expect(completed.data).toMatchObject({
        shoot_id: shoot.id,
        state: 'completed',
        completed_by: 'shot_list',
        completed_at: completedShoot.completed_at,
        shot_list: { total: 2, done: 2 },
      });
      // Unticking and ticking again does not complete it a second time (the last test counts the deliveries).
      await tick(vows!.id, false);
      expect((await tick(vows!.id, true)).state).toBe('completed');
    },
    LONG,
  );

  it(
    "shoot.completed by the scheduler when a planned shoot's scheduled end passes (completed_at = scheduled_end)",
    async () => {
      const start = new Date(Date.now() - 2 * 3600_000).toISOString();
      const end = new Date(Date.now() + 4_000).toISOString();
      const res = await api('POST', '/shoots', {
        token: t.tokens.owner,
        body: {
          workspace_id: t.workspaceId,
          title: 'Portrait session',
          scheduled_start: start,
          scheduled_end: end,
          shot_list: ['Headshot'],
        },
      });
      expect(res.status, res.text).toBe(201);
      const shoot = res.body.shoot;
      await one('shoot.created', (d) => d.shoot_id === shoot.id);
      const completed = await one('shoot.completed', (d) => d.shoot_id === shoot.id);
      expect(completed.data).toMatchObject({
        shoot_id: shoot.id,
        state: 'completed',
        completed_by: 'schedule',
        scheduled_end: end,
        completed_at: end,
        shot_list: { total: 1, done: 0 },
      });
      const read = await api('GET', `/shoots/${shoot.id}`, { token: t.tokens.owner });
      expect(read.body.shoot).toMatchObject({ state: 'completed', completed_at: end });
      // Ticking the whole list of a shoot the schedule already completed emits no second shoot.completed.
      const after = await api('PATCH', `/shoots/${shoot.id}/shot-list`, {
        token: t.tokens.owner,
        body: { item_id: shoot.shot_list_items[0].id, done: true },
      });
      expect(after.status).toBe(200);
    },
    LONG,
  );

  it(
    'booking.requested, booking.accepted, booking.declined (operator CLI); a refused transition emits nothing',
    async () => {
      const startAt = new Date(Date.now() + 7 * 86400_000).toISOString();
      const a = (
        await cli(
          'booking',
          'request',
          '--client',
          clientId,
          '--title',
          'Engagement shoot',
          '--scheduled-start',
          startAt,
          '--location',
          'Park',
        )
      ).booking;
      const requested = await one('booking.requested', (d) => d.booking_id === a.id);
      expect(keysOf(requested.data)).toEqual(sorted(BOOKING, ['booking_id']));
      expect(requested.data).toEqual({ booking_id: a.id, ...a });
      expect(requested.data).toMatchObject({ status: 'requested', client_id: clientId, decided_at: null });

      const accepted = (await cli('booking', 'accept', '--booking', a.id)).booking;
      const acc = await one('booking.accepted', (d) => d.booking_id === a.id);
      expect(acc.data).toEqual({ booking_id: a.id, ...accepted });
      expect(acc.data.status).toBe('accepted');
      expect(acc.data.decided_at).toMatch(ISO_UTC_RE);

      const b = (await cli('booking', 'request', '--client', clientId, '--title', 'Second date', '--scheduled-start', startAt)).booking;
      await one('booking.requested', (d) => d.booking_id === b.id);
      const declined = (await cli('booking', 'decline', '--booking', b.id, '--reason', 'fully booked')).booking;
      const dec = await one('booking.declined', (d) => d.booking_id === b.id);
      expect(keysOf(dec.data)).toEqual(sorted(BOOKING, ['booking_id']));
      expect(dec.data).toEqual({ booking_id: b.id, ...declined });
      expect(dec.data).toMatchObject({ status: 'declined', decline_reason: 'fully booked' });

      // declined -> accepted is not a transition: refused with exit 2, nothing emitted.
      const refused = await adminRefused('booking', 'accept', '--workspace', t.workspaceId, '--booking', b.id);
      expect(refused.code, refused.stderr).toBe(2);
    },
    LONG,
  );

  it(
    'proposal.sent, proposal.viewed, proposal.accepted, proposal.declined (operator CLI); a draft emits nothing',
    async () => {
      const p1 = (
        await cli('proposal', 'create', '--client', clientId, '--title', 'Wedding package', '--amount-cents', '250000', '--currency', 'EUR')
      ).proposal;
      const sent = (await cli('proposal', 'send', '--proposal', p1.id)).proposal;
      const s = await one('proposal.sent', (d) => d.proposal_id === p1.id);
      expect(keysOf(s.data)).toEqual(sorted(PROPOSAL, ['proposal_id']));
      expect(s.data).toEqual({ proposal_id: p1.id, ...sent });
      expect(s.data).toMatchObject({ status: 'sent', amount_cents: 250000, currency: 'EUR', client_id: clientId });
      expect(s.data.sent_at).toMatch(ISO_UTC_RE);
      expect(s.data.expires_at).toMatch(ISO_UTC_RE);

      const viewed = (await cli('proposal', 'view', '--proposal', p1.id)).proposal;
      const v = await one('proposal.viewed', (d) => d.proposal_id === p1.id);
      expect(v.data).toEqual({ proposal_id: p1.id, ...viewed });
      expect(v.data.status).toBe('viewed');
      expect(v.data.viewed_at).toMatch(ISO_UTC_RE);

      const accepted = (await cli('proposal', 'accept', '--proposal', p1.id)).proposal;
      const acc = await one('proposal.accepted', (d) => d.proposal_id === p1.id);
      expect(acc.data).toEqual({ proposal_id: p1.id, ...accepted });
      expect(acc.data.status).toBe('accepted');
      expect(acc.data.decided_at).toMatch(ISO_UTC_RE);

      const p2 = (
        await cli('proposal', 'create', '--client', clientId, '--title', 'Album upsell', '--amount-cents', '40000', '--currency', 'EUR')
      ).proposal;
      await cli('proposal', 'send', '--proposal', p2.id);
      await one('proposal.sent', (d) => d.proposal_id === p2.id);
      const declined = (await cli('proposal', 'decline', '--proposal', p2.id, '--reason', 'over budget')).proposal;
      const dec = await one('proposal.declined', (d) => d.proposal_id === p2.id);
      expect(dec.data).toEqual({ proposal_id: p2.id, ...declined });
      expect(dec.data).toMatchObject({ status: 'declined', decline_reason: 'over budget' });

      // declined -> accepted is refused and emits nothing.
      expect((await adminRefused('proposal', 'accept', '--workspace', t.workspaceId, '--proposal', p2.id)).code).toBe(2);
    },
    LONG,
  );

  it(
    "proposal.expired from the studio scheduler once a sent proposal's expires_at passes (decided_at = expires_at)",
    async () => {
      const p = (
        await cli('proposal', 'create', '--client', clientId, '--title', 'Short offer', '--amount-cents', '9900', '--currency', 'EUR')
      ).proposal;
      // Far enough ahead that the CLI's start-up cannot overtake it; the scheduler (every 5 s) expires it after that.
      const expiresAt = new Date(Date.now() + 10_000).toISOString();
      await cli('proposal', 'send', '--proposal', p.id, '--expires-at', expiresAt);
      await one('proposal.sent', (d) => d.proposal_id === p.id);
      const expired = await one('proposal.expired', (d) => d.proposal_id === p.id, 90_000);
      expect(keysOf(expired.data)).toEqual(sorted(PROPOSAL, ['proposal_id']));
      expect(expired.data).toMatchObject({ proposal_id: p.id, status: 'expired', expires_at: expiresAt, decided_at: expiresAt });
      // An expired proposal can no longer be accepted.
      expect((await adminRefused('proposal', 'accept', '--workspace', t.workspaceId, '--proposal', p.id)).code).toBe(2);
    },
    LONG,
  );

  it(
    'contract.signed (sending emits nothing; signing does, once)',
    async () => {
      const k = (await cli('contract', 'send', '--title', 'Wedding contract', '--client', clientId)).contract;
      const signed = (await cli('contract', 'sign', '--contract', k.id, '--signed-by', 'Ada Client')).contract;
      const env = await one('contract.signed', (d) => d.contract_id === k.id);
      expect(keysOf(env.data)).toEqual(sorted(CONTRACT, ['contract_id']));
      expect(env.data).toEqual({ contract_id: k.id, ...signed });
      expect(env.data).toMatchObject({ status: 'signed', signed_by: 'Ada Client', client_id: clientId });
      expect(env.data.signed_at).toMatch(ISO_UTC_RE);
      expect((await adminRefused('contract', 'sign', '--workspace', t.workspaceId, '--contract', k.id)).code).toBe(2);
    },
    LONG,
  );

  it(
    'invoice.paid + payment.received (source invoice) when an invoice is paid; paying twice is refused',
    async () => {
      const inv = (
        await cli(
          'invoice',
          'issue',
          '--number',
          `INV-${runId}`,
          '--amount-cents',
          '125000',
          '--currency',
          'EUR',
          '--client',
          clientId,
          '--status',
          'sent',
        )
      ).invoice;
      const paid = (await cli('invoice', 'pay', '--invoice', inv.id)).invoice;
      const env = await one('invoice.paid', (d) => d.invoice_id === inv.id);
      expect(keysOf(env.data)).toEqual(sorted(INVOICE, ['invoice_id', 'updated_at']));
      expect(env.data).toMatchObject({ invoice_id: inv.id, ...paid, status: 'paid' });
      expect(env.data.paid_at).toMatch(ISO_UTC_RE);
      const pay = await one('payment.received', (d) => d.invoice_id === inv.id);
      expect(keysOf(pay.data)).toEqual(sorted(PAYMENT));
      expect(pay.data).toEqual({
        source: 'invoice',
        invoice_id: inv.id,
        order_id: null,
        client_id: clientId,
        amount_cents: 125000,
        currency: 'EUR',
        paid_at: env.data.paid_at,
      });
      expect((await adminRefused('invoice', 'pay', '--workspace', t.workspaceId, '--invoice', inv.id)).code).toBe(2);
    },
    LONG,
  );

  it(
    'review.approved (creating a review emits nothing)',
    async () => {
      const r = (await cli('review', 'create', '--rating', '5', '--body', 'Wonderful photos!', '--client', clientId, '--author', 'Ada'))
        .review;
      const approved = (await cli('review', 'approve', '--review', r.id)).review;
      const env = await one('review.approved', (d) => d.review_id === r.id);
      expect(keysOf(env.data)).toEqual(sorted(REVIEW, ['review_id']));
      expect(env.data).toEqual({ review_id: r.id, ...approved });
      expect(env.data).toMatchObject({ status: 'approved', rating: 5, body: 'Wonderful photos!', author_name: 'Ada' });
      expect(env.data.approved_at).toMatch(ISO_UTC_RE);
    },
    LONG,
  );

  it(
    'the print-order lifecycle: order.created, payment.received (source order), order.sent_to_print, order.shipped, order.delivered, order.cancelled, order.needs_intervention, order.refunded',
    async () => {
      const order = async (n: string) =>
        (await cli('order', 'create', '--number', `PO-${runId}-${n}`, '--total-cents', '8900', '--currency', 'EUR', '--client', clientId))
          .order;
      const to = async (id: string, status: string, ...extra: string[]) =>
        (await cli('order', 'transition', '--order', id, '--to', status, ...extra)).order;
      // Three independent orders, their lifecycles run side by side.
      const [o1, o2, o3] = await Promise.all([
        (async () => {
          const printOrder = await order('1');
          await to(printOrder.id, 'paid');
          await to(printOrder.id, 'sent_to_print');
          await to(printOrder.id, 'shipped', '--tracking-number', 'TRACK-1');
          await to(printOrder.id, 'delivered');
          return printOrder;
        })(),
        (async () => {
          const printOrder = await order('2');
          await to(printOrder.id, 'cancelled', '--reason', 'changed my mind');
          return printOrder;
        })(),
        (async () => {
          const printOrder = await order('3');
          await to(printOrder.id, 'paid');
          await to(printOrder.id, 'sent_to_print');
          await to(printOrder.id, 'needs_intervention', '--reason', 'print lab lost it');
          await to(printOrder.id, 'refunded', '--reason', 'lost in print');
          return printOrder;
        })(),
      ]);

      for (const printOrder of [o1, o2, o3]) {
        const created = await one('order.created', (d) => d.order_id === printOrder.id);
        expect(keysOf(created.data)).toEqual(sorted(ORDER_EVENT));
        expect(created.data).toMatchObject({
          order_id: printOrder.id,
          status: 'pending',
          previous_status: null,
          tracking_number: null,
          status_reason: null,
          total_cents: 8900,
          currency: 'EUR',
          client_id: clientId,
        });
      }
      for (const printOrder of [o1, o3]) {
        const pay = await one('payment.received', (d) => d.order_id === printOrder.id);
        expect(pay.data).toMatchObject({
          source: 'order',
          order_id: printOrder.id,
          invoice_id: null,
          client_id: clientId,
          amount_cents: 8900,
          currency: 'EUR',
        });
        expect(pay.data.paid_at).toMatch(ISO_UTC_RE);
        const stp = await one('order.sent_to_print', (d) => d.order_id === printOrder.id);
        expect(keysOf(stp.data)).toEqual(sorted(ORDER_EVENT));
        expect(stp.data).toMatchObject({ status: 'sent_to_print', previous_status: 'paid', paid_at: pay.data.paid_at });
      }
      const shipped = await one('order.shipped', (d) => d.order_id === o1.id);
      expect(shipped.data).toMatchObject({
        status: 'shipped',
        previous_status: 'sent_to_print',
        tracking_number: 'TRACK-1',
        status_reason: null,
      });
      const delivered = await one('order.delivered', (d) => d.order_id === o1.id);
      expect(delivered.data).toMatchObject({ status: 'delivered', previous_status: 'shipped', tracking_number: 'TRACK-1' });
      const cancelled = await one('order.cancelled', (d) => d.order_id === o2.id);
      expect(keysOf(cancelled.data)).toEqual(sorted(ORDER_EVENT));
      expect(cancelled.data).toMatchObject({
        status: 'cancelled',
        previous_status: 'pending',
        status_reason: 'changed my mind',
        paid_at: null,
      });
      const stuck = await one('order.needs_intervention', (d) => d.order_id === o3.id);
      expect(stuck.data).toMatchObject({
        status: 'needs_intervention',
        previous_status: 'sent_to_print',
        status_reason: 'print lab lost it',
      });
      const refunded = await one('order.refunded', (d) => d.order_id === o3.id);
      expect(refunded.data).toMatchObject({ status: 'refunded', previous_status: 'needs_intervention', status_reason: 'lost in print' });

      // A cancelled order cannot ship; a delivered one cannot be cancelled: refused, nothing emitted.
      expect((await adminRefused('order', 'transition', '--workspace', t.workspaceId, '--order', o2.id, '--to', 'shipped')).code).toBe(2);
      expect((await adminRefused('order', 'transition', '--workspace', t.workspaceId, '--order', o1.id, '--to', 'cancelled')).code).toBe(2);
    },
    LONG,
  );

  it(
    'photo.uploaded, ai_job.done, ai.cull.completed, gallery.created, gallery.published and gallery.delivered through the public routes (legacy endpoint too)',
    async () => {
      const { shootId, photoIds } = await shootWithKeepers(t.tokens.photographer, t.workspaceId, 2);
      await one('shoot.created', (d) => d.shoot_id === shootId);
      for (const photoId of photoIds) {
        const env = await one('photo.uploaded', (d) => d.photo_id === photoId);
        const photo = (await api('GET', `/photos/${photoId}`, { token: t.tokens.owner })).body.photo;
        expect(keysOf(env.data)).toEqual([...Object.keys(photo), 'photo_id', 'upload_session_id'].sort());
        expect(env.data).toMatchObject({
          photo_id: photoId,
          id: photoId,
          shoot_id: shootId,
          workspace_id: t.workspaceId,
          upload_session_id: null,
          content_type: 'image/jpeg',
          file_name: photo.file_name,
          size: photo.size,
        });
      }

      // AI cull job: POST /ai/cull-jobs, the upload worker runs it.
      const started = await api('POST', '/ai/cull-jobs', {
        token: t.tokens.photographer,
        body: { shoot_id: shootId, sensitivity: 'medium' },
      });
      expect(started.status, started.text).toBe(202);
      const jobId = started.body.job.id;
      const job = (
        await eventually(
          () => api('GET', `/ai/jobs/${jobId}`, { token: t.tokens.owner }),
          (r) => ['succeeded', 'failed'].includes(r.body?.job?.state),
        )
      ).body.job;
      expect(job.state).toBe('succeeded');
      const done = await one('ai_job.done', (d) => d.job_id === jobId);
      expect(keysOf(done.data)).toEqual(['counts', 'error', 'job_id', 'shoot_id', 'state', 'type']);
      expect(done.data).toEqual({
        job_id: jobId,
        type: 'cull',
        shoot_id: shootId,
        state: 'succeeded',
        counts: job.result.counts,
        error: null,
      });
      const cull = await one('ai.cull.completed', (d) => d.job_id === jobId);
      expect(cull.data).toEqual({ job_id: jobId, shoot_id: shootId, sensitivity: 'medium', counts: job.result.counts });
      const cullLegacy = await legacyOne('ai.cull.completed', (d) => d.job_id === jobId);
      expect(cullLegacy.id).toBe(cull.id); // the same event, fanned out to both endpoints

      // Gallery: create (draft), publish, the customer's first client session delivers it.
      const gallery = await createGallery(t.tokens.photographer, shootId, 'Wedding gallery');
      const gc = await one('gallery.created', (d) => d.gallery_id === gallery.id);
      expect(gc.data).toEqual({
        gallery_id: gallery.id,
        shoot_id: shootId,
        title: 'Wedding gallery',
        slug: gallery.slug,
        photo_count: gallery.photo_count,
      });
      expect(gallery.photo_count).toBeGreaterThan(0);

      const pub = await api('POST', `/galleries/${gallery.id}/publish`, { token: t.tokens.photographer });
      expect(pub.status, pub.text).toBe(200);
      const portalToken = pub.body.gallery.portal_token as string;
      expect((await api('POST', `/galleries/${gallery.id}/publish`, { token: t.tokens.owner })).status).toBe(200); // again: no event
      const gp = await one('gallery.published', (d) => d.gallery_id === gallery.id);
      expect(gp.data).toMatchObject({
        gallery_id: gallery.id,
        id: gallery.id,
        shoot_id: shootId,
        title: 'Wedding gallery',
        slug: gallery.slug,
        photo_count: gallery.photo_count,
        state: 'published',
      });
      expect(gp.data.published_at).toMatch(ISO_UTC_RE);
      const gpLegacy = await legacyOne('gallery.published', (d) => d.gallery_id === gallery.id);
      expect(gpLegacy.id).toBe(gp.id);

      const session = await openSession({ portal_token: portalToken });
      expect(session.status, session.text).toBe(200);
      expect((await openSession({ magic_code: portalToken })).status).toBe(200); // a second session: no second event
      const gd = await one('gallery.delivered', (d) => d.gallery_id === gallery.id);
      expect(gd.data).toMatchObject({ gallery_id: gallery.id, id: gallery.id, shoot_id: shootId, slug: gallery.slug });
      expect(gd.data.client_session_id).toMatch(UUID_RE);
      expect(gd.data.delivered_at).toMatch(ISO_UTC_RE);
      const gdLegacy = await legacyOne('gallery.delivered', (d) => d.gallery_id === gallery.id);
      expect(gdLegacy.id).toBe(gd.id);
      // Webhooks leave the system: no portal token or bearer in any gallery event.
      for (const e of [gc, gp, gd]) {
        expect(JSON.stringify(e)).not.toContain(portalToken);
        expect(JSON.stringify(e)).not.toContain(session.body.session.bearer);
      }
    },
    LONG,
  );

  it(
    'every type was delivered; each path got exactly the awaited events, once each, and the records agree',
    async () => {
      // Coverage: all 28 types reached their subscription.
      const missing = EVENT_TYPES.filter((type) => !expected.has(subPath(type)));
      expect(missing, 'event types never produced by these tests').toEqual([]);

      // Every delivery ever received is valid, and no event reached an endpoint twice.
      const seen = new Set<string>();
      for (const d of receiver.deliveries) {
        const legacyPath = d.path === '/legacy';
        const type = legacyPath ? d.body?.type : d.path.slice('/sub/'.length);
        expectDelivery(d, {
          secret: legacyPath ? legacy.secret : subs.get(type)!.secret,
          workspaceId: t.workspaceId,
          type,
          v0: !legacyPath,
        });
        const key = `${d.path} ${d.body.id}`;
        expect(seen.has(key), `duplicate delivery ${key}`).toBe(false);
        seen.add(key);
      }

      // Per path: exactly as many deliveries as awaited events (nothing extra was emitted), and the service's records
      // say each of them succeeded at the first attempt, so no further attempt is due.
      const endpoints: [string, Endpoint][] = [
        ...EVENT_TYPES.map((type) => [subPath(type), subs.get(type)!] as [string, Endpoint]),
        ['/legacy', legacy],
      ];
      for (const [path, endpoint] of endpoints) {
        const got = receiver.where((d) => d.path === path);
        expect(got.length, `deliveries at ${path}`).toBe(expected.get(path) ?? 0);
        const records = await allDeliveries(t.tokens.owner, endpoint.id);
        expect(records.map((r) => r.event_id).sort(), `records of ${path}`).toEqual(got.map((d) => d.body.id).sort());
        for (const r of records) expect(r, `record of ${path}`).toMatchObject({ state: 'succeeded', attempt_count: 1, last_status: 200 });
      }
    },
    LONG,
  );
});
