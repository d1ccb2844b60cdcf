// `npm run admin -- <command> [options]`: runs the studio operator CLI (services/studio/src/cli/admin.ts) on the
// pinned Node from the repository root, output inherited, and exits with the CLI's exit code.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, bootstrap } from './lib/bootstrap.mjs';
import { handOver } from './lib/node.mjs';

await bootstrap();
// The local stack's secrets (.run/secrets.env, written by npm start): the CLI reads studio's configuration.
const secretsFile = path.join(ROOT, '.run', 'secrets.env');
const secrets = existsSync(secretsFile)
  ? Object.fromEntries([...readFileSync(secretsFile, 'utf8').matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1], m[2]]))
  : {};
handOver(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/studio/src/cli/admin.ts'), ...process.argv.slice(2)], {
  cwd: ROOT,
  env: { ...secrets, ...process.env },
});
