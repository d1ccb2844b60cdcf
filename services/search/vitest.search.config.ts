// TEMPORARY (deleted before hand-off): runs the search service's tests until the lead wires them into the
// root vitest.config.ts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'search-unit', include: ['src/**/*.spec.ts'], environment: 'node' } },
      {
        test: {
          name: 'search-integration',
          include: ['test/**/*.int.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
