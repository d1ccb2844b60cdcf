/**
 * Scale out on one machine (issue 7, part 6), a rehearsal for the cluster: a second replica of every service and
 * worker (replica set B, scripts/lib/stack.ts `startReplicaSet`) runs beside the black-box stack (A) against the same
 * PostgreSQL, Redis, RabbitMQ and object store, consuming the SAME work queues (competing consumers), with its own
 * gateway. Requests alternate between the two gateways, as a load balancer would send them. What must hold:
 * - work is shared: both replicas of a worker do some of it (per-replica deltas of their Prometheus job counters);
 * - nothing that must be done once is done twice: one derivative job per photo (even when the photo is finalized
 *   through both gateways at once), one cull run per job, one send per delivery attempt, one shoot.completed per
 *   shoot whose scheduled end passes while two schedulers race for it; the counters summed over both replicas
 *   equal the work asked, exactly;
 * - nothing is lost: every photo ends ready, every job succeeds, every event reaches the subscriber, every client
 *   is found by search through either gateway.
 * Counters are read as deltas around each step, after the pipeline has settled (outbox drained, work queue empty).
 *
 * Other stacks on this machine (another black-box slot, `npm start`) publish to the same `studio.events` exchange,
 * and each stack's queues get a copy of every event: a worker acks another stack's event as `skipped` (no such
 * photo or job here), and a fan-out consumer counts it as taken. So the exact sums use what only this stack's own
 * work can produce (derivative jobs that made a photo `ready`, cull runs that finished `done`, deliveries created,
 * attempts that succeeded, the delivery records), and "each event handled once" is checked per event id in the
 * consumers' access logs (docs/decisions/0009: one line per message), for this test's own event ids.
 */
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findSamples, sampleSum } from '@studio/testkit/prometheus';
import { startReplicaSet, type Stack, type StackPorts } from '../scripts/lib/stack.js';
import { api, type ApiResponse } from './support/client.js';
import { admin, tenant } from './support/operator.js';
import { makeJpeg, putTo, sha256Hex } from './support/photos.js';
import { until as pollUntil } from './support/poll.js';
import { freeStackPorts } from './support/ports.js';
import { stackControl } from './support/stack-control.js';
import { allDeliveries, startReceiver, subscribe, type Endpoint, type Receiver } from './support/webhooks.js';

const LONG = 240_000;

/** The key of a process's admin port in StackPorts: where its /metrics are scraped. */
type AdminPortKey = Extract<keyof StackPorts, `${string}Admin`>;

/** This file's waits span replica start-ups: a longer bound than the shared default. */
const until = <T>(what: string, check: () => Promise<T | false | null | undefined>, timeoutMs = 90_000, everyMs?: number) =>
  pollUntil(what, check, timeoutMs, everyMs);

/** The Prometheus text of the process whose ADMIN port is `port` (/metrics is only there, not on its API port). */
async function scrape(port: number): Promise<string> {
  const r = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) });
  expect(r.status, `/metrics on ${port}`).toBe(200);
  return r.text();
}

/** A random word of lower-case letters: a name search finds exactly one client by it. */
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Sum of the `shoots_completed` of every scheduler round logged by the current launch of a studio process. */
function scheduledCompletions(logFile: string): number {
  if (!existsSync(logFile)) return 0;
  const lines = readFileSync(logFile, 'utf8').split('\n');
  let from = 0;
  lines.forEach((l, i) => {
    if (l.startsWith('--- ') && l.includes(' launch studio ')) from = i + 1;
  });
  let total = 0;
  for (const line of lines.slice(from)) {
    if (!line.includes('"scheduler round"')) continue;
    try {
      const j = JSON.parse(line) as { msg?: string; shoots_completed?: number };
      if (j.msg === 'scheduler round') total += j.shoots_completed ?? 0;
    } catch {
      /* not a JSON line */
    }
  }
  return total;
}

/**
 * How often each message was handled, by event id, from the access-log lines (`"msg":"message"`) of one process's log
 * file whose queue name matches `queue` (a missing file counts nothing). The queue is matched by its kind, not its
 * exact name, so a replica consuming a queue of its own (a copy of every event) would count as a second handling.
 */
