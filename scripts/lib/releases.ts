/**
 * Releases (releases.json, one git tag v<version> each) and the release before HEAD, for the compatibility checks:
 * `buf breaking` on proto/ and the event catalog's data schemas (scripts/compat/). A release's files are read
 * straight from git (`git archive <commit>`), so the checks need neither the tag nor a checkout: a clone with the
 * history is enough, as CI's is.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { buildOnce } from './build-once.js';
import { workspaceScript } from './infra.js';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Release {
  version: string;
  commit: string;
  date: string;
  notes?: string;
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** Every release, oldest first, as releases.json lists them. */
export function releases(): Release[] {
  const file = JSON.parse(readFileSync(path.join(ROOT, 'releases.json'), 'utf8')) as { releases: Release[] };
  for (const r of file.releases) {
    if (!/^\d+\.\d+\.\d+$/.test(r.version) || !/^[0-9a-f]{40}$/.test(r.commit))
      throw new Error(`releases.json: bad entry ${JSON.stringify(r)}`);
  }
  return file.releases;
}

/** Is `commit` an ancestor of HEAD (or HEAD itself)? */
export function isAncestor(commit: string, of = 'HEAD'): boolean {
  return spawnSync('git', ['merge-base', '--is-ancestor', commit, of], { cwd: ROOT }).status === 0;
}

/** The newest release whose commit is in HEAD's history and is not HEAD itself: what N-1 means here. */
export function previousRelease(): Release {
  const head = git('rev-parse', 'HEAD');
  const before = releases().filter((r) => r.commit !== head && isAncestor(r.commit));
  const last = before.at(-1);
  if (!last) throw new Error('no release in the history of HEAD (releases.json)');
  return last;
}

/** The commit a release tag names, or null when the clone has no such tag. */
export function tagCommit(version: string): string | null {
  const res = spawnSync('git', ['rev-parse', '--verify', '--quiet', `refs/tags/v${version}^{commit}`], { cwd: ROOT, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : null;
}

/**
 * The release's `dirs` (e.g. ['libs'] or ['proto']) unpacked from git into .run/releases/<commit>/<dirs>/ (once),
 * with node_modules/@studio/<lib> links to the release's own libs, so its TypeScript imports its own workspace libs
 * and takes third-party packages from the repository's node_modules above it. Each set of dirs has a folder of its
 * own, so checks running at the same time never replace each other's tree.
 */
export function releaseTree(release: Release, dirs: string[], prepare?: (tree: string) => void): string {
  const target = path.join(ROOT, '.run/releases', release.commit, dirs.join('+').replaceAll('/', '_'));
  return buildOnce(target, path.join(target, '.complete'), (work) => {
    const archive = spawnSync('git', ['archive', '--format=tar', release.commit, ...dirs], { cwd: ROOT, maxBuffer: 1 << 30 });
    if (archive.status !== 0) throw new Error(`git archive ${release.commit}: ${archive.stderr}`);
    const untar = spawnSync('tar', ['-x', '-C', work], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`tar: ${untar.stderr}`);
    if (existsSync(path.join(work, 'libs'))) {
      mkdirSync(path.join(work, 'node_modules/@studio'), { recursive: true });
      for (const lib of readdirSync(path.join(work, 'libs')))
        symlinkSync(path.join('..', '..', 'libs', lib), path.join(work, 'node_modules/@studio', lib));
    }
    prepare?.(work);
    writeFileSync(path.join(work, '.complete'), '');
    return work;
  });
}

/** What a release's processes run from: its sources, its proto files and the scripts its generators are. */
const RUNTIME_PATHS = ['package.json', 'tsconfig.base.json', 'tsconfig.json', 'libs', 'services', 'gateway', 'proto', 'scripts'];

/**
 * A release's processes, runnable from their TypeScript sources (scripts/lib/stack.ts `sourceRoot`): its tree with
 * what its sources import but git does not hold made by its own workspace scripts (`prisma:generate` of each
 * database service, the console's `assets:generate`), run with this repository's toolchain. Third-party packages
 * come from this repository's node_modules: the N-1 test first checks that the release's lock pins the same
 * versions of the production packages its processes load.
 */
export function releaseSources(release: Release): string {
  return releaseTree(release, RUNTIME_PATHS, (tree) => {
    for (const dir of readdirSync(path.join(tree, 'services'))) {
      const manifest = JSON.parse(readFileSync(path.join(tree, 'services', dir, 'package.json'), 'utf8')) as {
        scripts?: Record<string, string>;
      };
      for (const script of ['prisma:generate', 'assets:generate'])
        if (manifest.scripts?.[script]) workspaceScript(`services/${dir}`, script, {}, tree);
    }
  });
}
