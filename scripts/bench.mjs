// `npm run bench`: install what is missing, then run the benchmarks against the real stack.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, ensureInstalled } from './lib/bootstrap.mjs';

ensureInstalled();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/run.ts'), ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
