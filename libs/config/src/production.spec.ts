import { describe, expect, it } from 'vitest';
import { sourcesInProduction } from './index.js';

describe('sourcesInProduction', () => {
  it('refuses NODE_ENV=production on a TypeScript entry, naming it and the compiled way', () => {
    for (const entry of ['/app/services/studio/src/main.ts', 'src/worker.mts', 'x.cts']) {
      const why = sourcesInProduction({ NODE_ENV: 'production' }, entry);
      expect(why).toContain(entry);
      expect(why).toMatch(/node dist\/<entry>\.mjs/);
    }
  });

  it('lets the compiled entry run in production, and sources run in development and test', () => {
    expect(sourcesInProduction({ NODE_ENV: 'production' }, '/app/services/studio/dist/main.mjs')).toBeNull();
    expect(sourcesInProduction({ NODE_ENV: 'production' }, undefined)).toBeNull();
    expect(sourcesInProduction({ NODE_ENV: 'development' }, 'src/main.ts')).toBeNull();
    expect(sourcesInProduction({}, 'src/main.ts')).toBeNull();
  });
});
