/**
 * Integration tier of the search service: the template database `search_test_template`, migrated when the
 * migrations changed (see ensureServiceTemplate in @studio/testkit; SEARCH_TEST_REBUILD_TEMPLATE=1 forces a
 * rebuild); each test file then clones it (`freshDatabase`), which takes a fraction of a second.
 * Also removes queues left behind by crashed test runs.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import amqp from 'amqplib';
import { testConfig } from '@studio/testkit';
import { ensureServiceTemplate } from '@studio/testkit/template';

export const SEARCH_TEMPLATE = 'search_test_template';

/** Queues of earlier runs that crashed before deleting theirs (names `search.index.test-*`). */
async function removeStaleTestQueues(): Promise<void> {
  const listed = spawnSync('rabbitmqctl', ['list_queues', '--quiet', '--no-table-headers', 'name'], { encoding: 'utf8' });
  if (listed.status !== 0) return;
  const stale = listed.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((n) => /^search\.index\.test-[a-z0-9]+(\.dlq)?$/.test(n));
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
  await ensureServiceTemplate({
    serviceDir: path.resolve(import.meta.dirname, '..'),
    template: SEARCH_TEMPLATE,
    lockKey: 0x5352_4348, // pg advisory lock key: "SRCH"
    rebuildEnv: 'SEARCH_TEST_REBUILD_TEMPLATE',
  });
  await removeStaleTestQueues();
}
