// Plain Node: runs one vitest project alone (the fault matrix, which `npm test` leaves out; the image tests), then
// prints the summary line `N passed, N failed` from vitest's JSON report, as `npm test` does (summary() is shared).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, bootstrap } from './bootstrap.mjs';

/**
 * The counts of vitest's JSON report at `report`: passed, failed (a file that failed to load or whose hooks threw has
 * no failed test but counts as one failure) and skipped; null when no report was written.
 */
export function summary(report) {
  if (!existsSync(report)) return null;
  const r = JSON.parse(readFileSync(report, 'utf8'));
  let failed = r.numFailedTests ?? 0;
  for (const file of r.testResults ?? []) {
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) failed += 1;
  }
  return { passed: r.numPassedTests ?? 0, failed, skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) };
}

/**
 * `project`: the vitest project's name; `flag`: the variable vitest.config.ts defines the project under, if any (so
 * a plain `vitest run` never picks it up); `after`: lines printed after the summary. Exits with vitest's verdict.
 */
export async function runTestProject({ project, flag, after = [] }) {
  await bootstrap();
  const report = path.join(ROOT, `.run/${project}-vitest.json`);
  rmSync(report, { force: true });
  const args = [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ];
  const res = spawnSync(path.join(ROOT, 'node_modules/.bin/vitest'), args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0', ...(flag ? { [flag]: '1' } : {}) },
  });
  let { passed, failed } = summary(report) ?? { passed: 0, failed: 0 };
  const exitCode = res.status !== 0 || failed > 0 ? 1 : 0;
  if (exitCode !== 0 && failed === 0) failed = 1;
  console.log(`${passed} passed, ${failed} failed`);
  for (const line of after) console.log(line);
  process.exit(exitCode);
}
