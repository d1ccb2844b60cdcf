// node deploy/docker/build-deployable.mjs <deployable> <out-dir>
//
// The one recipe for what an image holds: the Dockerfile's build stage runs it, and so does the image smoke test
// (deploy/test/image-smoke.test.ts) for every deployable, into an empty folder, before starting the result with
// NODE_ENV=production. Run it from a checkout with its dev dependencies installed (npm ci): it needs esbuild and
// the Prisma CLI to build, none of which reach <out-dir>.
//
// <out-dir> receives, for the deployable's workspace:
//   package.json, package-lock.json       the root manifest and the lock the install came from
//   node_modules/                          `npm ci --omit=dev --workspace <workspace>`: production packages only
//   proto/                                 the gRPC contracts, read at start-up
//   <workspace>/package.json               its manifest (npm scripts such as migrate:deploy)
//   <workspace>/dist/*.mjs                 its processes and tools, compiled (deploy/build/bundle.mjs)
//   <workspace>/prisma/, prisma.config.mjs its schema and migrations and the compiled Prisma CLI configuration
// and fails when the compiled code imports a package that the production install does not provide, or when a
// TypeScript loader is among the production packages.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEPLOYABLES } from '../deployables.ts';
import { ROOT, bundleWorkspace, compiledEntry, entriesOf, workspaceManifests } from '../build/bundle.mjs';

/**
 * Packages that run TypeScript sources at run time (and esbuild, tsx's engine): production never needs one.
 * (The Prisma CLI of the migrate job brings its own config loader and `typescript` as an optional peer; no
 * process of ours loads either.)
 */
const TYPESCRIPT_LOADERS = ['tsx', 'ts-node', '@swc-node/register', 'esbuild-register', 'esbuild', '@esbuild-kit/esm-loader'];

/** Runs a build step; its output is shown only when it fails (or always, with STUDIO_BUILD_VERBOSE=1). */
function run(cmd, args, cwd) {
  const verbose = process.env.STUDIO_BUILD_VERBOSE === '1';
  const res = spawnSync(cmd, args, {
    cwd,
    stdio: ['ignore', verbose ? 'inherit' : 'pipe', verbose ? 'inherit' : 'pipe'],
    encoding: 'utf8',
  });
  if (res.status !== 0) {
    const output = verbose ? '' : `\n${res.stdout ?? ''}${res.stderr ?? ''}`;
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd} (exit ${res.status ?? res.signal})${output}`);
  }
}

/** The root manifest, the lock and every workspace's manifest: what `npm ci` needs to read the lock. */
const manifests = () => ['package.json', 'package-lock.json', ...workspaceManifests()];

/** Whether `pkg` is installed where Node would find it from `fromDir` (walking up through node_modules). */
function resolvable(pkg, fromDir, stopAt) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules', pkg, 'package.json'))) return true;
    if (dir === stopAt || path.dirname(dir) === dir) return false;
  }
}

export async function buildDeployable(name, outDir, { log = (msg) => process.stdout.write(`[build-deployable] ${msg}\n`) } = {}) {
  const deployable = DEPLOYABLES.find((d) => d.name === name);
  if (!deployable) throw new Error(`unknown deployable ${name} (one of ${DEPLOYABLES.map((d) => d.name).join(', ')})`);
  const out = path.resolve(outDir);
  if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`${out} is not empty`);
  mkdirSync(out, { recursive: true });
  const ws = deployable.workspace;
  const hasDatabase = existsSync(path.join(ROOT, ws, 'prisma', 'schema.prisma'));

  // 1. Compile. The Prisma client is generated from the schema first (it is never committed), and so are the
  // generated assets of a workspace that has them (`assets:generate`: the console's portal script).
  if (hasDatabase) run('npm', ['run', '-s', 'prisma:generate'], path.join(ROOT, ws));
  const scripts = JSON.parse(readFileSync(path.join(ROOT, ws, 'package.json'), 'utf8')).scripts ?? {};
  if (scripts['assets:generate']) run('npm', ['run', '-s', 'assets:generate'], path.join(ROOT, ws));
  const imported = await bundleWorkspace(ws, out);
  log(`${name}: compiled ${entriesOf(ws).map(compiledEntry).join(', ')} (imports ${imported.join(', ')})`);

  // 2. Production packages of this one workspace, from the lock. npm needs every workspace's manifest to read the
  // lock; the other workspaces' folders are dropped afterwards, and so are the links to the @studio libraries
  // (compiled into the bundles).
  for (const file of manifests()) cpSync(path.join(ROOT, file), path.join(out, file));
  run(
    'npm',
    [
      'ci',
      '--omit=dev',
      '--workspace',
      ws,
      '--include-workspace-root=false',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    out,
  );
  for (const file of manifests().filter((f) => f.includes('/') && path.dirname(f) !== ws))
    rmSync(path.join(out, path.dirname(file)), { recursive: true, force: true });
  for (const parent of ['libs', 'packages', 'services']) {
    if (existsSync(path.join(out, parent)) && readdirSync(path.join(out, parent)).length === 0)
      rmSync(path.join(out, parent), { recursive: true });
  }
  rmSync(path.join(out, 'node_modules', '@studio'), { recursive: true, force: true });

  // 3. What the compiled code reads at run time besides packages.
  cpSync(path.join(ROOT, 'proto'), path.join(out, 'proto'), { recursive: true });
  if (hasDatabase) {
    cpSync(path.join(ROOT, ws, 'prisma'), path.join(out, ws, 'prisma'), { recursive: true });
    for (const ext of ['', '.map'])
      renameSync(path.join(out, ws, 'dist', `prisma.config.mjs${ext}`), path.join(out, ws, `prisma.config.mjs${ext}`));
  }

  // 4. Checks: everything the bundles import is installed; no TypeScript loader is.
  const dist = path.join(out, ws, 'dist');
  const missing = imported.filter((pkg) => !resolvable(pkg, dist, out));
  if (missing.length > 0)
    throw new Error(`${name}: the production install lacks ${missing.join(', ')} (add them to ${ws}/package.json dependencies)`);
  const loaders = TYPESCRIPT_LOADERS.filter((pkg) => resolvable(pkg, dist, out));
  if (loaders.length > 0) throw new Error(`${name}: a TypeScript loader is among the production packages: ${loaders.join(', ')}`);
  const entry = path.join(out, ws, compiledEntry(deployable.entry));
  if (!existsSync(entry)) throw new Error(`${name}: ${entry} was not built`);
  log(`${name}: ${path.relative(process.cwd(), entry)} ready (${Math.round(duBytes(out) / 1024 / 1024)} MiB)`);
  return { deployable, entry, workdir: path.join(out, ws) };
}

function duBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += duBytes(p);
    else if (entry.isFile()) total += statSync(p).size;
  }
  return total;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [name, outDir] = process.argv.slice(2);
  const usage = `usage: node deploy/docker/build-deployable.mjs <deployable> <out-dir>\n  deployables: ${DEPLOYABLES.map((d) => d.name).join(', ')}\n`;
  if (name === '--help' || name === '-h') {
    process.stdout.write(usage);
    process.exit(0);
  }
  if (!name || !outDir) {
    process.stderr.write(usage);
    process.exit(2);
  }
  await buildDeployable(name, outDir).catch((err) => {
    process.stderr.write(`[build-deployable] ${err.message}\n`);
    process.exit(1);
  });
}
