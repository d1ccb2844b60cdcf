// The production build: each workspace's entry points (its deployables' processes and its operator tools) bundled
// by esbuild into plain JavaScript, one ES module per entry in `<workspace>/dist/`. The workspace libraries
// (@studio/*) and the generated Prisma client are compiled into the bundle; every other package stays an import
// of node_modules, installed from the lock (`npm ci --omit=dev`). A service with a database also gets
// `dist/prisma.config.mjs` (the Prisma CLI's configuration, compiled; the image puts it where prisma.config.ts
// was) so the migrate job runs no TypeScript of ours either.
//
// Runs on plain Node 24 (deploy/deployables.ts is loaded with Node's type stripping), from a checkout whose dev
// dependencies are installed. Used by `npm run build` and by deploy/docker/build-deployable.mjs (the images).
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { DEPLOYABLES, WORKSPACE_TOOLS } from '../deployables.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Entry files (relative to the workspace) of every process and tool the workspace ships. */
export function entriesOf(workspace) {
  const processes = DEPLOYABLES.filter((d) => d.workspace === workspace).map((d) => d.entry);
  if (processes.length === 0) throw new Error(`no deployable lives in workspace ${workspace}`);
  return [...new Set([...processes, ...(WORKSPACE_TOOLS[workspace] ?? [])])];
}

/** `src/cli/admin.ts` -> `dist/admin.mjs`: where a compiled entry lands inside its workspace. */
export function compiledEntry(entry) {
  return `dist/${path.basename(entry, '.ts')}.mjs`;
}

/** The package a bare import names: `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Workspace libraries are compiled in; every other bare import is left to node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@studio/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Bundles `workspace` into `outRoot/<workspace>/dist/` (*.mjs with source maps, and prisma.config.mjs when the
 * workspace has a database). The Prisma client must have been generated (npm run generate). Returns the
 * packages the output imports from node_modules.
 */
export async function bundleWorkspace(workspace, outRoot = ROOT) {
  const src = path.join(ROOT, workspace);
  const out = path.join(outRoot, workspace);
  rmSync(path.join(out, 'dist'), { recursive: true, force: true });
  const hasDatabase = existsSync(path.join(src, 'prisma.config.ts'));
  if (hasDatabase && !existsSync(path.join(src, 'src/store/generated'))) {
    throw new Error(`${workspace}: the Prisma client is not generated (npm run -s generate)`);
  }
  const entryPoints = entriesOf(workspace).map((entry) => ({
    in: path.join(src, entry),
    out: path.join('dist', path.basename(entry, '.ts')),
  }));
  if (hasDatabase) entryPoints.push({ in: path.join(src, 'prisma.config.ts'), out: path.join('dist', 'prisma.config') });
  const result = await build({
    entryPoints,
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    // The source maps point at the repository's files; the image does not ship them.
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [externalPackages],
  });
  const external = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imp of output.imports) if (imp.external && !imp.path.startsWith('node:')) external.add(packageOf(imp.path));
  }
  return [...external].sort();
}

/** The workspaces that ship at least one deployable, in DEPLOYABLES order. */
export function workspaces() {
  return [...new Set(DEPLOYABLES.map((d) => d.workspace))];
}

/** Every package the workspace declares as a production dependency (its package.json `dependencies`). */
export function declaredDependencies(workspace) {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8'));
  return Object.keys(manifest.dependencies ?? {});
}

/**
 * The packages a production install of `workspace` provides to its code: its own `dependencies` and, through the
 * @studio/* libraries it links, theirs. A bundle that imports anything else works in the repository only by the
 * accident of hoisting and would fail in its image.
 */
export function installedFor(workspace) {
  const dirOf = new Map(
    workspaceManifests().map((file) => [JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')).name, path.dirname(file)]),
  );
  const provided = new Set();
  const seen = new Set();
  const visit = (dir) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    for (const dep of declaredDependencies(dir)) {
      provided.add(dep);
      if (dirOf.has(dep)) visit(dirOf.get(dep));
    }
  };
  visit(workspace);
  return provided;
}

/** Every npm workspace's package.json (the root's `workspaces`: libs/*, packages/*, services/*, gateway, test), relative. */
export function workspaceManifests() {
  const found = [];
  for (const parent of ['libs', 'packages', 'services']) {
    for (const name of readdirSync(path.join(ROOT, parent)))
      if (existsSync(path.join(ROOT, parent, name, 'package.json'))) found.push(`${parent}/${name}/package.json`);
  }
  for (const single of ['gateway', 'test']) if (existsSync(path.join(ROOT, single, 'package.json'))) found.push(`${single}/package.json`);
  return found;
}

/** Bundles every workspace in place; fails when a bundle imports a package its production install lacks. */
export async function buildAll({ log = (msg) => process.stdout.write(`${msg}\n`) } = {}) {
  for (const workspace of workspaces()) {
    const external = await bundleWorkspace(workspace);
    const provided = installedFor(workspace);
    const missing = external.filter((p) => !provided.has(p));
    if (missing.length > 0)
      throw new Error(
        `${workspace}: the build imports ${missing.join(', ')}, which ${workspace}/package.json does not list in dependencies (nor do the @studio libraries it uses)`,
      );
    log(`[build] ${workspace}: ${entriesOf(workspace).map(compiledEntry).join(', ')} (imports ${external.length} packages)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll().catch((err) => {
    process.stderr.write(`[build] ${err.message}\n`);
    process.exit(1);
  });
}
