// Plain Node (no dependencies): put the process on the pinned Node and make sure node_modules matches
// package-lock.json before anything else runs.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensurePinnedNode } from './node.mjs';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    process.stderr.write(`\n${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})\n`);
    process.exit(res.status || 1);
  }
}

/**
 * Runs the calling script on the pinned Node (see node.mjs), then installs dependencies with `npm ci` when
 * node_modules is missing or was installed from another lock file or by another Node.
 */
export async function bootstrap() {
  await ensurePinnedNode();
  const lock = path.join(ROOT, 'package-lock.json');
  const stamp = path.join(ROOT, 'node_modules', '.studio-install-stamp');
  const want = `${process.version} ${createHash('sha256').update(readFileSync(lock)).digest('hex')}`;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  // Progress goes to stderr: the operator CLI's stdout is one JSON line, even on a first run.
  process.stderr.write(`[studio] installing dependencies (npm ci, Node ${process.version})...\n`);
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    stdio: ['ignore', 2, 2],
  });
  writeFileSync(stamp, want);
}
