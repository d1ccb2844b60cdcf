// `npm test`: install what is missing, provision the local servers, run every tier (unit, integration,
// black-box) with vitest, then print the summary line `N passed, N failed[, N skipped]` from the JSON report.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, bootstrap, run } from './lib/bootstrap.mjs';

await bootstrap();
run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/provision.ts')]);

const report = path.join(ROOT, 'test-report.json');
rmSync(report, { force: true });
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const res = spawnSync(path.join(ROOT, 'node_modules/.bin/vitest'), args, {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, FORCE_COLOR: '0' },
});

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests ?? 0;
  failed = r.numFailedTests ?? 0;
  skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A file that failed to load or whose hooks threw has no failed test but must still count as a failure.
  for (const file of r.testResults ?? []) {
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) failed += 1;
  }
} else {
  failed = Math.max(failed, 1);
  console.error('no test report was written');
}
const exitCode = res.status !== 0 || failed > 0 ? 1 : 0;
if (exitCode !== 0 && failed === 0) failed = 1; // vitest failed outside any test (e.g. global setup)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode);
