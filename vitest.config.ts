import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The published packages export their compiled dist/ (packages/tsup.config.ts, built by `npm pack`); tests import
 * them from source, as tsconfig.json's `paths` do, so no build is needed first and a stale dist/ is never tested.
 */
const PACKAGES_FROM_SOURCE = {
  alias: [
    { find: /^@studio\/sdk$/, replacement: path.resolve(import.meta.dirname, 'packages/sdk/src/index.ts') },
    { find: /^@studio\/webhooks$/, replacement: path.resolve(import.meta.dirname, 'packages/webhooks/src/index.ts') },
  ],
};

/**
 * Three tiers: unit specs beside the code (pure logic), integration tests per service against real
 * PostgreSQL/Redis/RabbitMQ (a fresh database per file), and black-box tests in test/ that drive the whole
 * stack through the gateway. `npm test` runs all three and prints the summary line from the JSON report.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: PACKAGES_FROM_SOURCE,
        test: {
          name: 'unit',
          include: [
            'libs/*/src/**/*.spec.ts',
            'packages/*/src/**/*.spec.ts',
            'services/*/src/**/*.spec.ts',
            'gateway/src/**/*.spec.ts',
            'scripts/**/*.spec.ts',
            'deploy/test/**/*.spec.ts',
            'bench/**/*.spec.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['services/*/test/**/*.int.test.ts', 'gateway/test/**/*.int.test.ts', 'deploy/test/**/*.int.test.ts'],
          globalSetup: [
            'services/studio/test/global-setup.ts',
            'services/webhooks/test/global-setup.ts',
            'services/search/test/global-setup.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: PACKAGES_FROM_SOURCE,
        test: {
          name: 'blackbox',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
