/**
 * Search benchmark (issue 6): bulk-loads 1,000,000 generated documents over 100 workspaces (one of 200,000)
 * into the search database, then measures GET /search p50/p99 for common words, rare words, prefixes, typos
 * and multi-word queries, and the time from publishing an event to it being searchable. It also records the
 * strategy each tier statement took and its EXPLAIN (ANALYZE, BUFFERS) plan.
 *
 * Two ways to run it:
 * - from bench/run.ts against the running stack, through the gateway: `searchBench({ baseUrl: stack.baseUrl,
 *   bearer, largeWorkspaceId, databaseUrl, amqpUrl, seconds })` where the bearer's token reaches
 *   `largeWorkspaceId` (the big workspace is loaded under that id, so the gateway's membership check passes);
 * - straight at a search service it starts itself (with freshly generated secrets), with a signed identity:
 *   `tsx bench/search.bench.ts [--seconds 10] [--documents 1000000]` (own database `search_bench`).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import amqp from 'amqplib';
import pg from 'pg';
import { API_VERSION, EVENTS_EXCHANGE, assertTopology } from '@studio/amqp';
import { createCursorCodec } from '@studio/cursor';
import type { Role } from '@studio/identity';
import { generateSecrets, type SecretsFile } from '@studio/testkit/secrets';
import { createDatabase } from '../services/search/src/store/db.js';
import { SearchStore, type TierPageQuery } from '../services/search/src/store/search.store.js';
import { SearchService, type TierTrace } from '../services/search/src/services/search.service.js';
import { DEFAULT_SHAPE, loadCorpus, type CorpusShape, type LoadedCorpus } from './search-load.js';
import { deployableSecretsEnv, stackPortsAt } from '../scripts/lib/stack.js';
import { autocannonHeaders, identityHeaders, writeResults, type BenchHeaders } from './lib.js';

export interface SearchBenchOptions {
  /** The search API base, e.g. http://127.0.0.1:28080/api/v1 (gateway) or http://127.0.0.1:27104/api/v1. */
  baseUrl: string;
  /** Gateway mode: an API token reaching `largeWorkspaceId`. Without it, a signed identity is sent (direct mode). */
  bearer?: string;
  /** Direct mode: the secrets the search service was started with (its identity is signed with IDENTITY_SIGNING_KEY). */
  secrets?: SecretsFile;
  /** The large workspace's id (must be reachable by the bearer in gateway mode). */
  largeWorkspaceId?: string;
  /** The search database the service reads (loaded directly). */
  databaseUrl: string;
  amqpUrl: string;
  seconds: number;
  connections?: number[];
  shape?: CorpusShape;
  log?: (line: string) => void;
}

export interface LatencyFigure {
  name: string;
  connections: number;
  queries: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
}

export interface SearchBenchResult {
  corpus: { documents: number; workspaces: number; largeWorkspace: number; loadSeconds: LoadedCorpus['seconds'] };
  latency: LatencyFigure[];
  eventToSearchable: { events: number; p50Ms: number; p99Ms: number; maxMs: number };
  plans: { query: string; tiers: (TierTrace & { plan: string })[] }[];
  goals: { p99Under50ms: boolean; eventUnder2s: boolean; p99Under50msAt10Concurrent: boolean };
}

const COMMON = ['photos', 'wedding', 'smith', 'john', 'session', 'ceremony', 'family', 'garcia'];
const PREFIXES = ['wed', 'smi', 'pho', 'jo', 'ma', 'cer', 'port', 'j'];
const TYPOS = ['weding', 'jonh', 'smiht', 'phtos', 'sesion', 'ceremny', 'portriat', 'wiliams'];
const MULTI = ['john smith', 'jonh smi', 'smith wedding', 'wedding photos portland', 'jessica 555'];

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function rareWords(databaseUrl: string, workspaceId: string, n: number): Promise<string[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const r = await c.query<{ word: string }>(
      `SELECT word FROM search_words WHERE workspace_id = $1 AND ndoc_p + ndoc_s BETWEEN 1 AND 20 AND length(word) >= 6
        ORDER BY md5(word) LIMIT $2`,
      [workspaceId, n],
    );
    return r.rows.map((x) => x.word);
  } finally {
    await c.end();
  }
}

