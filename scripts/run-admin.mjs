// `npm run admin -- <command> [options]`: runs the studio operator CLI (services/studio/src/cli/admin.ts) on the
// pinned Node from the repository root, output inherited, and exits with the CLI's exit code.
import path from 'node:path';
import { ROOT, bootstrap } from './lib/bootstrap.mjs';
import { handOver } from './lib/node.mjs';

await bootstrap();
handOver(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/studio/src/cli/admin.ts'), ...process.argv.slice(2)], {
  cwd: ROOT,
});
