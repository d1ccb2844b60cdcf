/**
 * Foundation benchmark (issues 2 and 15): GET /shoots/{id} through the gateway (auth, rate limit, proxy, service,
 * database) vs. the same read straight at the studio service vs. a bare Node http server, in one run; and the CPU
 * each request costs the gateway and studio, against floors measured in the same run (issue 15):
 * - gateway, GET /shoots/{id}: a bare express 5 + http-proxy-middleware hop (bench/floors/hop.ts) to a bare
 *   node:http upstream answering studio's very answer (bench/floors/fixed-upstream.ts);
 * - studio, GET /shoots/{id}: a bare express 5 + `pg` prepared read of the same row by id and workspace
 *   (bench/floors/shoot-read.ts);
 * - studio, GET /clients?limit=50: a bare express 5 + `pg` page of 50 of the same clients (bench/floors/client-page.ts);
 * - the console, its script, the portal's script (brotli) and the portal's shell page (issue 30, goal 4): a bare
 *   node:http server answering the same status, headers and bytes from memory (bench/floors/fixed-upstream.ts).
 * Each floor is its own process on the same Node binary, started as the stack starts a service, and its CPU is read
 * the same way (/proc ticks over the same measured run at c=50). The floors answer the same bytes as studio (checked).
 * Access log off and on: the bench's stack runs with ACCESS_LOG=false; a second gateway + studio + console of the same
 * code (started here, on the stack's databases, Redis and broker) runs with ACCESS_LOG=true, as production does:
 * one JSON line per request to stdout, piped to a log file. Each ratio is measured on both, beside its floor.
 * The token's rate limit is raised so the limiter is checked on every request but never refuses.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import type { Role } from '@studio/identity';
import type { SecretsFile } from '@studio/testkit/secrets';
import { ROOT } from '../scripts/lib/infra.js';
import { profilerEnv } from './profile.js';
import {
  deployableSecretsEnv,
  startStack,
  type ProcessName,
  type Stack,
  type StackOptions,
  type StackPorts,
} from '../scripts/lib/stack.js';
import {
  cpuRatio,
  cpuRun,
  formatRatioTables,
  identityHeaders,
  measure,
  measureSequential,
  ratio,
  startBareServer,
  startFloor,
  withFloorAtSameRate,
  type CpuRatio,
  type Floor,
  type Measurement,
} from './lib.js';

/** Runs the studio operator CLI against the bench database and returns its JSON line. */
export function admin(secrets: SecretsFile, databaseUrl: string, ...args: string[]): any {
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/studio/src/cli/admin.ts'), ...args, '--json'], {
    cwd: ROOT,
    // The CLI reads studio's configuration: the stack's secrets for studio, as the running studio has them.
    env: { ...process.env, ...deployableSecretsEnv(secrets, 'studio'), DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!);
}

/** The demo workspace (seed-demo) and a token of its owner with a rate limit no bench reaches, named `name`. */
export function benchToken(stack: Stack, databaseUrl: string, name: string): { demo: any; token: string } {
  const demo = admin(stack.secrets, databaseUrl, 'seed-demo');
  const token = admin(stack.secrets, databaseUrl, 'create-token', '--profile', demo.profile_id, '--rate-limit', '1000000', '--name', name)
    .token as string;
  return { demo, token };
}

/** Clients seeded in the bench workspace: more than a page of 50, so the page has a next cursor. */
const CLIENTS = 60;
const PAGE = 50;
/** Attempts of a CPU run that had failed requests. */
const MEASURE_ATTEMPTS = 3;

/** One answer as a load generator gets it (only the headers given): status, headers and body (as text and as bytes). */
function answerOf(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string>; body: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)])),
            body: bytes.toString('utf8'),
            bytes,
          });
        });
      })
      .on('error', reject);
  });
}

/** A floor must answer what studio answers: the same JSON (throws otherwise); returns whether the bytes are the same too. */
async function sameAnswer(what: string, floorUrl: string, studio: { status: number; body: string }): Promise<boolean> {
  const floor = await answerOf(floorUrl, {});
  if (floor.status !== studio.status || !isDeepStrictEqual(JSON.parse(floor.body), JSON.parse(studio.body)))
    throw new Error(
      `the ${what} floor answers ${floor.status} ${floor.body.slice(0, 300)}, studio ${studio.status} ${studio.body.slice(0, 300)}`,
    );
  return floor.body === studio.body;
}

