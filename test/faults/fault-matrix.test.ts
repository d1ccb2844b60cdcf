/**
 * Issue 28, item 2: the FAULT MATRIX under load. Black box: the whole stack (test/faults/global-setup.ts, on
 * PostgreSQL, Redis and RabbitMQ servers of its own) driven through the gateway by a steady mixed load
 * (test/faults/load.ts: reads of studio, search and gallery, keyed client writes retried with the same key, photo
 * uploads, and the webhook deliveries they cause), while one fault at a time is injected:
 *   PostgreSQL restarted; Redis restarted with its data gone; RabbitMQ restarted; each deployable SIGKILLed and
 *   started again; studio frozen for 10 s (SIGSTOP, SIGCONT).
 * For each fault, what must hold (a failing check names the fault and the request or id):
 * - no accepted write lost, none doubled: every key the client got a 2xx for has exactly one row in the service's
 *   database (clients by e-mail, photos by file name, both naming the key), with the id the 2xx answered; a key
 *   never acknowledged has at most one; no key is given up (the client retries it for 90 s);
 * - no event lost, no effect doubled at the receiver: every created client's client.created and every finalized
 *   photo's photo.uploaded arrives (X-Service-Event-Id), and under exactly ONE event id per resource. Deliveries
 *   are at least once, so the same event id arriving twice is allowed (a retry) and counted in the report;
 * - every failed request is answered 503 or 429 with a Retry-After, or 409 for a key still in progress (keyed
 *   requests only); never a 500 or any other status, never a hang past the client's timeout (10 s); a refused or
 *   reset connection only while the gateway itself is down (a single replica here: nothing can answer then);
 * - the stack serves normally again: every request kind has N consecutive successes after the fault ended.
 * The table (fault, failures by status, time until each kind serves again, the counts checked) is printed and
 * written to .run/faults/report.json.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runSql } from '@studio/testkit/db';
import { admin, tenant } from '../support/operator.js';
import { api, baseUrl } from '../support/client.js';
import { createGallery, shootWithKeepers } from '../support/gallery.js';
import { createShoot, makeJpeg } from '../support/photos.js';
import { type ProcessName, stackControl } from '../support/stack-control.js';
import { type Receiver, startReceiver, subscribe } from '../support/webhooks.js';
import { restartInfra } from './infra-control.js';
import { CLIENT_TIMEOUT_MS, KINDS, type Kind, type LoadTarget, recoveryMs, type Sample, startLoad, succeeded } from './load.js';

/** Consecutive successes of a request kind that say it serves normally again. */
const N = 5;
const FREEZE_MS = 10_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Fault {
  name: string;
  /** The gateway itself is down during this fault: refused and reset connections are expected then. */
  gatewayDown?: boolean;
  /** Injects the fault and removes it (the server or process is back); resolves when it is back. */
  run(): Promise<void>;
}

const control = stackControl();
const kill = (name: ProcessName): Fault => ({
  name: `SIGKILL ${name}`,
  gatewayDown: name === 'gateway',
  run: async () => {
    const killed = await control.kill(name, 'SIGKILL');
    expect(killed.signal, `${name} ended by SIGKILL`).toBe('SIGKILL');
    await control.start(name);
  },
});

const FAULTS: Fault[] = [
  { name: 'restart PostgreSQL', run: async () => void (await restartInfra('postgres')) },
  { name: 'restart Redis (data gone)', run: async () => void (await restartInfra('redis')) },
  { name: 'restart RabbitMQ', run: async () => void (await restartInfra('rabbitmq')) },
  ...(['gateway', 'studio', 'gallery', 'upload', 'upload-worker', 'search', 'webhooks', 'webhooks-worker', 'console'] as const).map(kill),
  {
    name: 'freeze studio 10 s',
    run: async () => {
      const pid = (await control.processes()).find((p) => p.name === 'studio')?.pid;
      if (!pid) throw new Error('studio has no pid');
      process.kill(pid, 'SIGSTOP');
      try {
        await sleep(FREEZE_MS);
      } finally {
        process.kill(pid, 'SIGCONT');
      }
    },
  },
];

interface Row {
  fault: string;
  fault_ms: number;
  /** From the fault's end to the first of N consecutive successes, per request kind (null: never within the bound). */
  recovery_ms: Record<Kind, number | null>;
  recovery_max_ms: number | null;
  requests: number;
  failed: Record<string, number>;
  without_retry_after: number;
  keyed_writes: number;
  acknowledged: number;
  rows_checked: number;
  lost: number;
  doubled: number;
  given_up: number;
  events_expected: number;
  events_delivered: number;
  events_lost: number;
  resources_with_two_events: number;
  repeated_deliveries: number;
  problems: string[];
}

const rows: Row[] = [];

