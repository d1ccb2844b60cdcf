/**
 * `npm run bench`: provisions an isolated copy of the databases (suffix _bench), starts the real stack with
 * access logs off, runs each benchmark and writes the figures to bench/results/.
 * Benchmarks (`--only` takes a comma-separated list): foundation, upload, gallery, mixed, search, webhooks, portal
 * (the client portal in Debian's Chromium, /usr/bin/chromium), overload (3x the saturating load: load shedding), and
 * soak.
 * Usage: npm run bench [-- --seconds 10] [--only foundation,upload] [--upload-sections derivatives,cull,multipart]
 *                      [--profile gateway,studio[,floors]]
 *        npm run bench -- --only soak [--soak-minutes 20] [--soak-warmup-minutes 2] [--soak-concurrency 32]
 *        npm run bench -- --only overload [--overload-no-wait]   (refused callers ask again at once)
 * `--profile` runs the named processes under V8's sampling profiler and prints where their CPU time went;
 * `floors` in the list profiles the foundation bench's floor servers as well, to read beside the stack's profiles.
 * The soak (the mixed workload for 20 minutes, memory and event-loop delay of every process sampled) is never
 * part of the default set: only `--only soak` (or a list naming it) runs it.
 * `BENCH_SLOT=n` (1..3) runs a second bench beside the first: its own ports (+ n*20), databases (`_bench<n>`),
 * Redis database, output directory and work queues, so two benches on one machine never share a process.
 */
import path from 'node:path';
import { dropDatabase } from '@studio/testkit/db';
import { generateSecrets } from '@studio/testkit/secrets';
import { DATABASE_SERVICES, ROOT, defaultInfra, provision } from '../scripts/lib/infra.js';
import {
  REPLICATED,
  stackPortsAt,
  startReplicaSet,
  startStack,
  type Stack,
  type StackOptions,
  type StackPorts,
} from '../scripts/lib/stack.js';
import { prepareMixed, runMixed, type MixedResult } from './mixed.bench.js';
import { admin, benchToken, foundationBench } from './foundation.bench.js';
import { searchBench } from './search.bench.js';
import { galleryBench } from './gallery.bench.js';
import { portalBench } from './portal.bench.js';
import { uploadBench, type UploadBenchPart } from './upload.bench.js';
import { webhooksBench } from './webhooks.bench.js';
import { soakBench } from './soak.bench.js';
import { overloadBench } from './overload.bench.js';
import { formatRatioTables, ratio, writeResults, type RatioTables } from './lib.js';
import { printProfile, profilerEnv, summariseProfiles } from './profile.js';
import { BASELINES, formatSideBySide, sideBySide } from './side-by-side.js';
import { readdirSync, rmSync } from 'node:fs';
import type { ProcessName } from '../scripts/lib/stack.js';

const args = process.argv.slice(2);
const secondsArg = args.indexOf('--seconds');
const seconds = secondsArg >= 0 ? Number(args[secondsArg + 1]) : 10;
if (!Number.isFinite(seconds) || seconds < 1) {
  console.error('--seconds must be a positive number');
  process.exit(2);
}

const onlyArg = args.indexOf('--only');
const only = onlyArg >= 0 ? new Set(String(args[onlyArg + 1] ?? '').split(',')) : null;
const wanted = (name: string) => !only || only.has(name);

const profileArg = args.indexOf('--profile');
const profileNames = profileArg >= 0 ? String(args[profileArg + 1] ?? 'gateway,studio').split(',') : [];
// `floors` profiles the foundation bench's floor servers too (one profile per floor), to set beside the stack's.
const profileFloors = profileNames.includes('floors');
const profiled = profileNames.filter((n) => n !== 'floors') as ProcessName[];
const SLOT = Number(process.env.BENCH_SLOT ?? 0) || 0;
if (!Number.isInteger(SLOT) || SLOT < 0 || SLOT > 3) {
  console.error('BENCH_SLOT must be 0..3');
  process.exit(2);
}
// Each slot's stacks sit 20 ports above the previous slot's: no two processes of any slot share a port.
const PORT_OFFSET = 20_000 + SLOT * 20;
const outputDir = path.join(ROOT, SLOT === 0 ? '.run/bench' : `.run/bench-${SLOT}`);
const profileDir = path.join(outputDir, 'profiles');
rmSync(profileDir, { recursive: true, force: true });
// Access logs off everywhere: a benchmark measures the request path, not log volume.
const env: Partial<Record<ProcessName, Record<string, string>>> = Object.fromEntries(REPLICATED.map((n) => [n, { ACCESS_LOG: 'false' }]));
// BENCH_WORKER_DEBUG=1: the upload worker logs each derivative job's stage timings (<output dir>/upload-worker.log).
if (process.env.BENCH_WORKER_DEBUG) env['upload-worker'] = { ...env['upload-worker'], LOG_LEVEL: 'debug' };
for (const name of profiled) {
  env[name] = {
    ...env[name],
    ...profilerEnv(path.join(profileDir, name)),
  };
}

