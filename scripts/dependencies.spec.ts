import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

function manifests(): string[] {
  const out = [path.join(ROOT, 'package.json')];
  for (const group of ['libs', 'services']) {
    for (const name of readdirSync(path.join(ROOT, group))) {
      const file = path.join(ROOT, group, name, 'package.json');
      if (existsSync(file)) out.push(file);
    }
  }
  for (const single of ['gateway', 'test']) {
    const file = path.join(ROOT, single, 'package.json');
    if (existsSync(file)) out.push(file);
  }
  return out;
}

it('uses one exact version of each external dependency across every package', () => {
  const versions = new Map<string, Set<string>>();
  for (const file of manifests()) {
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    for (const field of ['dependencies', 'devDependencies']) {
      for (const [name, version] of Object.entries<string>(pkg[field] ?? {})) {
        if (name.startsWith('@studio/')) continue;
        expect(version, `${path.relative(ROOT, file)}: ${name} must be pinned exactly`).toMatch(/^\d+\.\d+\.\d+$/);
        versions.set(name, (versions.get(name) ?? new Set()).add(version));
      }
    }
  }
  const split = [...versions].filter(([, v]) => v.size > 1).map(([n, v]) => `${n}: ${[...v].join(', ')}`);
  expect(split).toEqual([]);
});
