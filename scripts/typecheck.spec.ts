import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

it('the whole repository type-checks under strict TypeScript', () => {
  const res = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--pretty', 'false'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(res.stdout + res.stderr).toBe('');
  expect(res.status).toBe(0);
}, 180_000);