function handled(logFile: string, queue: (name: string) => boolean): Map<string, number> {
  const out = new Map<string, number>();
  if (!existsSync(logFile)) return out;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"msg":"message"')) continue;
    try {
      const j = JSON.parse(line) as { log?: string; msg?: string; queue?: string; event_id?: string };
      if (j.log === 'access' && j.msg === 'message' && j.queue !== undefined && queue(j.queue) && j.event_id)
        out.set(j.event_id, (out.get(j.event_id) ?? 0) + 1);
    } catch {
      /* not a JSON line */
    }
  }
  return out;
}

describe('two replicas of every service and worker on one machine', () => {
  const control = stackControl();
  const options = inject('stackOptions');
  const portsA = inject('ports');
  const replicaLogDir = path.join(inject('logDir'), 'replica-b');
  let portsB: StackPorts;
  let replica: Stack | null = null;
  let studioReconfigured = false;
  /** Gateway base URLs: A (the stack) and B (the replica set); request i goes to gateways[i % 2]. */
  let gateways: [string, string];
  const gw = (i: number) => gateways[i % 2]!;

  let token: string;
  let workspaceId: string;
  let receiver: Receiver;
  const subs = new Map<string, Endpoint>();
  const route = (type: string) => `/sub/${type}`;
  /** Deliveries of `type` to this test's subscription (of this test's workspace). */
  const at = (type: string) => receiver.where((d) => d.path === route(type) && d.body?.workspace_id === workspaceId);
  /** Per event id of `ids`: how many times replica A and replica B handled its message from `queue` (process `proc`'s log). */
  const handledBy = (proc: string, queue: (name: string) => boolean, ids: Set<string>) => {
    const a = handled(path.join(inject('logDir'), `${proc}.log`), queue);
    const b = handled(path.join(replicaLogDir, `${proc}.log`), queue);
    const per = [...ids].map((id) => ({ id, a: a.get(id) ?? 0, b: b.get(id) ?? 0 }));
    return { per, a: per.filter((p) => p.a > 0).length, b: per.filter((p) => p.b > 0).length, all: per.every((p) => p.a + p.b > 0) };
  };

  /** The same metric read on both replicas of a process (by its admin port's key): [A, B]. */
  const both = async (port: AdminPortKey, read: (text: string) => number): Promise<[number, number]> => {
    const [a, b] = await Promise.all([scrape(portsA[port]), scrape(portsB[port])]);
    return [read(a), read(b)];
  };
  const delta = (after: [number, number], before: [number, number]): [number, number] => [after[0] - before[0], after[1] - before[1]];

  let searchEventsAtStart: [number, number];

  beforeAll(async () => {
    // The replica set's own listeners; the object store is the first set's.
    const { s3: _ownStore, ...ports } = await freeStackPorts();
    replica = await startReplicaSet(options, ports, { dir: replicaLogDir });
    portsB = { ...ports, s3: options.ports.s3 };
    gateways = [inject('baseUrl'), replica.baseUrl];

    const t = await tenant(['owner']);
    workspaceId = t.workspaceId;
    // Far more than the default 600 requests a minute of one token (the limit is shared by both gateways, in Redis).
    token = (await admin<{ token: string }>('create-token', '--profile', t.profiles.owner, '--rate-limit', '100000')).token;
    receiver = await startReceiver(() => 200);
    for (const type of ['photo.uploaded', 'ai.cull.completed', 'client.created', 'shoot.completed'])
      subs.set(type, await subscribe(token, workspaceId, `${receiver.url}${route(type)}`, type));
    searchEventsAtStart = await both('searchAdmin', (m) => sampleSum(m, 'search_index_events_total'));
  }, LONG);

  afterAll(async () => {
    await replica?.stop();
    if (studioReconfigured) await control.restart('studio').catch(() => undefined); // back to the stack's own configuration
    await receiver?.close();
  }, LONG);

  it(
    'the replicas are competing consumers of the same queues, and either gateway serves any request',
    async () => {
      // Each shared work queue has one consumer from each replica set (read from the broker by either replica).
      const queues: { port: AdminPortKey; queue: string }[] = [
        { port: 'uploadWorkerAdmin', queue: `upload-${portsA.uploadHttp}.derivatives` },
        { port: 'uploadWorkerAdmin', queue: `upload-${portsA.uploadHttp}.ai-jobs` },
        { port: 'searchAdmin', queue: `search.index-${portsA.searchHttp}` },
        { port: 'webhooksAdmin', queue: `webhooks.fanout.${portsA.webhooksHttp}` },
      ];
      for (const { port, queue } of queues) {
        const consumers = await until(
          `consumers of ${queue}`,
          async () => {
            const [a, b] = await both(port, (m) => findSamples(m, 'amqp_queue_consumers', { queue })[0]?.value ?? NaN);
            return Number.isFinite(a) && Number.isFinite(b) ? [a, b] : null;
          },
          30_000,
          1100,
        );
        expect(consumers, `consumers of ${queue} as seen by A and B`).toEqual([2, 2]);
      }
      // A record written through one gateway is read through the other.
      const created = await api('POST', '/shoots', { token, body: { workspace_id: workspaceId, title: 'Replica probe' } }, gw(1));
      expect(created.status, created.text).toBe(201);
      const read = await api('GET', `/shoots/${created.body.shoot.id}`, { token }, gw(0));
      expect(read.status).toBe(200);
      expect(read.body.shoot.id).toBe(created.body.shoot.id);
    },
    LONG,
  );

  const shoots: string[] = [];
  const photos: { id: string; shoot: string }[] = [];

  it(
    '20 photos through both gateways, each finalized through BOTH at once: all ready, one derivative job each, both workers did some',
    async () => {
      const N = 20;
      for (let s = 0; s < 2; s++) {
        const r = await api('POST', '/shoots', { token, body: { workspace_id: workspaceId, title: `Scale-out shoot ${s}` } }, gw(s));
        expect(r.status, r.text).toBe(201);
        shoots.push(r.body.shoot.id);
      }
      const images = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          makeJpeg({ width: 900, height: 600, seed: 100 + i, captureTime: `2026:07:01 10:${String(i).padStart(2, '0')}:00` }),
        ),
      );
      const jobs = (m: string) => sampleSum(m, 'upload_job_duration_seconds_count', { job: 'derivative' });
      const ready = (m: string) => sampleSum(m, 'upload_job_duration_seconds_count', { job: 'derivative', outcome: 'ready' });
      const jobsBefore = await both('uploadWorkerAdmin', jobs);
      const readyBefore = await both('uploadWorkerAdmin', ready);

      // Registered through alternating gateways; then every finalize is sent to both gateways at the same moment
      // (a client retrying through another node of the load balancer): two upload replicas race for it.
      const finalizeAnswers: ApiResponse[] = [];
      await Promise.all(
        images.map(async (bytes, i) => {
          const shootId = shoots[i % 2]!;
          const c = await api(
            'POST',
            '/photos',
            {
              token,
              body: {
                shoot_id: shootId,
                file_name: `scale-${i}.jpg`,
                content_type: 'image/jpeg',
                size: bytes.length,
                sha256: sha256Hex(bytes),
              },
            },
            gw(i),
          );
          expect(c.status, c.text).toBe(201);
          expect((await putTo(c.body.upload, bytes)).status).toBe(200);
          const answers = await Promise.all([0, 1].map((g) => api('POST', `/photos/${c.body.photo.id}/finalize`, { token }, gw(g))));
          finalizeAnswers.push(...answers);
          photos.push({ id: c.body.photo.id, shoot: shootId });
        }),
      );
      expect(finalizeAnswers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text}`)).toEqual([]);

      // Nothing lost: every photo ends ready (read through either gateway).
      for (const [i, p] of photos.entries()) {
        const done = await until(`photo ${p.id} processed`, async () => {
          const r = await api('GET', `/photos/${p.id}`, { token }, gw(i));
          return r.body?.photo?.state === 'ready' || r.body?.photo?.state === 'failed' ? r : null;
        });
        expect(done.body.photo.state, `photo ${p.id}`).toBe('ready');
      }
      // Settled: upload's outbox is drained and the derivative queue is empty, so no second job is still on its way.
      const derivativesQueue = `upload-${portsA.uploadHttp}.derivatives`;
      await until(
        'upload pipeline settled',
        async () => {
          const [api0, worker] = await Promise.all([scrape(portsA.uploadAdmin), scrape(portsA.uploadWorkerAdmin)]);
          return (
            sampleSum(api0, 'outbox_pending_events') === 0 &&
            findSamples(worker, 'amqp_queue_messages_ready', { queue: derivativesQueue })[0]?.value === 0
          );
        },
        30_000,
        1100,
      );

      const jobsDone = delta(await both('uploadWorkerAdmin', jobs), jobsBefore);
      const readyDone = delta(await both('uploadWorkerAdmin', ready), readyBefore);

      // One photo.uploaded per photo although each was finalized twice, by two replicas.
      const ids = new Set(photos.map((p) => p.id));
      await receiver.waitFor(
        'photo.uploaded of every photo',
        (d) => d.path === route('photo.uploaded') && ids.has(d.body?.data?.photo_id),
        N,
        60_000,
      );
      const uploaded = at('photo.uploaded');
      expect(uploaded.length).toBe(N);
      expect(new Set(uploaded.map((d) => d.body.data.photo_id)).size).toBe(N);
      const eventIds = new Set(uploaded.map((d) => d.eventId!));
      expect(eventIds.size).toBe(N);

      // Each of those events (the derivative job's message) was taken from the shared queue by ONE worker, once.
      const byWorker = await until(
        "every derivative message in the workers' access logs",
        async () => {
          const h = handledBy('upload-worker', (q) => q.endsWith('.derivatives'), eventIds);
          return h.all ? h : null;
        },
        30_000,
        300,
      );
      console.log(
        `scale-out derivatives: ${N} photos, derivative jobs that made a photo ready per worker A/B ${readyDone.join('/')}; messages handled A/B ${byWorker.a}/${byWorker.b}; all derivative jobs counted A/B ${jobsDone.join('/')} (includes other stacks' events, skipped)`,
      );
      expect(
        byWorker.per.filter((p) => p.a + p.b !== 1),
        'derivative messages handled other than once',
      ).toEqual([]);
      // Exactly one derivative made per photo over both workers, and the work was shared.
      expect(readyDone[0] + readyDone[1]).toBe(N);
      expect(readyDone[0]).toBeGreaterThan(0);
      expect(readyDone[1]).toBeGreaterThan(0);
      expect(byWorker.a + byWorker.b).toBe(N);
    },
    LONG,
  );

  it(
    'cull jobs started through both gateways each run once, on both workers, with consistent results',
    async () => {
      expect(photos.length).toBe(20);
      const PER_SHOOT = 3;
      const runs = (m: string) => sampleSum(m, 'upload_job_duration_seconds_count', { job: 'cull' });
      const done = (m: string) => sampleSum(m, 'upload_job_duration_seconds_count', { job: 'cull', outcome: 'done' });
      const runsBefore = await both('uploadWorkerAdmin', runs);
      const doneBefore = await both('uploadWorkerAdmin', done);

      // Same sensitivity per shoot, so every job of a shoot must reach the same result and the keeper flags agree.
      const sensitivity = ['medium', 'high'] as const;
      const started = await Promise.all(
        Array.from({ length: PER_SHOOT * 2 }, async (_, i) => {
          const shoot = i % 2;
          const r = await api(
            'POST',
            '/ai/cull-jobs',
            { token, body: { shoot_id: shoots[shoot], sensitivity: sensitivity[shoot] } },
            gw(Math.floor(i / 2)),
          );
          expect(r.status, r.text).toBe(202);
          return { id: r.body.job.id as string, shoot };
        }),
      );
      const results = [];
      for (const [i, s] of started.entries()) {
        const r = await until(`cull job ${s.id}`, async () => {
          const res = await api('GET', `/ai/jobs/${s.id}`, { token }, gw(i));
          return ['succeeded', 'failed'].includes(res.body?.job?.state) ? res : null;
        });
        results.push({ ...s, job: r.body.job });
      }
      for (const r of results) {
        expect(r.job.state, `job ${r.id}`).toBe('succeeded');
        // `attempts` counts the runs that started the job: a second worker running it too would make it 2.
        expect(r.job.attempts, `job ${r.id} started once`).toBe(1);
        expect(r.job.progress).toEqual({ done: 10, total: 10 });
        expect(r.job.result.photos).toHaveLength(10);
      }
      for (const shoot of [0, 1]) {
        const ofShoot = results.filter((r) => r.shoot === shoot);
        for (const r of ofShoot.slice(1))
          expect(r.job.result, `same photos, same sensitivity, same result (shoot ${shoot})`).toEqual(ofShoot[0]!.job.result);
        for (const [i, d] of (ofShoot[0]!.job.result.photos as { photo_id: string; decision: string }[]).entries()) {
          const photo = await api('GET', `/photos/${d.photo_id}`, { token }, gw(i));
          expect(photo.body.photo.keeper).toBe(d.decision === 'keeper');
        }
      }

      // One ai.cull.completed per job.
      const jobIds = new Set(started.map((s) => s.id));
      await receiver.waitFor(
        'ai.cull.completed of every job',
        (d) => d.path === route('ai.cull.completed') && jobIds.has(d.body?.data?.job_id),
        jobIds.size,
        60_000,
      );
      const aiQueue = `upload-${portsA.uploadHttp}.ai-jobs`;
      await until(
        'ai-jobs pipeline settled',
        async () => {
          const [api0, worker] = await Promise.all([scrape(portsA.uploadAdmin), scrape(portsA.uploadWorkerAdmin)]);
          return (
            sampleSum(api0, 'outbox_pending_events') === 0 &&
            findSamples(worker, 'amqp_queue_messages_ready', { queue: aiQueue })[0]?.value === 0
          );
        },
        30_000,
        1100,
      );
      const completed = at('ai.cull.completed');
      expect(completed.length).toBe(jobIds.size);
      expect(new Set(completed.map((d) => d.body.data.job_id)).size).toBe(jobIds.size);

      const runsDone = delta(await both('uploadWorkerAdmin', runs), runsBefore);
      const doneDone = delta(await both('uploadWorkerAdmin', done), doneBefore);
      console.log(
        `scale-out cull: ${jobIds.size} jobs, cull runs that finished per worker A/B ${doneDone.join('/')}; all cull jobs counted A/B ${runsDone.join('/')} (includes other stacks' events, skipped)`,
      );
      // One cull run per job over both workers (each job was also started once: attempts 1, above), on both workers.
      expect(doneDone[0] + doneDone[1]).toBe(jobIds.size);
      expect(doneDone[0]).toBeGreaterThan(0);
      expect(doneDone[1]).toBeGreaterThan(0);
    },
    LONG,
  );

  const clients: { id: string; word: string }[] = [];

  it(
    '40 clients created through both gateways: every client.created delivered exactly once, one send per attempt',
    async () => {
      const N = 40;
      const attempts = (result?: string) => (m: string) => sampleSum(m, 'webhook_delivery_attempts_total', result ? { result } : {});
      const fanned = (m: string) => sampleSum(m, 'webhook_fanout_deliveries_created_total');
      const attemptsBefore = await both('webhooksWorkerAdmin', attempts());
      const succeededBefore = await both('webhooksWorkerAdmin', attempts('succeeded'));
      const fannedBefore = await both('webhooksAdmin', fanned);

      // Four writers, each alternating gateways.
      await Promise.all(
        [0, 1, 2, 3].map(async (w) => {
          for (let i = w; i < N; i += 4) {
            const word = letters(10);
            const r = await api('POST', '/clients', { token, body: { workspace_id: workspaceId, name: `Scale ${word}` } }, gw(i));
            expect(r.status, r.text).toBe(201);
            clients.push({ id: r.body.client.id, word });
          }
        }),
      );
      const ids = new Set(clients.map((c) => c.id));
      const type = 'client.created';
      await receiver.waitFor(
        'client.created of every client',
        (d) => d.path === route(type) && ids.has(d.body?.data?.client_id),
        N,
        90_000,
      );
      // The records agree: one delivery per event, succeeded at its first attempt, so none is still to come.
      const records = await until(
        'every delivery record final',
        async () => {
          const recs = await allDeliveries(token, subs.get(type)!.id);
          return recs.length >= N && recs.every((r) => r.state !== 'pending') ? recs : null;
        },
        30_000,
        500,
      );
      const got = at(type);
      expect(got.length, 'deliveries at the receiver').toBe(N);
      expect(new Set(got.map((d) => d.eventId)).size).toBe(N);
      expect(new Set(got.map((d) => d.body.data.client_id)).size).toBe(N);
      expect(records.map((r) => r.event_id).sort()).toEqual(got.map((d) => d.eventId).sort());
      for (const r of records) expect(r).toMatchObject({ state: 'succeeded', attempt_count: 1, last_status: 200 });

      const attemptsDone = delta(await both('webhooksWorkerAdmin', attempts()), attemptsBefore);
      const succeededDone = delta(await both('webhooksWorkerAdmin', attempts('succeeded')), succeededBefore);
      const fannedDone = delta(await both('webhooksAdmin', fanned), fannedBefore);
      // Each event was taken from the shared fan-out queue by ONE webhooks API replica, once.
      const eventIds = new Set(got.map((d) => d.eventId!));
      const byConsumer = await until(
        'every client.created in the fan-out access logs',
        async () => {
          const h = handledBy('webhooks', (q) => q.startsWith('webhooks.fanout.') && !q.endsWith('.dlq'), eventIds);
          return h.all ? h : null;
        },
        30_000,
        300,
      );
      console.log(
        `scale-out webhooks: ${N} clients, events fanned out per webhooks API A/B ${byConsumer.a}/${byConsumer.b}, deliveries created ${fannedDone.join('/')}, attempts per dispatcher A/B ${attemptsDone.join('/')} (succeeded ${succeededDone.join('/')})`,
      );
      // Each event taken from the shared fan-out queue once (a queue per replica would hand each replica a copy; the
      // insert is idempotent on (event, endpoint), so that would only show here), one delivery per event over both
      // fan-out consumers, one attempt (one send) per delivery over both dispatchers.
      expect(
        byConsumer.per.filter((p) => p.a + p.b !== 1),
        'fan-out messages handled other than once',
      ).toEqual([]);
      expect(fannedDone[0] + fannedDone[1]).toBe(N);
      expect(succeededDone[0] + succeededDone[1]).toBe(N);
      // The receiver saw exactly as many requests as the dispatchers counted successful sends, and the records say one
      // attempt each. (All attempts, `attemptsDone`, may also count a retry of another test file's delivery to a receiver
      // it has closed: those are never `succeeded`.)
      expect(got.length).toBe(succeededDone[0] + succeededDone[1]);
      expect(attemptsDone[0] + attemptsDone[1]).toBeGreaterThanOrEqual(N);
      // Both fan-out consumers and both dispatchers took part (the events and deliveries arrive one by one, spread
      // over the writers' second or so: RabbitMQ alternates consumers, and both dispatchers are woken by NOTIFY).
      expect(byConsumer.a).toBeGreaterThan(0);
      expect(byConsumer.b).toBeGreaterThan(0);
      expect(fannedDone[0]).toBeGreaterThan(0);
      expect(fannedDone[1]).toBeGreaterThan(0);
      expect(succeededDone[0]).toBeGreaterThan(0);
      expect(succeededDone[1]).toBeGreaterThan(0);
    },
    LONG,
  );

  it(
    'two studio schedulers racing: each shoot whose scheduled end passes gets exactly one shoot.completed',
    async () => {
      const N = 30;
      // Both schedulers run a round every 50 ms and claim one shoot per transaction, so they contend for every due
      // shoot (with the default 5 s and batches of 100, whichever round comes first takes them all).
      const env = { SCHEDULER_INTERVAL_MS: '50', SCHEDULER_BATCH_SIZE: '1', LOG_LEVEL: 'info' };
      studioReconfigured = true;
      await Promise.all([control.restart('studio', env), replica!.restart('studio', { env })]);

      const end = Date.now() + 6_000;
      const made: string[] = [];
      await Promise.all(
        [0, 1, 2, 3, 4].map(async (w) => {
          for (let i = w; i < N; i += 5) {
            const r = await api(
              'POST',
              '/shoots',
              {
                token,
                body: {
                  workspace_id: workspaceId,
                  title: `Scheduled ${i}`,
                  scheduled_start: new Date(end - 3_600_000).toISOString(),
                  scheduled_end: new Date(end).toISOString(),
                },
              },
              gw(i),
            );
            expect(r.status, r.text).toBe(201);
            expect(r.body.shoot.state).toBe('planned');
            made.push(r.body.shoot.id);
          }
        }),
      );
      const ids = new Set(made);
      const type = 'shoot.completed';
      await receiver.waitFor('shoot.completed of every shoot', (d) => d.path === route(type) && ids.has(d.body?.data?.shoot_id), N, 90_000);
      for (const [i, id] of made.entries()) {
        const r = await api('GET', `/shoots/${id}`, { token }, gw(i));
        expect(r.body.shoot.state).toBe('completed');
      }
      // Every shoot is completed, so nothing more is due: once both schedulers' logs account for N completions and
      // the delivery records are final, no further shoot.completed can come.
      const logA = path.join(inject('logDir'), 'studio.log');
      const logB = path.join(replicaLogDir, 'studio.log');
      const perScheduler = await until(
        'both schedulers logged their rounds',
        async () => {
          const c: [number, number] = [scheduledCompletions(logA), scheduledCompletions(logB)];
          return c[0] + c[1] >= N ? c : null;
        },
        30_000,
        300,
      );
      const records = await until(
        'every delivery record final',
        async () => {
          const recs = await allDeliveries(token, subs.get(type)!.id);
          return recs.length >= N && recs.every((r) => r.state !== 'pending') ? recs : null;
        },
        30_000,
        500,
      );
      console.log(`scale-out scheduler: ${N} shoots due at once, completed by studio A/B ${perScheduler.join('/')}`);

      const got = at(type);
      expect(got.length).toBe(N);
      expect(new Set(got.map((d) => d.body.data.shoot_id)).size).toBe(N);
      expect(new Set(got.map((d) => d.eventId)).size).toBe(N);
      for (const d of got)
        expect(d.body.data).toMatchObject({ state: 'completed', completed_by: 'schedule', completed_at: new Date(end).toISOString() });
      expect(records.length).toBe(N);
      for (const r of records) expect(r).toMatchObject({ state: 'succeeded', attempt_count: 1 });
      // The claims over both schedulers add up to the shoots, and both schedulers claimed some.
      expect(perScheduler[0] + perScheduler[1]).toBe(N);
      expect(perScheduler[0]).toBeGreaterThan(0);
      expect(perScheduler[1]).toBeGreaterThan(0);
    },
    LONG,
  );

  it(
    'search: every client is found through either gateway; both indexers took events from the shared queue',
    async () => {
      expect(clients.length).toBe(40);
      for (const [i, c] of clients.entries()) {
        for (const g of [i, i + 1]) {
          await until(
            `client ${c.word} found through gateway ${g % 2 === 0 ? 'A' : 'B'}`,
            async () => {
              const r = await api(
                'GET',
                '/search',
                { token, query: { workspace_id: workspaceId, q: c.word, types: 'client', limit: 5 } },
                gw(g),
              );
              return r.status === 200 && (r.body.items as { id: string }[]).some((it) => it.id === c.id);
            },
            30_000,
            150,
          );
        }
      }
      const indexed = delta(await both('searchAdmin', (m) => sampleSum(m, 'search_index_events_total')), searchEventsAtStart);
      console.log(`scale-out search: index events per indexer A/B ${indexed.join('/')}`);
      expect(indexed[0]).toBeGreaterThan(0);
      expect(indexed[1]).toBeGreaterThan(0);
    },
    LONG,
  );
});