const uploadArg = args.indexOf('--upload-sections');
const uploadSections = uploadArg >= 0 ? (String(args[uploadArg + 1] ?? '').split(',') as UploadBenchPart[]) : undefined;
if (uploadSections?.some((s) => !['derivatives', 'cull', 'multipart'].includes(s))) {
  console.error('--upload-sections takes a comma-separated list of derivatives, cull, multipart');
  process.exit(2);
}

const mixedArg = args.indexOf('--mixed-seconds');
const mixedSeconds = mixedArg >= 0 ? Number(args[mixedArg + 1]) : 60;

// The soak runs only when named: it takes --soak-minutes (20 by default).
const soakWanted = only?.has('soak') ?? false;
const numberArg = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const soakMinutes = numberArg('--soak-minutes', 20);
const soakWarmupMinutes = numberArg('--soak-warmup-minutes', 2);
const soakConcurrency = numberArg('--soak-concurrency', 32);
if (!(soakMinutes > 0) || !(soakWarmupMinutes > 0) || soakWarmupMinutes >= soakMinutes) {
  console.error('--soak-minutes and --soak-warmup-minutes must be positive, the warm-up shorter than the soak');
  process.exit(2);
}
if (!Number.isInteger(soakConcurrency) || soakConcurrency < 1) {
  console.error('--soak-concurrency must be a positive integer (virtual users)');
  process.exit(2);
}

const ports: StackPorts = stackPortsAt(PORT_OFFSET);
const dbSuffix = SLOT === 0 ? '_bench' : `_bench${SLOT}`;
for (const svc of DATABASE_SERVICES) await dropDatabase(`${svc.database}${dbSuffix}`);
const databaseUrls = await provision({ suffix: dbSuffix });
const stackOptions: StackOptions = {
  ports,
  databaseUrls,
  // Black-box stacks use Redis databases 1 and 4-6.
  redisUrl: `redis://127.0.0.1:6379/${SLOT === 0 ? 2 : 7 + SLOT}`,
  amqpUrl: defaultInfra.amqpUrl,
  output: { dir: outputDir },
  logLevel: 'warn',
  env,
  // Generated here, not by startStack, so that the mixed bench's second replica set (started from these options)
  // shares them: its gateway's identities, gallery's bearers and webhooks' encrypted secrets must hold in both.
  secrets: generateSecrets(),
};
const stack = await startStack(stackOptions);
try {
  const foundation = wanted('foundation')
    ? // Its access-log-on gateway + studio pair: +250, clear of every slot's stacks and of the mixed bench's +500.
      await foundationBench({
        stack,
        options: stackOptions,
        logOnPorts: stackPortsAt(PORT_OFFSET + 250),
        seconds,
        ...(profileFloors ? { floorProfileDir: path.join(profileDir, 'floors') } : {}),
      })
    : undefined;
  const upload = wanted('upload') ? await uploadBench(stack, databaseUrls, ports, uploadSections) : undefined;
  const gallery = wanted('gallery') ? await galleryBench(stack, databaseUrls, ports, seconds) : undefined;
  const mixed = wanted('mixed') ? await mixedBench(stackOptions, stack, mixedSeconds) : undefined;
  const portal = wanted('portal') ? await portalBench(stack, databaseUrls, ports) : undefined;
  let search: Awaited<ReturnType<typeof searchBench>> | undefined;
  if (wanted('search')) {
    const { demo, token: bearer } = benchToken(stack, databaseUrls.studio!, 'search-bench');
    search = await searchBench({
      baseUrl: stack.baseUrl,
      bearer,
      largeWorkspaceId: demo.workspace_id,
      databaseUrl: databaseUrls.search!,
      amqpUrl: defaultInfra.amqpUrl,
      seconds,
    });
  }
  const webhooks = wanted('webhooks')
    ? await webhooksBench({
        amqpUrl: defaultInfra.amqpUrl,
        seconds,
        logDir: outputDir,
        databaseName: `webhooks_bench_run${SLOT || ''}`,
      })
    : undefined;
  // Restarts the gateway with its own cap (and again with the stack's configuration when done).
  const overload = wanted('overload')
    ? await overloadBench(stack, databaseUrls.studio!, seconds, !args.includes('--overload-no-wait'))
    : undefined;
  const soak = soakWanted
    ? await soakBench(stack, ports, {
        minutes: soakMinutes,
        warmupMinutes: soakWarmupMinutes,
        concurrency: soakConcurrency,
        studioDatabaseUrl: databaseUrls.studio!,
        uploadDatabaseUrl: databaseUrls.upload!,
      })
    : undefined;
  // The goals' ratios in one place (also inside each section's results); printed last, as the run's summary.
  const ratios: RatioTables = { cpu: foundation?.ratios ?? [], throughput: gallery?.ratios ?? [] };
  // This run's figures beside each baseline's (issue 15, goal 6; issue 30, goal 5): the parts that ran, a table each.
  const sideBySides = BASELINES.flatMap(({ title, file }) => {
    const s = sideBySide({ search, webhooks, upload, mixed, portal, overload, ratios }, file);
    return s ? [{ title, ...s }] : [];
  });
  const file = writeResults('bench', {
    at: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length },
    foundation,
    upload,
    gallery,
    mixed,
    portal,
    search,
    webhooks,
    overload,
    soak,
    ratios,
    side_by_side: sideBySides,
  });
  console.log(`\nresults written to ${path.relative(ROOT, file)}`);
  if (ratios.cpu.length + ratios.throughput.length > 0) console.log(`\nRATIOS (issue 15)\n${formatRatioTables(ratios)}`);
  for (const s of sideBySides) console.log(`\n${s.title}\n${formatSideBySide(s)}`);
} finally {
  await stack.stop();
}
/**
 * The mixed workload through one replica set, then through two (a second replica of every service and worker
 * sharing the databases, Redis, the broker's work queues and the object store), and the scaling factor.
 */
