/**
 * Foundation benchmark (issue 2): GET /shoots/{id} through the gateway (auth, rate limit, proxy, service,
 * database) vs. the same read straight at the studio service vs. a bare Node http server, in one run.
 * The token's rate limit is raised so the limiter is checked on every request but never refuses.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Role } from '@studio/identity';
import type { SecretsFile } from '@studio/testkit/secrets';
import { ROOT } from '../scripts/lib/infra.js';
import { deployableSecretsEnv, type Stack } from '../scripts/lib/stack.js';
import { identityHeaders, measure, measureSequential, processCpuSeconds, ratio, startBareServer, type Measurement } from './lib.js';

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

/** CPU seconds used so far by the gateway and studio processes. */
function cpuSeconds(stack: Stack): Record<string, number> {
  return Object.fromEntries(
    (['gateway', 'studio'] as const).map((name) => [name, processCpuSeconds(stack.processes.get(name)?.child.pid)]),
  );
}

function cpuMsPerRequest(stack: Stack, before: Record<string, number>, m: Measurement, warmupSeconds: number): Record<string, number> {
  const after = cpuSeconds(stack);
  // The ticks cover the warm-up too; count its requests at the measured rate.
  const requests = m.requestsPerSecond * (m.durationSeconds + warmupSeconds);
  const out: Record<string, number> = {};
  for (const [name, t] of Object.entries(after))
    out[name] = Math.round((((t - (before[name] ?? t)) * 1000) / Math.max(1, requests)) * 1000) / 1000;
  console.log(
    `  CPU per request through the gateway (c=50): ${Object.entries(out)
      .map(([n, v]) => `${n} ${v} ms`)
      .join(', ')}`,
  );
  return out;
}

export async function foundationBench(stack: Stack, databaseUrls: Record<string, string>, studioHttpPort: number, seconds: number) {
  const { demo, token } = benchToken(stack, databaseUrls.studio!, 'bench');
  const auth = { authorization: `Bearer ${token}` };
  const created = await fetch(`${stack.baseUrl}/shoots`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspace_id: demo.workspace_id, title: 'Bench shoot', shot_list: ['a', 'b', 'c'] }),
  }).then((r) => r.json() as Promise<any>);
  const shootId = created.shoot.id as string;
  const who = (await fetch(`${stack.baseUrl}/auth/whoami`, { headers: auth }).then((r) => r.json())) as any;
  const memberships = Object.fromEntries(who.workspaces.map((w: { id: string; role: Role }) => [w.id, w.role]));
  // Straight at studio, as the gateway would call it: an identity for studio signed with the stack's key (60 s at
  // most, so re-signed during the runs).
  const identity = identityHeaders(
    stack.secrets,
    { kind: 'token', profileId: who.profile.id, tokenId: who.token.id, scopeWorkspaceId: null, memberships },
    'studio',
  );

  const gatewayUrl = `${stack.baseUrl}/shoots/${shootId}`;
  const directUrl = `http://127.0.0.1:${studioHttpPort}/api/v1/shoots/${shootId}`;
  const sample = await fetch(directUrl, { headers: identity() }).then((r) => r.text());
  const bare = await startBareServer(sample);

  console.log('\nGET /shoots/{id}: bare http ceiling vs. studio direct vs. through the gateway');
  const results: Measurement[] = [];
  let cpuPerRequest: Record<string, number> = {};
  try {
    const opts = { connections: 50, durationSeconds: seconds, warmupSeconds: 2 };
    results.push(await measure('bare node http (fixed body)', bare.url, opts));
    results.push(await measure('studio direct (identity, service, database)', directUrl, { ...opts, headers: identity }));
    const before = cpuSeconds(stack);
    results.push(await measure('gateway (auth, rate limit, proxy, service, db)', gatewayUrl, { ...opts, headers: auth }));
    cpuPerRequest = cpuMsPerRequest(stack, before, results[results.length - 1]!, opts.warmupSeconds);
    const seq = { durationSeconds: seconds, warmupSeconds: 1 };
    results.push(await measureSequential('bare node http (fixed body)', bare.url, seq));
    results.push(
      await measureSequential('studio direct (identity, service, database)', directUrl, {
        ...seq,
        headers: identity,
      }),
    );
    results.push(await measureSequential('gateway (auth, rate limit, proxy, service, db)', gatewayUrl, { ...seq, headers: auth }));
  } finally {
    await bare.close();
  }
  const get = (name: string, c: number) => results.find((r) => r.name.startsWith(name) && r.connections === c)!;
  const g50 = get('gateway', 50);
  const d50 = get('studio direct', 50);
  const b50 = get('bare', 50);
  const g1 = get('gateway', 1);
  const d1 = get('studio direct', 1);
  const summary = {
    gateway_vs_direct_rps_c50: ratio(g50.requestsPerSecond, d50.requestsPerSecond),
    direct_vs_bare_rps_c50: ratio(d50.requestsPerSecond, b50.requestsPerSecond),
    gateway_vs_bare_rps_c50: ratio(g50.requestsPerSecond, b50.requestsPerSecond),
    gateway_p99_ms_c50: g50.p99Ms,
    gateway_added_median_ms_c1: Math.round((g1.p50Ms - d1.p50Ms) * 100) / 100,
    /** CPU time each process spent per request through the gateway at c=50 (user + system, from /proc). */
    cpu_ms_per_request_c50: cpuPerRequest,
    goals: {
      gateway_at_least_half_of_direct_c50: g50.requestsPerSecond >= 0.5 * d50.requestsPerSecond,
      gateway_p99_under_50ms_c50: g50.p99Ms < 50,
      gateway_adds_at_most_1_5ms_median_c1: g1.p50Ms - d1.p50Ms <= 1.5,
    },
  };
  console.log('\n  ratios:', JSON.stringify(summary, null, 2).replace(/\n/g, '\n  '));
  return { results, summary };
}
