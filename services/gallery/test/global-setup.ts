/**
 * Template database of gallery's integration tests (usable as a vitest globalSetup; the harness also calls it
 * before each file clones the template, which costs one query when it is current): makes sure gallery's Prisma client is generated and that the
 * template database `gallery_test_template` holds the current migrations, applied with the real
 * `prisma migrate deploy`. Each test file then clones it (`freshDatabase`), which takes a fraction of a second.
 *
 * The template is rebuilt only when the migrations changed (their hash is kept in the database comment), so
 * concurrent test runs that clone it are not disturbed; a session advisory lock serialises concurrent setups.
 * Set GALLERY_TEST_REBUILD_TEMPLATE=1 to force a rebuild.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl, testConfig } from '@studio/testkit';

export const TEMPLATE = 'gallery_test_template';

const SERVICE_DIR = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(SERVICE_DIR, '../..');
const PRISMA_BIN = path.join(ROOT, 'node_modules/.bin/prisma');
const SCHEMA = path.join(SERVICE_DIR, 'prisma/schema.prisma');
const MIGRATIONS = path.join(SERVICE_DIR, 'prisma/migrations');
const GENERATED = path.join(SERVICE_DIR, 'src/store/generated/client.ts');
const SETUP_LOCK = 0x4741_4c59; // pg advisory lock key: "GALY"

function prisma(args: string[], env: Record<string, string> = {}): void {
  const res = spawnSync(PRISMA_BIN, args, { cwd: SERVICE_DIR, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`prisma ${args.join(' ')} failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const dir of readdirSync(MIGRATIONS).sort()) {
    const file = path.join(MIGRATIONS, dir, 'migration.sql');
    if (existsSync(file)) hash.update(dir).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 32);
}

function ensureClientGenerated(): void {
  if (existsSync(GENERATED) && statSync(GENERATED).mtimeMs >= statSync(SCHEMA).mtimeMs) return;
  prisma(['generate']);
}

async function ensureTemplate(admin: pg.Client): Promise<void> {
  const wanted = `migrations:${migrationsHash()}`;
  const current = await admin.query<{ comment: string | null }>(
    `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
    [TEMPLATE],
  );
  if (current.rowCount === 1 && current.rows[0]!.comment === wanted && process.env.GALLERY_TEST_REBUILD_TEMPLATE !== '1') return;
  await admin.query(`DROP DATABASE IF EXISTS "${TEMPLATE}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${TEMPLATE}"`);
  prisma(['migrate', 'deploy'], { DATABASE_URL: databaseUrl(TEMPLATE) });
  await admin.query(`COMMENT ON DATABASE "${TEMPLATE}" IS '${wanted}'`);
}

export default async function setup(): Promise<void> {
  const admin = new pg.Client({ connectionString: testConfig.TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK]);
    ensureClientGenerated();
    await ensureTemplate(admin);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => undefined);
    await admin.end();
  }
}
