/**
 * Every deployable has the same skeleton, so a newcomer who has read one service can change any of them
 * (README "One shape"). This spec fails when a workspace strays from it:
 *
 * - src/ holds only the layer folders (http, grpc, events, services, store, loops, cli) and the process files
 *   (config.ts, core.ts, app.ts, main.ts, worker.ts), plus the few extras listed below with their reason;
 * - every deployable has config.ts, core.ts, app.ts, main.ts and its HTTP application in http/http-app.ts (a service
 *   builds it with createApiApp of @studio/http/api-app); every service also builds its stores in store/index.ts
 *   (over store/db.ts) and its services in services/index.ts;
 * - main.ts and worker.ts are one `runProcess` call, app.ts defines its processes with `defineProcess`, and no
 *   file but the definer handles signals or exits the process;
 * - config.ts is the only reader of process.env, and src/store/ the only importer of Prisma;
 * - files in a layer folder say their role in their name (`*.routes.ts`, `*.grpc.ts`, `*.consumer.ts`,
 *   `*.store.ts`, `*.loop.ts`, ...), except the helpers listed below.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

const DEPLOYABLES = [...readdirSync(path.join(ROOT, 'services')).map((name) => `services/${name}`), 'gateway'];

/** Deployables under services/ without a database of their own, with the reason. */
const WITHOUT_DATABASE: Record<string, string> = {
  'services/console': "the pages' deployable: no data of its own, studio owns accounts, sessions and tokens",
};

/** Workspaces with a database of their own (the gateway has none: Redis only). */
const hasDatabase = (workspace: string) => workspace.startsWith('services/') && !(workspace in WITHOUT_DATABASE);

const PROCESS_FILES = new Set(['config.ts', 'core.ts', 'app.ts', 'main.ts', 'worker.ts']);
/** What src/ of every deployable holds. */
const REQUIRED = ['config.ts', 'core.ts', 'app.ts', 'main.ts', 'http/http-app.ts', 'services'];
/** What src/ of every service holds besides: its database, its stores built in one place, its services in one place. */
const SERVICE_REQUIRED = ['store/db.ts', 'store/index.ts', 'services/index.ts'];
/**
 * loops/: the background loops a process runs beside its listeners (defineProcess's `loops`, or the worker's
 * dispatcher): neither an edge (http, grpc, events) nor domain logic (services), they own a timer or a claim loop and
 * call the services, so a newcomer finds every time-driven part of a process in one place.
 */
const LAYERS = new Set(['http', 'grpc', 'events', 'services', 'store', 'loops', 'cli']);

/** Folders of src/ beyond the layers, with the reason they exist. */
const EXTRA_FOLDERS: Record<string, string> = {
  'services/upload/src/imaging': 'image decoding, derivatives and the cull model: pure functions the services call',
  'services/upload/src/dev': 'the local S3-compatible server that npm start runs (not part of the deployable)',
  'services/console/src/portal':
    'the client portal page: its browser code (client/, bundled by scripts/bundle-portal.mjs into bundle/, generated), shell and styles',
};

/** What a file in each layer folder is called. */
const ROLES: Record<string, RegExp> = {
  // .examples.ts: OpenAPI examples written out beside the routes they show (libs/http/src/openapi-example.ts derives the rest).
  http: /(\.routes|\.schema|\.examples|\.middleware|^http-app)\.ts$/,
  grpc: /(\.grpc|\.client)\.ts$/,
  events: /(\.consumer|\.events|^domain-events)\.ts$/,
  store: /(\.store|^db|^index)\.ts$/,
  loops: /\.loop\.ts$/,
};

/** Files in a layer folder without a role suffix, with the reason. */
const HELPERS: Record<string, string> = {
  'services/studio/src/http/record-routes.ts': 'builders of the list and create routes the studio route files share',
  'services/studio/src/grpc/messages.ts': 'JSON <-> proto3 conversion shared by the studio gRPC adapters',
  'services/studio/src/grpc/stream.ts': 'server-streaming helper of the IndexSource adapter',
  'services/studio/src/store/keyset.ts': 'keyset-pagination SQL shared by the studio stores',
  'services/studio/src/store/locking.ts': 'row-locking helpers shared by the studio stores',
  'services/studio/src/store/record-json.ts': "the SQL that writes a record's public JSON, derived from its schema, for the stores' lists",
  'services/studio/src/store/record-store.ts':
    "the generic store of a workspace's records (create, lock and read, update, pages) the studio stores extend",
  'services/upload/src/events/work-queues.ts': "the work queues' topology, declared by both upload processes",
  'services/upload/src/events/job-metrics.ts': "the work consumers' job metrics",
  'services/webhooks/src/store/notifier.ts': 'LISTEN/NOTIFY connection that wakes the dispatcher',
  'gateway/src/http/context.ts': "the request's typed context (express Request augmentation)",
  'gateway/src/http/headers.ts': 'header filtering between caller and upstream',
  'gateway/src/http/respond.ts': 'the error envelope the gateway itself answers with',
  'gateway/src/http/route-table.ts': 'which upstream serves which public path',
  'gateway/src/http/metrics.ts': "the gateway's HTTP and upstream metrics",
  'services/console/src/http/cookies.ts': "the console's cookies: the Cookie header parsed, the Set-Cookie values made",
};

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'generated' || name === 'node_modules') return [];
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const rel = (file: string) => path.relative(ROOT, file);
const isSource = (file: string) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.fixture.ts');

