import { defineConfig } from 'vitest/config';

/**
 * Three tiers: unit specs beside the code (pure logic), integration tests per service against real
 * PostgreSQL/Redis/RabbitMQ (a fresh database per file), and black-box tests in test/ that drive the whole
 * stack through the gateway. `npm test` runs all three and prints the summary line from the JSON report.
 */
export default defineConfig({
  test: {
    projects: [
      {
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
