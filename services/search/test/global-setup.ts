/**
 * Integration tier of the search service: the template database `search_test_template`, migrated when the
 * migrations changed (see ensureServiceTemplate in @studio/testkit; SEARCH_TEST_REBUILD_TEMPLATE=1 forces a
 * rebuild); each test file then clones it (`freshDatabase`), which takes a fraction of a second.
 * Also removes queues left behind by crashed test runs.
 */
import path from 'node:path';
import { testConfig } from '@studio/testkit';
import { ensureServiceTemplate } from '@studio/testkit/template';
import { defaultInfra, removeIdleQueues } from '../../../scripts/lib/infra.js';

export const SEARCH_TEMPLATE = 'search_test_template';

/** Queues of earlier runs that crashed before deleting theirs (names `search.index.test-*`); best effort. */
async function removeStaleTestQueues(): Promise<void> {
  await removeIdleQueues(/^search\.index\.test-[a-z0-9]+(\.dlq)?$/, { ...defaultInfra, amqpUrl: testConfig.TEST_AMQP_URL }).catch(
    () => undefined,
  );
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
