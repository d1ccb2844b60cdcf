// TEMPORARY (to be deleted): runs this service's integration tests until the lead adds them to vitest.config.ts.
import path from 'node:path';
import { defineConfig } from 'vitest/config';
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    name: 'integration',
    include: ['services/webhooks/test/**/*.int.test.ts'],
    globalSetup: ['services/webhooks/test/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
