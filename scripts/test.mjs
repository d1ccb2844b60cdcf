// `npm test`: install what is missing, provision the local servers, run every tier (unit, integration,
// black-box) with vitest, then print the summary line `N passed, N failed[, N skipped]` from the JSON report.
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, bootstrap, run } from './lib/bootstrap.mjs';
import { summary } from './lib/test-project.mjs';

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

const counts = summary(report);
if (!counts) console.error('no test report was written');
let { passed, failed, skipped } = counts ?? { passed: 0, failed: 1, skipped: 0 };
const exitCode = res.status !== 0 || failed > 0 ? 1 : 0;
if (exitCode !== 0 && failed === 0) failed = 1; // vitest failed outside any test (e.g. global setup)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode);
