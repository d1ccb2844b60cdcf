// Plain Node: runs one vitest project that `npm test` leaves out (the fault matrix, the image tests), then prints
// the summary line `N passed, N failed` from vitest's JSON report, as `npm test` does.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, bootstrap } from './bootstrap.mjs';

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
  for (const line of after) console.log(line);
  process.exit(exitCode);
}
