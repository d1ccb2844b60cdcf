// `npm run admin -- <command> [options]`: runs the studio operator CLI (services/studio/src/cli/admin.ts) on the
// pinned Node from the repository root, output inherited, and exits with the CLI's exit code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, bootstrap } from './lib/bootstrap.mjs';

await bootstrap();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/studio/src/cli/admin.ts'), ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (err) => {
  process.stderr.write(`could not start the admin CLI: ${err.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
