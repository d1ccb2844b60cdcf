/**
 * The one build of the published packages (@studio/sdk, @studio/webhooks): `npm run build -w <package>` (also run by
 * `npm pack` through each package's `prepack`) compiles `src/index.ts` into `dist/` as an ES module (`index.js`) and
 * a CommonJS module (`index.cjs`), each with its declarations (`index.d.ts`, `index.d.cts`), for Node 20 and later.
 * Declarations are built under packages/tsconfig.build.json, the strictest flags a caller may type-check with.
 *
 * Inside the repository nothing needs this build: tsconfig.json's `paths` and vitest.config.ts's aliases point
 * `@studio/sdk` and `@studio/webhooks` at their sources.
 */
import path from 'node:path';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  tsconfig: path.join(import.meta.dirname, 'tsconfig.build.json'),
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  splitting: false,
  treeshake: true,
  clean: true,
  outDir: 'dist',
});
