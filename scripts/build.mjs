// `npm run build`: the production build of every deployable workspace (deploy/build/bundle.mjs) on the pinned Node:
// `<workspace>/dist/*.mjs`, run with `node --enable-source-maps dist/<entry>.mjs` and NODE_ENV=production.
// Images are built by deploy/docker/build-deployable.mjs, which uses the same bundler.
import { bootstrap, run } from './lib/bootstrap.mjs';

await bootstrap();
run('npm', ['run', '-s', 'generate']);
const { buildAll } = await import('../deploy/build/bundle.mjs');
await buildAll().catch((err) => {
  process.stderr.write(`[build] ${err.message}\n`);
  process.exit(1);
});