function printTable(): string {
  const head = [
    'fault',
    'down s',
    'recovery s',
    'requests',
    'failed (by status)',
    'no Retry-After',
    'writes ok/rows',
    'lost',
    'doubled',
    'events',
    'ev lost',
    'ev x2',
    'redelivered',
  ];
  const lines = rows.map((r) => [
    r.fault,
    (r.fault_ms / 1000).toFixed(1),
    r.recovery_max_ms === null ? 'never' : (r.recovery_max_ms / 1000).toFixed(1),
    String(r.requests),
    Object.entries(r.failed)
      .map(([k, v]) => `${k}:${v}`)
      .join(' ') || '-',
    String(r.without_retry_after),
    `${r.acknowledged}/${r.rows_checked}`,
    String(r.lost),
    String(r.doubled),
    `${r.events_delivered}/${r.events_expected}`,
    String(r.events_lost),
    String(r.resources_with_two_events),
    String(r.repeated_deliveries),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  const perKind = rows.map(
    (r) =>
      `  ${r.fault}: ${KINDS.map((k) => `${k} ${r.recovery_ms[k] === null ? 'never' : `${(r.recovery_ms[k]! / 1000).toFixed(1)} s`}`).join(', ')}`,
  );
  return [fmt(head), ...lines.map(fmt), '', `recovery per request kind (N=${N} consecutive successes):`, ...perKind].join('\n');
}

describe('fault matrix under a steady mixed load', () => {
  let target: LoadTarget;
  let receiver: Receiver;
  const eventPath = (type: string) => `/faults/${type}`;

  beforeAll(async () => {
    const t = await tenant(['owner']);
    // The load is well over the default 600 requests a minute: a raised limit, as an integration would have.
    const token = (await admin<{ token: string }>('create-token', '--profile', t.profiles.owner, '--rate-limit', '1000000')).token;
    receiver = await startReceiver(() => 200);
    for (const type of ['client.created', 'photo.uploaded']) await subscribe(token, t.workspaceId, receiver.url + eventPath(type), type);
    const { shootId } = await shootWithKeepers(token, t.workspaceId, 2);
    const gallery = await createGallery(token, shootId, 'Fault gallery');
    const searchWord = 'faultmatrix';
    const seeded = await api('POST', '/clients', { token, body: { workspace_id: t.workspaceId, name: `Seed ${searchWord}` } });
    expect(seeded.status, seeded.text).toBe(201);
    target = {
      baseUrl: baseUrl(),
      token,
      workspaceId: t.workspaceId,
      shootId,
      galleryId: gallery.id,
      uploadShootId: await createShoot(token, t.workspaceId, 'Fault uploads'),
      jpeg: await makeJpeg({ width: 320, height: 240, seed: 28 }),
      searchWord,
    };
  }, 300_000);

  afterAll(async () => {
    await receiver?.close();
    if (rows.length === 0) return;
    const table = printTable();
    console.log(`\nFAULT MATRIX (client timeout ${CLIENT_TIMEOUT_MS / 1000} s)\n${table}\n`);
    const file = path.join(inject('faultsDir'), 'report.json');
    writeFileSync(
      file,
      `${JSON.stringify({ at: new Date().toISOString(), n_consecutive: N, client_timeout_ms: CLIENT_TIMEOUT_MS, rows }, null, 2)}\n`,
    );
    console.log(`report: ${file}`);
  });

  for (const fault of FAULTS) {
    it(`${fault.name}: nothing lost or doubled, only 503/429 with Retry-After, serves again`, async () => {
      const problems: string[] = [];
      const load = startLoad(target);
      let faultStart = 0;
      let faultEnd = 0;
      try {
        // Steady state first: every kind answers before the fault.
        await until(60_000, () => KINDS.every((k) => load.samples.filter((s) => s.kind === k && succeeded(s)).length >= 3));
        faultStart = Date.now();
        await fault.run();
        faultEnd = Date.now();
        // Until every kind serves normally again (a bound against a stack that never recovers).
        await until(120_000, () => KINDS.every((k) => recoveryMs(load.samples, k, faultEnd, N) !== null)).catch(() => undefined);
      } finally {
        await load.stop();
      }
      const { samples, writes } = load;

      // -- answers
      const failed: Record<string, number> = {};
      let withoutRetryAfter = 0;
      for (const s of samples) {
        if (succeeded(s)) continue;
        const what = s.error ?? String(s.status);
        failed[what] = (failed[what] ?? 0) + 1;
        if (!allowed(s, fault)) problems.push(`${s.route} (${s.kind}) answered ${what} ${s.body.slice(0, 160)}`);
        if ((s.status === 503 || s.status === 429) && !/^\d+$/.test(s.retryAfter ?? '')) {
          withoutRetryAfter++;
          if (withoutRetryAfter <= 3) problems.push(`${s.route} answered ${s.status} without Retry-After: ${s.body.slice(0, 160)}`);
        }
      }
      const recovery = Object.fromEntries(KINDS.map((k) => [k, recoveryMs(samples, k, faultEnd, N)])) as Record<Kind, number | null>;
      for (const k of KINDS) if (recovery[k] === null) problems.push(`${k} never served ${N} times in a row after the fault`);

      // -- writes: one row per key, the acknowledged id
      const clientRows = await rowsByLabel(
        inject('databaseUrls').studio!,
        'SELECT id, email AS label FROM clients WHERE email = ANY($1)',
        writes.filter((w) => w.kind === 'write_client').map((w) => w.label),
      );
      const photoRows = await rowsByLabel(
        inject('databaseUrls').upload!,
        'SELECT id, file_name AS label FROM photos WHERE file_name = ANY($1)',
        writes.filter((w) => w.kind === 'upload').map((w) => w.label),
      );
      let lost = 0;
      let doubled = 0;
      for (const w of writes) {
        const found = (w.kind === 'write_client' ? clientRows : photoRows).get(w.label) ?? [];
        if (found.length > 1) {
          doubled++;
          problems.push(`${w.kind} key ${w.key}: ${found.length} rows (${w.attempts} attempts)`);
        }
        if (w.id !== null && !found.includes(w.id)) {
          lost++;
          problems.push(`${w.kind} key ${w.key}: acknowledged ${w.id}, rows ${JSON.stringify(found)}`);
        }
      }
      const givenUp = writes.filter((w) => w.id === null).length;
      if (givenUp > 0) problems.push(`${givenUp} keyed writes never acknowledged within the client's 90 s`);

      // -- events: every created resource's event arrives, under one event id
      const due = [
        ...[...clientRows.values()].flat().map((id) => ({ type: 'client.created', member: 'client_id', id })),
        ...writes.filter((w) => w.kind === 'upload' && w.finalized).map((w) => ({ type: 'photo.uploaded', member: 'photo_id', id: w.id! })),
      ];
      const arrived = (e: (typeof due)[number]) => receiver.where((d) => d.path === eventPath(e.type) && d.body?.data?.[e.member] === e.id);
      await until(90_000, () => due.every((e) => arrived(e).length > 0)).catch(() => undefined);
      let eventsLost = 0;
      let twoEvents = 0;
      let repeated = 0;
      for (const e of due) {
        const got = arrived(e);
        const ids = new Set(got.map((d) => d.eventId));
        if (got.length === 0) {
          eventsLost++;
          if (eventsLost <= 3) problems.push(`${e.type} of ${e.id} never delivered`);
        }
        if (ids.size > 1) {
          twoEvents++;
          problems.push(`${e.type} of ${e.id} under ${ids.size} event ids (the effect happened twice)`);
        }
        repeated += got.length - ids.size;
      }
      if (eventsLost > 3) problems.push(`... ${eventsLost} events never delivered in all`);

      const allRecovered = KINDS.map((k) => recovery[k]);
      rows.push({
        fault: fault.name,
        fault_ms: faultEnd - faultStart,
        recovery_ms: recovery,
        recovery_max_ms: allRecovered.includes(null) ? null : Math.max(...(allRecovered as number[])),
        requests: samples.length,
        failed,
        without_retry_after: withoutRetryAfter,
        keyed_writes: writes.length,
        acknowledged: writes.filter((w) => w.id !== null).length,
        rows_checked: [...clientRows.values(), ...photoRows.values()].reduce((n, ids) => n + ids.length, 0),
        lost,
        doubled,
        given_up: givenUp,
        events_expected: due.length,
        events_delivered: due.length - eventsLost,
        events_lost: eventsLost,
        resources_with_two_events: twoEvents,
        repeated_deliveries: repeated,
        problems,
      });
      // The load really ran across the fault.
      expect(samples.filter((s) => s.start > faultStart && s.start < faultEnd).length, 'requests during the fault').toBeGreaterThan(0);
      expect(problems).toEqual([]);
    }, 600_000);
  }
});

/** Whether a failed request's answer is one the contract allows during `fault`. */
function allowed(s: Sample, fault: Fault): boolean {
  if (s.error === 'timeout') return false; // a hang past the client's timeout
  if (s.error === 'refused' || s.error === 'reset') return fault.gatewayDown === true;
  if (s.status === 503 || s.status === 429) return true; // Retry-After is checked apart
  // A key still in progress (its first request is running or died with the gateway): keyed requests only.
  return s.status === 409 && s.route !== 'POST /photos/{id}/finalize' && (s.kind === 'write_client' || s.kind === 'upload');
}

/** Rows of `sql` (id, label) grouped by label: the ids each key produced. */
async function rowsByLabel(url: string, sql: string, labels: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (labels.length === 0) return out;
  for (const r of await runSql(url, sql, [labels])) {
    const label = r.label as string;
    out.set(label, [...(out.get(label) ?? []), r.id as string]);
  }
  return out;
}

/** Polls `done` every 200 ms until it holds; rejects after `timeoutMs` (a bound, not a timing assertion). */
async function until(timeoutMs: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await sleep(200);
  }
}
