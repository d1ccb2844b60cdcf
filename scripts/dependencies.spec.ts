/**
 * Workspace manifests stay honest: one exact version of each external package repo-wide, and no workspace declares a
 * runtime dependency that its code never imports (a stale entry ships in its image and misleads the next reader).
 */
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

function manifests(): string[] {
  const out = [path.join(ROOT, 'package.json')];
  for (const group of ['libs', 'packages', 'services']) {
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

/**
 * Runtime dependencies a workspace legitimately declares without importing them. Each entry says why; add one only
 * with a reason, everything else must be imported by the workspace's own code.
 */
const DECLARED_WITHOUT_IMPORT: Record<string, string> = {
  // The Prisma CLI: run by the package scripts (prisma:generate, migrate:deploy/status) and by the migrate job in the
  // image; never imported.
  prisma: 'CLI',
  // Imported only by the generated Prisma client (src/store/generated, written by `npm run generate`, not committed).
  '@prisma/client': 'generated code',
  // The gateway serves Redoc's browser bundle (a file it reads and sends: gateway/src/services/api-docs.service.ts);
  // it never runs Redoc itself.
  redoc: 'browser asset',
};

const SOURCE_FILE = /\.(ts|mts|mjs|js|cjs)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"./][^'"]*)['"]/g;

/** The package a bare specifier names: `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Adds the packages one source file imports to `found`. */
function addImportsOf(file: string, found: Set<string>): void {
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) found.add(packageOf(match[1]!));
}

/** Every package imported by the source files under `dir` (node_modules and build output excluded). */
function importedPackages(dir: string, found = new Set<string>()): Set<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) importedPackages(file, found);
    else if (SOURCE_FILE.test(name)) addImportsOf(file, found);
  }
  return found;
}

/** The code a workspace runs: its src/ and its root config files (e.g. prisma.config.ts); all of test/, which has no src/. */
function workspaceImports(dir: string): Set<string> {
  if (!existsSync(path.join(dir, 'src'))) return importedPackages(dir);
  const found = importedPackages(path.join(dir, 'src'));
  for (const name of readdirSync(dir)) if (SOURCE_FILE.test(name)) addImportsOf(path.join(dir, name), found);
  return found;
}

it('declares no runtime dependency that the workspace never imports', () => {
  const unused: string[] = [];
  for (const file of manifests().slice(1)) {
    const dir = path.dirname(file);
    const imported = workspaceImports(dir);
    for (const name of Object.keys(JSON.parse(readFileSync(file, 'utf8')).dependencies ?? {})) {
      if (!imported.has(name) && !(name in DECLARED_WITHOUT_IMPORT)) unused.push(`${path.relative(ROOT, file)}: ${name}`);
    }
  }
  expect(unused, 'remove these from "dependencies" (or add a commented exception to DECLARED_WITHOUT_IMPORT)').toEqual([]);
});
