/** A migrated template database per service, for the integration tier's fresh database per test file. */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl } from './db.js';
import { testConfig } from './test-config.js';

export interface ServiceTemplateOptions {
  /** The service folder (holding prisma/ and src/store/generated/). */
  serviceDir: string;
  /** Name of the template database, e.g. `upload_test_template`. */
  template: string;
  /** pg advisory lock key that serialises concurrent setups of this template. */
  lockKey: number;
  /** When this environment variable is `1`, the template is rebuilt even if current. */
  rebuildEnv: string;
}

/**
 * Makes sure the service's Prisma client is generated and that its template database holds the current
 * migrations, applied with the real `prisma migrate deploy`. Each test file then clones it (`freshDatabase`).
 * The template is rebuilt only when the migrations changed (their hash is kept in the database comment), so
 * concurrent test runs that clone it are not disturbed; a session advisory lock serialises concurrent setups.
 */
export async function ensureServiceTemplate(options: ServiceTemplateOptions): Promise<void> {
  const prismaBin = path.resolve(options.serviceDir, '../../node_modules/.bin/prisma');
  const schema = path.join(options.serviceDir, 'prisma/schema.prisma');
  const migrations = path.join(options.serviceDir, 'prisma/migrations');
  const generated = path.join(options.serviceDir, 'src/store/generated/client.ts');

  const prisma = (args: string[], env: Record<string, string> = {}): void => {
    const res = spawnSync(prismaBin, args, { cwd: options.serviceDir, env: { ...process.env, ...env }, encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`prisma ${args.join(' ')} failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
  };
  const migrationsHash = (): string => {
    const hash = createHash('sha256');
    for (const dir of readdirSync(migrations).sort()) {
      const file = path.join(migrations, dir, 'migration.sql');
      if (existsSync(file)) hash.update(dir).update(readFileSync(file));
    }
    return hash.digest('hex').slice(0, 32);
  };

  const admin = new pg.Client({ connectionString: testConfig.TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [options.lockKey]);
    if (!existsSync(generated) || statSync(generated).mtimeMs < statSync(schema).mtimeMs) prisma(['generate']);
    const wanted = `migrations:${migrationsHash()}`;
    const current = await admin.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [options.template],
    );
    if (current.rowCount === 1 && current.rows[0]!.comment === wanted && process.env[options.rebuildEnv] !== '1') return;
    await admin.query(`DROP DATABASE IF EXISTS "${options.template}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${options.template}"`);
    prisma(['migrate', 'deploy'], { DATABASE_URL: databaseUrl(options.template) });
    await admin.query(`COMMENT ON DATABASE "${options.template}" IS '${wanted}'`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [options.lockKey]).catch(() => undefined);
    await admin.end();
  }
}
