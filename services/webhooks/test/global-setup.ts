/**
 * Template database of webhook-dispatch's integration tests: a vitest globalSetup (listed in vitest.config.ts)
 * that builds `webhooks_test_template` when the migrations changed; each test file clones it (`freshDatabase`),
 * which copies files instead of migrating again. See ensureServiceTemplate in @studio/testkit.
 * Set WEBHOOKS_TEST_REBUILD_TEMPLATE=1 to force a rebuild.
 */
import path from 'node:path';
import { ensureServiceTemplate } from '@studio/testkit/template';

export const WEBHOOKS_TEMPLATE_DB = 'webhooks_test_template';

export default function setup(): Promise<void> {
  return ensureServiceTemplate({
    serviceDir: path.resolve(import.meta.dirname, '..'),
    template: WEBHOOKS_TEMPLATE_DB,
    lockKey: 0x5748_4b53, // pg advisory lock key: "WHKS"
    rebuildEnv: 'WEBHOOKS_TEST_REBUILD_TEMPLATE',
  });
}
