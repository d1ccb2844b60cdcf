/**
 * Integration tier of the search service: migrate a template database `search_test_template` once per run
 * (skipped when the migrations did not change since the template was made: their hash is the database's
 * comment); each test file then clones it (`freshDatabase`), which takes a fraction of a second.
 * Also generates the Prisma client when it is missing, and removes queues left behind by crashed test runs.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import amqp from 'amqplib';
import { databaseUrl, testConfig } from '@studio/testkit';

export const SEARCH_TEMPLATE = 'search_test_template';
const SERVICE_DIR = path.resolve(import.meta.dirname, '..');

function migrationsHash(): string {
  const dir = path.join(SERVICE_DIR, 'prisma/migrations');
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name, 'migration.sql');
    if (existsSync(file)) hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 32);
}

function npmScript(script: string, env: Record<string, string> = {}): void {
  const res = spawnSync('npm', ['run', '-s', script], { cwd: SERVICE_DIR, encoding: 'utf8', env: { ...process.env, CHECKPOINT_DISABLE: '1', ...env } });
  if (res.status !== 0) throw new Error(`services/search: npm run ${script} failed\n${res.stdout}\n${res.stderr}`);
}

async function ensureTemplate(): Promise<void> {
  const hash = migrationsHash();
  const admin = new pg.Client({ connectionString: testConfig.TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    const found = await admin.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [SEARCH_TEMPLATE],
    );
    if (found.rows[0]?.comment === hash) return;
    await admin.query(`DROP DATABASE IF EXISTS "${SEARCH_TEMPLATE}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${SEARCH_TEMPLATE}"`);
    npmScript('migrate:deploy', { DATABASE_URL: databaseUrl(SEARCH_TEMPLATE) });
    // The hash is a hex string: safe to inline (COMMENT takes no parameters).
    if (!/^[0-9a-f]+$/.test(hash)) throw new Error('bad hash');
    await admin.query(`COMMENT ON DATABASE "${SEARCH_TEMPLATE}" IS '${hash}'`);
  } finally {
    await admin.end();
  }
}

/** Queues of earlier runs that crashed before deleting theirs (names `search.index.test-*`). */
async function removeStaleTestQueues(): Promise<void> {
  const listed = spawnSync('rabbitmqctl', ['list_queues', '--quiet', '--no-table-headers', 'name'], { encoding: 'utf8' });
  if (listed.status !== 0) return;
  const stale = listed.stdout.split('\n').map((l) => l.trim()).filter((n) => /^search\.index\.test-[a-z0-9]+(\.dlq)?$/.test(n));
  if (stale.length === 0) return;
  const conn = await amqp.connect(testConfig.TEST_AMQP_URL);
  try {
    const ch = await conn.createChannel();
    for (const q of stale) await ch.deleteQueue(q).catch(() => undefined);
    await ch.close().catch(() => undefined);
  } finally {
    await conn.close().catch(() => undefined);
  }
}

export default async function setup(): Promise<void> {
  if (!existsSync(path.join(SERVICE_DIR, 'src/store/generated/client.ts'))) npmScript('prisma:generate');
  await ensureTemplate();
  await removeStaleTestQueues();
}
