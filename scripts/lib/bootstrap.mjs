// Plain Node (no dependencies): make sure node_modules matches package-lock.json before anything else runs.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    process.stderr.write(`\n${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})\n`);
    process.exit(res.status || 1);
  }
}

/** Installs dependencies when node_modules is missing or was installed from another lock file. */
export function ensureInstalled() {
  const lock = path.join(ROOT, 'package-lock.json');
  const stamp = path.join(ROOT, 'node_modules', '.studio-install-stamp');
  const want = existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : 'no-lock';
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  // `npm install` honours package-lock.json; `npm ci` refuses a lock that lacks other platforms' optional
  // packages (turbo's), which npm itself sometimes leaves out.
  console.log('[studio] installing dependencies (npm install)...');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  writeFileSync(stamp, want);
}

export function tsx(script, args = [], opts = {}) {
  return [path.join(ROOT, 'node_modules', '.bin', 'tsx'), [script, ...args], opts];
}