/**
 * A second gateway + studio + console of the stack, with their access log on (ACCESS_LOG=true, as production runs them; every
 * other setting is the stack's), on `ports`, sharing the stack's secrets, databases, Redis and broker; its output (the
 * access log) goes to <stack output>/access-log-on/.
 */
function startAccessLogPair(options: StackOptions, ports: StackPorts): Promise<Stack> {
  if (!options.secrets) throw new Error("foundationBench: pass the stack's secrets in its options");
  const envOf = (name: ProcessName) => {
    const env: Record<string, string> = { ...options.env?.[name], ACCESS_LOG: 'true' };
    // Under --profile, this pair's profiles go beside the stack's, not among them.
    if (env.STUDIO_CPU_PROFILE_DIR) env.STUDIO_CPU_PROFILE_DIR += '-access-log-on';
    return env;
  };
  const output = options.output === 'inherit' ? 'inherit' : { dir: path.join(options.output.dir, 'access-log-on') };
  // Its logs hold tens of megabytes of access lines per run: only the last run's are kept.
  if (output !== 'inherit') rmSync(output.dir, { recursive: true, force: true });
  return startStack({
    ...options,
    ports,
    only: ['studio', 'gateway', 'console'],
    env: { studio: envOf('studio'), gateway: envOf('gateway'), console: envOf('console') },
    output,
  });
}

/** When a process started (ms since the epoch), from /proc; 0 when unknown. */
function processStartMs(pid: number | undefined): number {
  try {
    const btime = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))![1]);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return (btime + startTicks / 100) * 1000; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/** Source files of the gateway, studio and the libraries modified between `fromMs` and `toMs`. */
function sourcesChangedBetween(fromMs: number, toMs: number): string[] {
  const changed: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (/\.(ts|mjs|js|json)$/.test(e.name) && !e.name.includes('.spec.')) {
        const mtime = statSync(file).mtimeMs;
        if (mtime >= fromMs && mtime <= toMs) changed.push(path.relative(ROOT, file));
      }
    }
  };
  walk(path.join(ROOT, 'gateway/src'));
  walk(path.join(ROOT, 'services/studio/src'));
  for (const lib of readdirSync(path.join(ROOT, 'libs'))) walk(path.join(ROOT, 'libs', lib, 'src'));
  return changed;
}

type MeasureOptions = Partial<Parameters<typeof measure>[2]>;

/** What the static-answer runs borrow from the foundation run (issue 30, goal 4). */
interface StaticAnswerRuns {
  /** The console's HTTP port in the stack (access log off) and in the access-log-on trio. */
  ports: { off: number; on: number };
  pids: { off: number | undefined; on: number | undefined };
  run: (name: string, url: string, extra?: MeasureOptions, floor?: Floor) => Promise<Measurement>;
  floor: (name: string, file: string, env: Record<string, string>) => Promise<Floor>;
}

/**
 * The console's and the portal's static answers, straight at the console process: its script and the portal's
 * (brotli, as every browser asks) and the portal's shell page, CPU per request with the access log off and on,
 * against the floor of a bare static file server: bench/floors/fixed-upstream.ts answering the very status, headers
 * and bytes from memory (checked byte for byte).
 */
