// `npm start`: install what is missing, provision (servers, databases, migrations, broker topology) and run the
// whole stack in the foreground, printing the base URL and a demo owner token. Ctrl-C stops it gracefully.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, bootstrap } from './lib/bootstrap.mjs';

await bootstrap();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start-stack.ts')], { cwd: ROOT, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
