/**
 * Template database of studio's integration tests: a vitest globalSetup (and, where the harness calls it, a
 * per-file check that costs one query when the template is current). See ensureServiceTemplate in @studio/testkit.
 * Set STUDIO_TEST_REBUILD_TEMPLATE=1 to force a rebuild.
 */
import path from 'node:path';
import { ensureServiceTemplate } from '@studio/testkit/template';

export const TEMPLATE = 'studio_test_template';

export default function setup(): Promise<void> {
  return ensureServiceTemplate({
    serviceDir: path.resolve(import.meta.dirname, '..'),
    template: TEMPLATE,
    lockKey: 0x5354_5544, // pg advisory lock key: "STUD"
    rebuildEnv: 'STUDIO_TEST_REBUILD_TEMPLATE',
  });
}
