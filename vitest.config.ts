import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
 * Issue 28: the fault matrix under load (test/faults/), on PostgreSQL, Redis and RabbitMQ of its own. It takes minutes
 * and restarts servers, so it is a project only when STUDIO_FAULTS=1, which `npm run test:faults`
 * (scripts/test-faults.mjs) sets: `npm test` (a plain `vitest run`) never picks it up.
 */
const FAULTS_PROJECT = {
  resolve: PACKAGES_FROM_SOURCE,
  test: {
    name: 'faults',
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/faults/global-setup.ts'],
    environment: 'node' as const,
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
};

/**
 * Issue 29: every deployable's image built and run by a real container engine (deploy/test/images/; `npm run
 * test:images` runs it alone). It installs packages, starts a dockerd and builds nine images, CPU-bound for minutes,
 * so in `npm test` it is a group of its own (vitest runs groups one after another): never beside another project.
 */
const IMAGES_PROJECT = {
  resolve: PACKAGES_FROM_SOURCE,
  test: {
    name: 'images',
    include: ['deploy/test/images/**/*.test.ts'],
    environment: 'node' as const,
    testTimeout: 600_000,
    hookTimeout: 3_600_000,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  },
};

/**
 * Vitest's order (failed and slow files first, else larger files first), except that images.test.ts comes before
 * compose.test.ts: the first of the two builds the images from cold, so the build times images.test.ts reports are
 * each image's own, and compose.test.ts finds the layers built.
 */
class Sequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = sorted.filter((f) => f.moduleId.endsWith('/deploy/test/images/images.test.ts'));
    return [...first, ...sorted.filter((f) => !first.includes(f))];
  }
}

/**
 * Three tiers: unit specs beside the code (pure logic), integration tests per service against real
 * PostgreSQL/Redis/RabbitMQ (a fresh database per file), and black-box tests in test/ that drive the whole
 * stack through the gateway. `npm test` runs all three and prints the summary line from the JSON report.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: Sequencer },
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
          // The fault matrix has its own stack and servers (`npm run test:faults`), not the black-box stack.
          exclude: ['test/faults/**', '**/node_modules/**'],
          globalSetup: ['test/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      ...(process.env.STUDIO_FAULTS === '1' ? [FAULTS_PROJECT] : []),
      IMAGES_PROJECT,
    ],
  },
});
