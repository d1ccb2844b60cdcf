/**
 * The real browser of the black-box tests (test/api-docs.test.ts): Debian's Chromium, driven by playwright-core.
 * `npm test` installs it when it is missing (apt-get, as root, no prompt), so a fresh machine needs nothing done by
 * hand; on a machine where it is present this does nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

function log(msg: string) {
  console.log(`[provision] ${msg}`);
}

function aptGet(...args: string[]): boolean {
  const res = spawnSync('apt-get', args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return res.status === 0;
}

/** Installs Debian's chromium (without recommends) when CHROMIUM_PATH is absent. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${CHROMIUM_PATH} is missing; install it as root: apt-get install -y --no-install-recommends chromium`);
  }
  log('installing chromium (apt-get)');
  const install = () => aptGet('install', '-y', '--no-install-recommends', 'chromium');
  // A fresh machine may have no package lists yet: update once, then try again.
  if (!install() && !(aptGet('update') && install())) throw new Error('apt-get could not install chromium');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`chromium was installed but ${CHROMIUM_PATH} is missing`);
}

/**
 * How every test and bench launches Chromium: headless, no sandbox (CI runs as root), and nothing of Chromium's own
 * that would reach the network.
 */
export const BROWSER_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
