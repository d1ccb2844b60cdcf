// `npm run test:faults`: the fault matrix under load (issue 28; test/faults/, the vitest project `faults`). It starts
// PostgreSQL, Redis and RabbitMQ of its own and a whole stack on them, injects one fault at a time under a steady
// load, prints the table (also written to .run/faults/report.json), then the summary line `N passed, N failed`.
// Not part of `npm test`: it takes minutes and restarts servers (docs/decisions/0021-fault-matrix.md).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, bootstrap } from './lib/bootstrap.mjs';

await bootstrap();

const report = path.join(ROOT, '.run/faults-vitest.json');
rmSync(report, { force: true });
const args = [
  'run',
  '--project',
  'faults',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const res = spawnSync(path.join(ROOT, 'node_modules/.bin/vitest'), args, {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, FORCE_COLOR: '0', STUDIO_FAULTS: '1' },
});

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests ?? 0;
  failed = r.numFailedTests ?? 0;
  // A file whose hooks threw (e.g. the servers did not start) has no failed test but is a failure.
  for (const file of r.testResults ?? []) {
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) failed += 1;
  }
}
const exitCode = res.status !== 0 || failed > 0 ? 1 : 0;
if (exitCode !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
console.log(`fault matrix report: ${path.join(ROOT, '.run/faults/report.json')}`);
process.exit(exitCode);