async function run(
  name: string,
  paths: string[],
  baseUrl: string,
  headers: BenchHeaders,
  connections: number,
  seconds: number,
  log: (l: string) => void,
): Promise<LatencyFigure> {
  const origin = new URL(baseUrl).origin;
  const exec = async (duration: number) => {
    const live = autocannonHeaders(
      headers,
      paths.map((p) => ({ method: 'GET', path: p })),
    );
    try {
      return await (autocannon({
        url: origin,
        connections,
        duration,
        pipelining: 1,
        ...live.options,
      }) as unknown as Promise<autocannon.Result>);
    } finally {
      live.stop();
    }
  };
  await exec(Math.min(2, seconds));
  const r = await exec(seconds);
  const fig: LatencyFigure = {
    name,
    connections,
    queries: paths.length,
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  log(
    `  ${name.padEnd(34)} c=${String(connections).padStart(2)} ${String(fig.requestsPerSecond).padStart(5)} req/s  p50 ${fig.p50Ms.toFixed(1)} ms  p99 ${fig.p99Ms.toFixed(1)} ms  max ${fig.maxMs.toFixed(0)} ms` +
      (fig.non2xx || fig.errors ? `  non2xx=${fig.non2xx} errors=${fig.errors}` : ''),
  );
  return fig;
}

/** Each tier statement of a few queries, with the strategy the service chose and PostgreSQL's plan. */
export async function explainQueries(databaseUrl: string, workspaceId: string, queries: string[]): Promise<SearchBenchResult['plans']> {
  const logger = { warn: (fields: object, msg: string) => console.warn(msg, fields) };
  const db = createDatabase({ url: databaseUrl, logger, poolSize: 2, statementTimeoutMs: 30_000, applicationName: 'search' });
  const store = new SearchStore(db);
  const plans: string[] = [];
  const walk = store.tierWalk.bind(store);
  const match = store.tierMatch.bind(store);
  store.tierWalk = async (q: TierPageQuery, budget: number) => {
    plans.push(await store.explain(store.walkSql(q, budget)));
    return walk(q, budget);
  };
  store.tierMatch = async (q: TierPageQuery) => {
    plans.push(await store.explain(store.matchSql(q)));
    return match(q);
  };
  const service = new SearchService(store, createCursorCodec('bench-explain-cursor-secret-0123456789'));
  service.workspaceSize(workspaceId);
  await new Promise((r) => setTimeout(r, 500));
  const out: SearchBenchResult['plans'] = [];
  try {
    for (const query of queries) {
      plans.length = 0;
      const trace: TierTrace[] = [];
      await service.search({ workspaceId, q: query, types: null, limit: 20 }, trace);
      // A walk that fell back to the match plan explained both statements, in order.
      let k = 0;
      out.push({
        query,
        tiers: trace.map((t) => {
          const n = t.strategy === 'skipped' ? 0 : t.strategy.includes('+') ? 2 : 1;
          const plan = plans.slice(k, k + n).join('\n---\n');
          k += n;
          return { ...t, plan };
        }),
      });
    }
  } finally {
    await db.disconnect();
  }
  return out;
}

async function eventLatency(
  opts: SearchBenchOptions,
  workspaceId: string,
  headers: () => Record<string, string>,
  events: number,
): Promise<SearchBenchResult['eventToSearchable']> {
  const conn = await amqp.connect(opts.amqpUrl);
  const ch = await conn.createConfirmChannel();
  await assertTopology(ch);
  const waits: number[] = [];
  try {
    for (let i = 0; i < events; i++) {
      const id = randomUUID();
      const word = `bench${randomUUID()
        .replace(/[^a-f]/g, '')
        .slice(0, 10)}`;
      const envelope = {
        id: randomUUID(),
        type: 'client.created',
        created_at: new Date().toISOString(),
        workspace_id: workspaceId,
        api_version: API_VERSION,
        data: { client_id: id, name: `Bench ${word}`, updated_at: new Date().toISOString() },
      };
      const started = performance.now();
      ch.publish(EVENTS_EXCHANGE, envelope.type, Buffer.from(JSON.stringify(envelope)), {
        persistent: true,
        messageId: envelope.id,
        contentType: 'application/json',
      });
      await ch.waitForConfirms();
      const url = `${opts.baseUrl}/search?workspace_id=${workspaceId}&q=${word}`;
      for (;;) {
        const r = await fetch(url, { headers: headers() });
        const body = (await r.json()) as { items?: { id: string }[] };
        if (body.items?.some((x) => x.id === id)) break;
        if (performance.now() - started > 10_000) throw new Error(`event ${i} not searchable after 10 s`);
        await new Promise((res) => setTimeout(res, 5));
      }
      waits.push(performance.now() - started);
    }
  } finally {
    await conn.close();
  }
  waits.sort((a, b) => a - b);
  return {
    events,
    p50Ms: Math.round(quantile(waits, 0.5)),
    p99Ms: Math.round(quantile(waits, 0.99)),
    maxMs: Math.round(waits[waits.length - 1]!),
  };
}

export async function searchBench(opts: SearchBenchOptions): Promise<SearchBenchResult> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const shape = opts.shape ?? DEFAULT_SHAPE;
  log(`\nsearch: loading ${shape.documents} documents over ${shape.workspaces} workspaces (largest ${shape.largeWorkspace})`);
  const corpus = await loadCorpus(opts.databaseUrl, shape, log, opts.largeWorkspaceId);
  const large = corpus.largeWorkspaceId;
  if (!opts.bearer && !opts.secrets) throw new Error("searchBench: direct mode needs the service's secrets");
  // Direct mode: an identity for search signed with the service's key, as the gateway would (60 s at most, so
  // re-signed during the runs).
  const headers: () => Record<string, string> = opts.bearer
    ? () => ({ authorization: `Bearer ${opts.bearer}` })
    : identityHeaders(
        opts.secrets!,
        {
          kind: 'token',
          profileId: randomUUID(),
          tokenId: randomUUID(),
          scopeWorkspaceId: null,
          memberships: Object.fromEntries(corpus.workspaceIds.map((w) => [w, 'viewer' as Role])),
        },
        'search',
      );
  const basePath = new URL(opts.baseUrl).pathname.replace(/\/$/, '');
  const pathsFor = (ws: string, qs: string[]) => qs.map((q) => `${basePath}/search?workspace_id=${ws}&q=${encodeURIComponent(q)}&limit=20`);
  const rare = await rareWords(opts.databaseUrl, large, 40);
  // Let the service learn the workspace sizes it caches (refreshed in the background on first use).
  for (const ws of corpus.workspaceIds) await fetch(`${opts.baseUrl}/search?workspace_id=${ws}&q=warmup`, { headers: headers() });
  await new Promise((r) => setTimeout(r, 1000));

  const smallWorkspaces = corpus.workspaceIds.slice(1, 21);
  const sets: [string, string[]][] = [
    ['common words (200k workspace)', pathsFor(large, COMMON)],
    ['rare words (200k workspace)', pathsFor(large, rare)],
    ['prefixes (200k workspace)', pathsFor(large, PREFIXES)],
    ['typos (200k workspace)', pathsFor(large, TYPOS)],
    ['multi-word (200k workspace)', pathsFor(large, MULTI)],
  ];
  // Through the gateway the token reaches only the large workspace; the small ones are measured directly.
  if (!opts.bearer) {
    sets.push([
      'mixed, 20 small workspaces',
      smallWorkspaces.flatMap((ws, i) =>
        pathsFor(ws, [COMMON[i % COMMON.length]!, PREFIXES[i % PREFIXES.length]!, TYPOS[i % TYPOS.length]!]),
      ),
    ]);
  }
  log(`\nGET /search on ${opts.bearer ? 'the gateway' : 'the service directly'} (${opts.baseUrl})`);
  const latency: LatencyFigure[] = [];
  for (const connections of opts.connections ?? [1, 10]) {
    for (const [name, paths] of sets) latency.push(await run(name, paths, opts.baseUrl, headers, connections, opts.seconds, log));
  }

  log('\nevent -> searchable (publish to studio.events, poll GET /search)');
  const eventToSearchable = await eventLatency(opts, large, headers, 50);
  log(`  50 events: p50 ${eventToSearchable.p50Ms} ms  p99 ${eventToSearchable.p99Ms} ms  max ${eventToSearchable.maxMs} ms`);

  const plans = await explainQueries(opts.databaseUrl, large, [
    'photos',
    'wedding',
    rare[0] ?? 'lowynra',
    'smi',
    'jo',
    'weding',
    'jonh smi',
    'john smith',
    '555-1234',
  ]);
  for (const p of plans)
    log(`  ${p.query.padEnd(12)} ${p.tiers.map((t) => `t${t.tier}:${t.strategy}=${t.rows} ${t.ms.toFixed(1)}ms`).join('  ')}`);

  // The goal is a query's own latency (one at a time, as the issue's reference figures were taken); the 10-way
  // concurrent figures are reported beside it (on 2 cores they measure queueing behind PostgreSQL as well).
  const worstP99 = Math.max(...latency.filter((l) => l.connections === 1).map((l) => l.p99Ms));
  const worstP99Concurrent = Math.max(...latency.filter((l) => l.connections > 1).map((l) => l.p99Ms), 0);
  log(`  worst p99: ${worstP99} ms one at a time (goal < 50 ms), ${worstP99Concurrent} ms at 10 concurrent`);
  return {
    corpus: { documents: shape.documents, workspaces: shape.workspaces, largeWorkspace: shape.largeWorkspace, loadSeconds: corpus.seconds },
    latency,
    eventToSearchable,
    plans,
    goals: {
      p99Under50ms: worstP99 < 50,
      eventUnder2s: eventToSearchable.maxMs < 2000,
      p99Under50msAt10Concurrent: worstP99Concurrent < 50,
    },
  };
}

