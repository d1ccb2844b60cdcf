// `node scripts/run.mjs <command> [args...]`: runs a tool of the repository (tsc, tsx, npm, prisma...) on the pinned
// Node with dependencies installed, as npm start and npm test do; the package.json scripts that run tools go
// through it, so `npm run typecheck` and friends never fall back to the machine's own Node.
import path from 'node:path';
import { ROOT, bootstrap } from './lib/bootstrap.mjs';
import { handOver } from './lib/node.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: node scripts/run.mjs <command> [args...]\n');
  process.exit(2);
}
await bootstrap();
// Local tools first (node_modules/.bin), as npm run would find them.
const env = { ...process.env, PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}` };
handOver(command, args, { env });