async function mixedBench(first: StackOptions, a: Stack, secs: number) {
  const demo = admin(a.secrets, databaseUrls.studio!, 'seed-demo');
  const token = admin(
    a.secrets,
    databaseUrls.studio!,
    'create-token',
    '--profile',
    demo.profile_id,
    '--rate-limit',
    '1000000',
    '--name',
    'mixed-bench',
  ).token as string;
  const mixedOptions = {
    token,
    workspaceId: demo.workspace_id as string,
    profileId: demo.profile_id as string,
    uploadDatabaseUrl: databaseUrls.upload!,
    seconds: secs,
    concurrency: 32,
  };
  console.log(`\nmixed workload through the gateway, ${secs} s per run, ${mixedOptions.concurrency} virtual users`);
  const fixture = await prepareMixed({ ...mixedOptions, baseUrls: [a.baseUrl] });
  const results: MixedResult[] = [];
  try {
    results.push(await runMixed({ ...mixedOptions, baseUrls: [a.baseUrl] }, fixture));
    const b = await startReplicaSet(
      first,
      // The second set's own ports (its object store is the first set's).
      stackPortsAt(PORT_OFFSET + 500),
      { dir: path.join(outputDir, 'replica-b') },
    );
    try {
      results.push(await runMixed({ ...mixedOptions, baseUrls: [a.baseUrl, b.baseUrl] }, fixture));
    } finally {
      await b.stop();
    }
  } finally {
    await fixture.receiver.close();
  }
  const [one, two] = results as [MixedResult, MixedResult];
  const summary = {
    scaling_two_vs_one_replica: ratio(two.operations_per_second, one.operations_per_second),
    errors_other_than_429: one.errors + two.errors,
    deliveries_lost: one.deliveries.expected - one.deliveries.delivered + (two.deliveries.expected - two.deliveries.delivered),
    goals: {
      zero_errors: one.errors + two.errors === 0,
      two_replicas_at_least_1_6x: two.operations_per_second >= 1.6 * one.operations_per_second,
    },
  };
  console.log('\n  mixed ratios:', JSON.stringify(summary, null, 2).replace(/\n/g, '\n  '));
  return { one_replica: one, two_replicas: two, summary };
}

for (const name of profiled) for (const summary of summariseProfiles(path.join(profileDir, name))) printProfile(name, summary);
if (profileFloors)
  for (const floor of readdirSync(path.join(profileDir, 'floors'), { withFileTypes: true }).filter((d) => d.isDirectory()))
    for (const summary of summariseProfiles(path.join(profileDir, 'floors', floor.name))) printProfile(`floor ${floor.name}`, summary);
