/**
 * Template database of gallery's integration tests: a vitest globalSetup (and, where the harness calls it, a
 * per-file check that costs one query when the template is current). See ensureServiceTemplate in @studio/testkit.
 * Set GALLERY_TEST_REBUILD_TEMPLATE=1 to force a rebuild.
 */
import path from 'node:path';
import { ensureServiceTemplate } from '@studio/testkit/template';

export const TEMPLATE = 'gallery_test_template';

export default function setup(): Promise<void> {
  return ensureServiceTemplate({
    serviceDir: path.resolve(import.meta.dirname, '..'),
    template: TEMPLATE,
    lockKey: 0x4741_4c59, // pg advisory lock key: "GALY"
    rebuildEnv: 'GALLERY_TEST_REBUILD_TEMPLATE',
  });
}
