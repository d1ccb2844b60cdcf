/**
 * Integration tier, webhook-dispatch: builds the template database `webhooks_test_template` once per run
 * (generated client present, migrations applied); each test file clones it (`freshDatabase`), which copies
 * files instead of migrating again. Added to the integration project's globalSetup list in vitest.config.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cloneDatabase, databaseUrl, dropDatabase } from '@studio/testkit/db';
import pg from 'pg';
import { testConfig } from '@studio/testkit';

export const WEBHOOKS_TEMPLATE_DB = 'webhooks_test_template';
const SERVICE_DIR = path.resolve(import.meta.dirname, '..');

function npmScript(script: string, env: Record<string, string> = {}): void {
  const res = spawnSync('npm', ['run', '-s', script], { cwd: SERVICE_DIR, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`services/webhooks: npm run ${script} failed:\n${res.stdout}\n${res.stderr}`);
}

export default async function setup(): Promise<void> {
  if (!existsSync(path.join(SERVICE_DIR, 'src/store/generated/client.ts'))) npmScript('prisma:generate');
  await dropDatabase(WEBHOOKS_TEMPLATE_DB);
  const admin = new pg.Client({ connectionString: testConfig.TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${WEBHOOKS_TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  npmScript('migrate:deploy', { DATABASE_URL: databaseUrl(WEBHOOKS_TEMPLATE_DB) });
  // Prove the template clones (and leave no connection behind: CREATE DATABASE ... TEMPLATE needs none open).
  const probe = `${WEBHOOKS_TEMPLATE_DB}_probe`;
  await cloneDatabase(WEBHOOKS_TEMPLATE_DB, probe);
  await dropDatabase(probe);
}