// ---- standalone: a search service of its own, measured directly ----------------------------------------

async function standalone(): Promise<void> {
  const args = process.argv.slice(2);
  const arg = (name: string, def: number) => {
    const i = args.indexOf(name);
    const v = i >= 0 ? Number(args[i + 1]) : def;
    if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
    return v;
  };
  const seconds = arg('--seconds', 10);
  const documents = arg('--documents', DEFAULT_SHAPE.documents);
  const root = path.resolve(import.meta.dirname, '..');
  const admin = 'postgresql://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = 'postgresql://postgres@127.0.0.1:5432/search_bench';
  const amqpUrl = 'amqp://guest:guest@127.0.0.1:5672';
  // No secret has a default: this run's own, the search service given its deployable's share.
  const secrets = generateSecrets();
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query('DROP DATABASE IF EXISTS search_bench WITH (FORCE)');
  await c.query('CREATE DATABASE search_bench');
  await c.end();
  const migrate = spawn('npm', ['run', '-s', 'migrate:deploy'], {
    cwd: path.join(root, 'services/search'),
    env: { ...process.env, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: '1' },
    stdio: 'ignore',
  });
  if ((await new Promise((r) => migrate.on('close', r))) !== 0) throw new Error('migrate:deploy failed');
  // The dev layout shifted by 20,000 (API 27104, gRPC 27204, admin 27304: /readyz and /metrics).
  const ports = stackPortsAt(20_000);
  const port = ports.searchHttp;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services/search/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...deployableSecretsEnv(secrets, 'search'),
      DATABASE_URL: databaseUrl,
      AMQP_URL: amqpUrl,
      SEARCH_HTTP_PORT: String(port),
      SEARCH_GRPC_PORT: String(ports.searchGrpc),
      SEARCH_ADMIN_PORT: String(ports.searchAdmin),
      INDEX_QUEUE: 'search.index.bench',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${ports.searchAdmin}/readyz`)).ok) break;
      } catch {
        /* not yet */
      }
      if (i > 300) throw new Error('search service did not become ready');
      await new Promise((r) => setTimeout(r, 200));
    }
    const result = await searchBench({
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      databaseUrl,
      amqpUrl,
      secrets,
      seconds,
      shape: { ...DEFAULT_SHAPE, documents, largeWorkspace: Math.round(documents / 5) },
    });
    const file = writeResults('search', { at: new Date().toISOString(), mode: 'direct', ...result });
    console.log(`\nresults written to ${path.relative(root, file)}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('close', r));
    const conn = await amqp.connect(amqpUrl);
    const ch = await conn.createChannel();
    await ch.deleteQueue('search.index.bench').catch(() => undefined);
    await ch.deleteQueue('search.index.bench.dlq').catch(() => undefined);
    await conn.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  standalone().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