async function staticAnswerRatios({ ports, pids, run, floor }: StaticAnswerRuns): Promise<CpuRatio[]> {
  const at = (port: number) => `http://127.0.0.1:${port}`;
  const page = async (p: string) => {
    const a = await answerOf(`${at(ports.off)}${p}`, {});
    if (a.status !== 200) throw new Error(`the console answers ${a.status} to GET ${p}`);
    return a.body;
  };
  const pick = (html: string, re: RegExp, what: string) => {
    const m = re.exec(html);
    if (!m) throw new Error(`no ${what} in the page`);
    return m[0];
  };
  const [consolePage, shell] = [await page('/console/reset-password'), await page('/portal/')];
  const br = { 'accept-encoding': 'br' };
  const cases = [
    {
      request: 'GET console.js (br)',
      path: pick(consolePage, /\/console\/assets\/console\.[0-9a-f]{16}\.js/, 'console script'),
      headers: br,
    },
    { request: 'GET portal.js (br)', path: pick(shell, /\/portal\/assets\/portal\.[0-9a-f]{16}\.js/, 'portal script'), headers: br },
    { request: 'GET /portal/ (the shell)', path: '/portal/', headers: br },
  ];
  console.log('\nStatic answers of the console and the portal, straight at the console process; CPU per request vs. a bare static server');
  const ratios: CpuRatio[] = [];
  for (const c of cases) {
    const answer = await answerOf(`${at(ports.off)}${c.path}`, c.headers);
    if (answer.status !== 200) throw new Error(`the console answers ${answer.status} to GET ${c.path}`);
    const fixed = { status: answer.status, headers: answer.headers, body_base64: answer.bytes.toString('base64') };
    const f = await floor(`static ${c.request}`, 'fixed-upstream.ts', { FLOOR_ANSWER: JSON.stringify(fixed) });
    const same = await answerOf(`${f.url}${c.path}`, c.headers);
    if (same.status !== answer.status || !same.bytes.equals(answer.bytes))
      throw new Error(`the static floor does not answer the bytes of ${c.path}`);
    const floorRun = await run(
      `floor: bare static server, ${c.request}`,
      `${f.url}${c.path}`,
      { headers: c.headers, cpu: { floor: f.pid } },
      f,
    );
    const off = await run(`console ${c.request}`, `${at(ports.off)}${c.path}`, { headers: c.headers, cpu: { console: pids.off } });
    const on = await run(`console ${c.request}, access log on`, `${at(ports.on)}${c.path}`, {
      headers: c.headers,
      cpu: { console: pids.on },
    });
    await f.stop();
    ratios.push(
      cpuRatio(
        'console',
        c.request,
        'bare node:http server answering the same status, headers and bytes from memory (no routing, no middleware)',
        cpuRun(off, 'console'),
        cpuRun(on, 'console'),
        cpuRun(floorRun, 'floor'),
      ),
    );
  }
  return ratios;
}

export interface FoundationOptions {
  /** The bench's stack (access logs off). */
  stack: Stack;
  /** The options it was started with (its secrets included). */
  options: StackOptions;
  /** Ports of the access-log-on gateway + studio pair (free ones, apart from every other stack of the bench). */
  logOnPorts: StackPorts;
  seconds: number;
  /** Where each floor writes a CPU profile (`<floor file>.cpuprofile`), when `--profile floors` asks for them. */
  floorProfileDir?: string;
}