describe.each(DEPLOYABLES)('%s', (workspace) => {
  const src = path.join(ROOT, workspace, 'src');
  const sources = filesUnder(src).filter(isSource);
  const read = (file: string) => readFileSync(file, 'utf8');

  it('has the skeleton: process files, layer folders and nothing else at the top of src/', () => {
    for (const required of hasDatabase(workspace) ? [...REQUIRED, ...SERVICE_REQUIRED] : REQUIRED) {
      expect(existsSync(path.join(src, required)), `${workspace}/src/${required} is missing`).toBe(true);
    }
    if (hasDatabase(workspace)) {
      expect(existsSync(path.join(ROOT, workspace, 'prisma', 'schema.prisma')), `${workspace}/prisma/schema.prisma is missing`).toBe(true);
    }
    const strays = readdirSync(src).filter((name) => {
      const full = path.join(src, name);
      if (statSync(full).isDirectory()) return !LAYERS.has(name) && !(rel(full) in EXTRA_FOLDERS);
      return !PROCESS_FILES.has(name) && !name.endsWith('.spec.ts');
    });
    expect(strays, `${workspace}/src: move these into a layer folder (or list the folder with a reason in EXTRA_FOLDERS)`).toEqual([]);
  });

  it('starts through the definer: main.ts and worker.ts are one runProcess call, app.ts uses defineProcess', () => {
    for (const entry of ['main.ts', 'worker.ts']) {
      const file = path.join(src, entry);
      if (!existsSync(file)) continue;
      const text = read(file);
      expect(text, `${rel(file)} must run its process with runProcess`).toMatch(/await runProcess\(\w+, load\w+Config\(\)\);/);
      expect(text.match(/^\s*(await|const|let)\b/gm)?.length, `${rel(file)} must do nothing but runProcess`).toBe(1);
    }
    expect(read(path.join(src, 'app.ts')), `${workspace}/src/app.ts must define its processes with defineProcess`).toMatch(
      /defineProcess</,
    );
  });

  it('builds its HTTP application in http/http-app.ts only (a service: with createApiApp, like every other)', () => {
    const builders = sources.filter((file) => /\b(createApiApp|createHttpApp|finishHttpApp)\(/.test(read(file)));
    expect(builders.map(rel), 'build the HTTP app in http/http-app.ts').toEqual(
      builders.filter((file) => rel(file) === `${workspace}/src/http/http-app.ts`).map(rel),
    );
    if (hasDatabase(workspace)) {
      expect(read(path.join(src, 'http', 'http-app.ts')), `${workspace}/src/http/http-app.ts must use createApiApp`).toMatch(
        /\bcreateApiApp\(/,
      );
    }
  });

  it('leaves signals and exits to @studio/process', () => {
    const tools = (file: string) => rel(file).includes('/src/cli/') || rel(file).includes('/src/dev/');
    const offenders = sources.filter((file) => /process\.on\(\s*'SIG|process\.exit\(/.test(read(file)) && !tools(file));
    expect(offenders.map(rel)).toEqual([]);
  });

  it('reads process.env only in config.ts', () => {
    const offenders = sources.filter(
      (file) => /process\.env\b/.test(read(file)) && path.basename(file) !== 'config.ts' && !rel(file).includes('/src/dev/'),
    );
    expect(offenders.map(rel)).toEqual([]);
  });

  it('imports Prisma only in src/store/', () => {
    const offenders = sources.filter(
      (file) => /from '(@prisma\/|prisma\/|[./]+.*\/generated\/)/.test(read(file)) && !rel(file).includes('/src/store/'),
    );
    expect(offenders.map(rel)).toEqual([]);
  });

  it('names each file in a layer folder for its role', () => {
    const offenders = sources.filter((file) => {
      const layer = path.relative(src, file).split(path.sep)[0]!;
      const pattern = ROLES[layer];
      return (
        pattern !== undefined &&
        path.dirname(file) === path.join(src, layer) &&
        !pattern.test(path.basename(file)) &&
        !(rel(file) in HELPERS)
      );
    });
    expect(offenders.map(rel), 'rename the file for its role, or list it with a reason in HELPERS').toEqual([]);
  });
});

it('lists no helper or extra folder that no longer exists', () => {
  const missing = [...Object.keys(HELPERS), ...Object.keys(EXTRA_FOLDERS)].filter((entry) => !existsSync(path.join(ROOT, entry)));
  expect(missing).toEqual([]);
});
