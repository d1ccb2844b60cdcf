/**
 * `buf breaking` (the @bufbuild/buf package) on proto/ against the previous release's proto/, read from git
 * (scripts/lib/releases.ts): a change that breaks the release's gRPC clients or servers (a field or method removed,
 * renumbered or retyped, a package renamed) fails CI. The check is proven to fail on such a change.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { previousRelease, releaseTree, ROOT } from '../lib/releases.js';

const BUF = path.join(ROOT, 'node_modules/.bin/buf');
const buf = (...args: string[]) =>
  spawnSync(BUF, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, BUF_CACHE_DIR: path.join(ROOT, '.run/buf-cache') } });

describe('proto/ against the previous release (buf breaking)', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'studio-buf-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('HEAD breaks none of the release gRPC contracts', () => {
    const release = releaseTree(previousRelease(), ['proto']);
    const res = buf('breaking', 'proto', '--against', path.join(release, 'proto'));
    expect(res.stdout + res.stderr).toBe('');
    expect(res.status).toBe(0);
  }, 60_000);

  it('fails on a removed field and on a retyped one', () => {
    const changed = path.join(scratch, 'proto');
    cpSync(path.join(ROOT, 'proto'), changed, { recursive: true });
    const file = path.join(changed, 'studio/v1/studio.proto');
    const text = readFileSync(file, 'utf8');
    // The first message's first field: removed in one copy, retyped in the other.
    const field = /^(\s+)(string|int32|int64|bool|bytes) (\w+) = (\d+);/m.exec(text);
    expect(field).not.toBeNull();
    writeFileSync(file, text.replace(field![0], ''));
    const removed = buf('breaking', changed, '--against', 'proto');
    expect(removed.status).not.toBe(0);
    expect(removed.stdout + removed.stderr).toMatch(/deleted|Previously present field/i);
    const retype = field![2] === 'bool' ? 'int64' : 'bool';
    writeFileSync(file, text.replace(field![0], `${field![1]}${retype} ${field![3]} = ${field![4]};`));
    const retyped = buf('breaking', changed, '--against', 'proto');
    expect(retyped.status).not.toBe(0);
    expect(retyped.stdout + retyped.stderr).toMatch(/type|changed/i);
  }, 60_000);
});
