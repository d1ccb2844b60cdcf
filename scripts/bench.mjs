// `npm run bench`: install what is missing, then run the benchmarks against the real stack.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, bootstrap, run } from './lib/bootstrap.mjs';

await bootstrap();
// The benchmarks import the services' modules, and with them their generated Prisma clients, before the run
// provisions anything: generate them first so a fresh clone can bench without an `npm start` before.
run('npm', ['run', '-s', 'generate']);
const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/run.ts'), ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
child.on('exit', (code) => process.exit(code ?? 1));