export async function foundationBench({ stack, options, logOnPorts, seconds, floorProfileDir }: FoundationOptions) {
  const databaseUrls = options.databaseUrls;
  const { demo, token } = benchToken(stack, databaseUrls.studio!, 'bench');
  const workspaceId = demo.workspace_id as string;
  const auth = { authorization: `Bearer ${token}` };
  const post = async (p: string, body: unknown): Promise<any> => {
    const res = await fetch(`${stack.baseUrl}${p}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`POST ${p} -> ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const created = await post('/shoots', { workspace_id: workspaceId, title: 'Bench shoot', shot_list: ['a', 'b', 'c'] });
  const shootId = created.shoot.id as string;
  for (let i = 1; i <= CLIENTS; i++)
    await post('/clients', {
      workspace_id: workspaceId,
      name: `Bench client ${i}`,
      email: `bench.client.${i}@example.com`,
      phone: `+1 555 01${String(i).padStart(2, '0')}`,
      notes: 'Prefers morning light; two children; wants the prints framed.',
    });
  const who = (await fetch(`${stack.baseUrl}/auth/whoami`, { headers: auth }).then((r) => r.json())) as any;
  const memberships = Object.fromEntries(who.workspaces.map((w: { id: string; role: Role }) => [w.id, w.role]));
  // Straight at studio, as the gateway would call it: an identity for studio signed with the stack's key (60 s at
  // most, so re-signed during the runs).
  const identity = identityHeaders(
    stack.secrets,
    { kind: 'token', profileId: who.profile.id, tokenId: who.token.id, scopeWorkspaceId: null, memberships },
    'studio',
  );

  const shootPath = `/shoots/${shootId}`;
  const clientsPath = `/clients?workspace_id=${workspaceId}&limit=${PAGE}`;
  const studioAt = (port: number) => `http://127.0.0.1:${port}/api/v1`;
  const off = { gateway: stack.baseUrl, studio: studioAt(options.ports.studioHttp) };
  const shootAnswer = await answerOf(`${off.studio}${shootPath}`, identity());
  const clientsAnswer = await answerOf(`${off.studio}${clientsPath}`, identity());
  if (shootAnswer.status !== 200 || clientsAnswer.status !== 200)
    throw new Error(`studio answers ${shootAnswer.status} / ${clientsAnswer.status} to the bench's reads`);
  const page = JSON.parse(clientsAnswer.body) as { items: unknown[]; next_cursor: string | null };
  if (page.items.length !== PAGE || !page.next_cursor) throw new Error(`GET /clients answered ${page.items.length} clients`);

  const logOn = await startAccessLogPair(options, logOnPorts);
  const on = { gateway: logOn.baseUrl, studio: studioAt(logOnPorts.studioHttp) };
  const floors: Floor[] = [];
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  const results: Measurement[] = [];
  const bytes: Record<string, boolean> = {};
  try {
    bare = await startBareServer(shootAnswer.body);
    // Each floor runs only for its own measurement (the database floors hold 10 connections of a shared server).
    const floor = async (name: string, file: string, env: Record<string, string>) => {
      const profile = floorProfileDir ? profilerEnv(path.join(floorProfileDir, path.basename(file, '.ts'))) : {};
      const f = await startFloor(name, file, { ...env, ...profile });
      floors.push(f);
      return f;
    };
    for (const [what, url, headers] of [
      ['gateway (log on)', `${on.gateway}${shootPath}`, auth],
      ['studio (log on)', `${on.studio}${clientsPath}`, identity()],
    ] as const) {
      const a = await answerOf(url, headers);
      if (a.status !== 200) throw new Error(`the access-log-on ${what} answers ${a.status} ${a.body.slice(0, 300)}`);
    }
    const pids = {
      off: { gateway: stack.processes.get('gateway')?.child.pid, studio: stack.processes.get('studio')?.child.pid },
      on: { gateway: logOn.processes.get('gateway')?.child.pid, studio: logOn.processes.get('studio')?.child.pid },
    };
    const launches = [...Object.values(pids.off), ...Object.values(pids.on)].map(processStartMs).filter((t) => t > 0);
    const changed = sourcesChangedBetween(Math.min(...launches), Math.max(...launches));
    if (changed.length > 0)
      console.warn(
        `\n  WARNING: ${changed.length} source file(s) changed between the launches of the log-off and log-on processes (they may not run the same code): ${changed.slice(0, 10).join(', ')}`,
      );

    const opts = { connections: 50, durationSeconds: seconds, warmupSeconds: 2 };
    // A CPU run with failed requests (the machine's shared Postgres out of connections, say: 53300) is measured again,
    // up to MEASURE_ATTEMPTS in all: its CPU per request would not be that of the request measured. Failed attempts
    // stay in the results.
    const run = async (name: string, url: string, extra: Partial<Parameters<typeof measure>[2]> = {}, floor?: Floor) => {
      for (let attempt = 1; ; attempt++) {
        const m = await measure(name, url, { ...opts, ...extra });
        results.push(m);
        if (!extra.cpu || (m.non2xx === 0 && m.errors === 0) || attempt === MEASURE_ATTEMPTS) return m;
        m.name += ' [failed requests: measured again]';
        const why = floor ? `; its last words:\n${floor.outputTail().trim().split('\n').slice(-3).join('\n')}` : '';
        console.warn(`  ${name}: ${m.non2xx + m.errors} failed requests${why}\n  once more:`);
      }
    };
    const runFloor = (name: string, floor: Floor, url: string, extra: Partial<Parameters<typeof measure>[2]>) =>
      run(name, url, extra, floor);
    console.log('\nGET /shoots/{id}: bare http ceiling vs. studio direct vs. through the gateway; CPU per request vs. floors');
    await run('bare node http (fixed body)', bare.url);
    // Each ratio's floor and stack runs back to back, so that the machine's other load shifts them alike. Every floor
    // is checked to answer what studio answers first, and gets the same request headers as the process it stands for
    // (bearer for the hop, the signed identity for the reads: parsed, not checked).
    const upstream = await floor('fixed upstream', 'fixed-upstream.ts', { FLOOR_ANSWER: JSON.stringify(shootAnswer) });
    const hop = await floor('hop', 'hop.ts', { FLOOR_UPSTREAM_URL: upstream.url });
    const hopUrl = `${hop.url}/api/v1${shootPath}`;
    bytes.hop = await sameAnswer('hop', hopUrl, shootAnswer);
    const hopRun = await runFloor('floor: express + hpm hop (fixed upstream)', hop, hopUrl, {
      headers: auth,
      cpu: { hop: hop.pid, upstream: upstream.pid },
    });
    const gatewayOff = await run('gateway (auth, rate limit, proxy, service, db)', `${off.gateway}${shootPath}`, {
      headers: auth,
      cpu: pids.off,
    });
    const gatewayOn = await run('gateway, access log on', `${on.gateway}${shootPath}`, { headers: auth, cpu: pids.on });
    const hopAtRate = await runFloor("floor hop at the gateway (log off)'s rate", hop, hopUrl, {
      headers: auth,
      cpu: { hop: hop.pid, upstream: upstream.pid },
      overallRate: gatewayOff.requestsPerSecond,
    });
    await hop.stop();
    await upstream.stop();
    const read = await floor('shoot read', 'shoot-read.ts', { DATABASE_URL: databaseUrls.studio! });
    const readUrl = `${read.url}/api/v1${shootPath}?workspace_id=${workspaceId}`;
    bytes.shoot_read = await sameAnswer('shoot read', readUrl, shootAnswer);
    const readRun = await runFloor('floor: express + pg read', read, readUrl, { headers: identity, cpu: { floor: read.pid } });
    const directOff = await run('studio direct (identity, service, database)', `${off.studio}${shootPath}`, {
      headers: identity,
      cpu: { studio: pids.off.studio },
    });
    const directOn = await run('studio direct, access log on', `${on.studio}${shootPath}`, {
      headers: identity,
      cpu: { studio: pids.on.studio },
    });
    const readAtRate = await runFloor("floor read at studio (log off)'s rate", read, readUrl, {
      headers: identity,
      cpu: { floor: read.pid },
      overallRate: directOff.requestsPerSecond,
    });
    await read.stop();
    console.log(`\nGET /clients?workspace_id&limit=${PAGE} (a page of ${PAGE} of ${CLIENTS}, with its next cursor)`);
    const pageFloor = await floor('client page', 'client-page.ts', {
      DATABASE_URL: databaseUrls.studio!,
      CURSOR_SECRET: deployableSecretsEnv(stack.secrets, 'studio').CURSOR_SECRET!,
    });
    const pageUrl = `${pageFloor.url}/api/v1${clientsPath}`;
    bytes.client_page = await sameAnswer('client page', pageUrl, clientsAnswer);
    const pageRun = await runFloor(`floor: express + pg page of ${PAGE}`, pageFloor, pageUrl, {
      headers: identity,
      cpu: { floor: pageFloor.pid },
    });
    console.log(`  (the floors answered the same bytes as studio: ${JSON.stringify(bytes)})`);
    const clientsOff = await run('studio direct GET /clients', `${off.studio}${clientsPath}`, {
      headers: identity,
      cpu: { studio: pids.off.studio },
    });
    const clientsOn = await run('studio direct GET /clients, access log on', `${on.studio}${clientsPath}`, {
      headers: identity,
      cpu: { studio: pids.on.studio },
    });
    const pageAtRate = await runFloor("floor page at studio (log off)'s rate", pageFloor, pageUrl, {
      headers: identity,
      cpu: { floor: pageFloor.pid },
      overallRate: clientsOff.requestsPerSecond,
    });
    await pageFloor.stop();
    const clientsGatewayOff = await run('gateway GET /clients', `${off.gateway}${clientsPath}`, { headers: auth, cpu: pids.off });
    const clientsGatewayOn = await run('gateway GET /clients, access log on', `${on.gateway}${clientsPath}`, {
      headers: auth,
      cpu: pids.on,
    });

    const staticRatios = await staticAnswerRatios({
      ports: { off: options.ports.consoleHttp, on: logOnPorts.consoleHttp },
      pids: { off: stack.processes.get('console')?.child.pid, on: logOn.processes.get('console')?.child.pid },
      run,
      floor,
    });

    console.log('\nGET /shoots/{id}, one request at a time');
    const seq = { durationSeconds: seconds, warmupSeconds: 1 };
    const b1 = await measureSequential('bare node http (fixed body)', bare.url, seq);
    const d1 = await measureSequential('studio direct (identity, service, database)', `${off.studio}${shootPath}`, {
      ...seq,
      headers: identity,
    });
    const g1 = await measureSequential('gateway (auth, rate limit, proxy, service, db)', `${off.gateway}${shootPath}`, {
      ...seq,
      headers: auth,
    });
    results.push(b1, d1, g1);

    const cpu = (m: Measurement, name: string) => cpuRun(m, name).ms;
    const failed = results.filter((m) => (m.non2xx > 0 || m.errors > 0) && !m.name.endsWith('measured again]')).map((m) => m.name);
    if (failed.length > 0) console.warn(`\n  WARNING: runs with failed requests (a ratio using one is INVALID): ${failed.join(', ')}`);
    const cpuRatios: CpuRatio[] = [
      withFloorAtSameRate(
        cpuRatio(
          'gateway',
          'GET /shoots/{id}',
          'bare express 5 + http-proxy-middleware hop, keep-alive agent, to a node:http upstream answering studio’s bytes',
          cpuRun(gatewayOff, 'gateway'),
          cpuRun(gatewayOn, 'gateway'),
          cpuRun(hopRun, 'hop'),
        ),
        cpuRun(hopAtRate, 'hop'),
      ),
      withFloorAtSameRate(
        cpuRatio(
          'studio',
          'GET /shoots/{id}',
          'bare express 5 + pg Pool(10), one prepared read of the shoot (and its items) by id and workspace, res.json',
          cpuRun(directOff, 'studio'),
          cpuRun(directOn, 'studio'),
          cpuRun(readRun, 'floor'),
        ),
        cpuRun(readAtRate, 'floor'),
      ),
      withFloorAtSameRate(
        cpuRatio(
          'studio',
          `GET /clients (page of ${PAGE})`,
          `bare express 5 + pg Pool(10), one prepared page (ORDER BY created_at DESC, id DESC LIMIT ${PAGE + 1}), cursor, res.json`,
          cpuRun(clientsOff, 'studio'),
          cpuRun(clientsOn, 'studio'),
          cpuRun(pageRun, 'floor'),
        ),
        cpuRun(pageAtRate, 'floor'),
      ),
    ];
    const summary = {
      gateway_vs_direct_rps_c50: ratio(gatewayOff.requestsPerSecond, directOff.requestsPerSecond),
      direct_vs_bare_rps_c50: ratio(directOff.requestsPerSecond, results[0]!.requestsPerSecond),
      gateway_vs_bare_rps_c50: ratio(gatewayOff.requestsPerSecond, results[0]!.requestsPerSecond),
      gateway_p99_ms_c50: gatewayOff.p99Ms,
      gateway_added_median_ms_c1: Math.round((g1.p50Ms - d1.p50Ms) * 100) / 100,
      sequential_bare_p50_ms_c1: b1.p50Ms,
      /** CPU time each process spent per request through the gateway at c=50 (user + system, from /proc), access log off. */
      cpu_ms_per_request_c50: gatewayOff.cpuMsPerRequest,
      /** Issue 15: CPU per request against the floors, access log off and on (studio's measured straight at studio). */
      cpu_vs_floor: {
        gateway_get_shoot: cpuRatios[0],
        studio_get_shoot: cpuRatios[1],
        studio_get_clients_page_50: cpuRatios[2],
      },
      /** CPU of the other processes of the runs, for reference (ms per request). */
      cpu_ms_per_request_other: {
        hop_floor_upstream: cpu(hopRun, 'upstream'),
        studio_get_shoot_through_gateway_log_off: cpu(gatewayOff, 'studio'),
        studio_get_shoot_through_gateway_log_on: cpu(gatewayOn, 'studio'),
        gateway_get_clients_log_off: cpu(clientsGatewayOff, 'gateway'),
        gateway_get_clients_log_on: cpu(clientsGatewayOn, 'gateway'),
        studio_get_clients_through_gateway_log_off: cpu(clientsGatewayOff, 'studio'),
        studio_get_clients_through_gateway_log_on: cpu(clientsGatewayOn, 'studio'),
      },
      floors_answer_same_bytes: bytes,
      sources_changed_between_launches: changed,
      goals: {
        gateway_at_least_half_of_direct_c50: gatewayOff.requestsPerSecond >= 0.5 * directOff.requestsPerSecond,
        gateway_p99_under_50ms_c50: gatewayOff.p99Ms < 50,
        gateway_adds_at_most_1_5ms_median_c1: g1.p50Ms - d1.p50Ms <= 1.5,
        gateway_cpu_at_most_1_5x_hop_floor: cpuRatios[0]!.goal_met,
        studio_cpu_at_most_1_5x_read_floor: cpuRatios[1]!.goal_met,
        studio_cpu_at_most_1_5x_page_floor: cpuRatios[2]!.goal_met,
      },
    };
    console.log('\n  ratios:', JSON.stringify(summary, null, 2).replace(/\n/g, '\n  '));
    // The static answers' rows join the table: the same measure against the floor of a bare static server.
    const ratios = [...cpuRatios, ...staticRatios];
    console.log(`\n${formatRatioTables({ cpu: ratios, throughput: [] })}`);
    return { results, summary, ratios };
  } finally {
    for (const f of floors.reverse()) await f.stop();
    await bare?.close();
    await logOn.stop();
  }
}
