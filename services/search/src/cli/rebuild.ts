/**
 * Re-index one workspace from the owning services over gRPC (IndexSource), while the service keeps running.
 *
 *   tsx services/search/src/cli/rebuild.ts --workspace <uuid> [--source service=host:port ...] [--types client,lead] [--json]
 *
 * Without --source the INDEX_SOURCES addresses are used (default: studio 127.0.0.1:7201, gallery
 * 127.0.0.1:7202). DATABASE_URL names the search database. Exit status 0 when every source streamed
 * completely, 1 when one failed (its types were then left as they were), 2 for bad arguments (message and
 * usage on stderr). `--help` / `-h` prints the usage on stdout and exits 0, whatever else the line holds.
 */
import { parseArgs } from 'node:util';
import { createLogger } from '@studio/logger';
import { isUuid } from '@studio/uuid';
import { loadSearchConfig, parseSource } from '../config.js';
import { connectIndexSource } from '../grpc/index-source.client.js';
import { isDocType, type DocType } from '../services/document-mapping.js';
import { RebuildService } from '../services/rebuild.service.js';
import { IndexStore } from '../store/index.store.js';
import { createDatabase } from '../store/db.js';

const USAGE = 'usage: rebuild --workspace <uuid> [--source service=host:port ...] [--types client,lead,...] [--json]';
const HELP = `${USAGE}
       rebuild --help
Re-indexes one workspace from the owning services (IndexSource over gRPC) while the service keeps running.
  --workspace  the workspace to re-index (UUID)
  --source     an IndexSource server as service=host:port (studio=..., gallery=...), repeatable (default: INDEX_SOURCES)
  --types      only these document types, comma-separated
  --json       print the report as one JSON line
Exit status: 0 every source streamed completely, 1 one failed (its types were left as they were), 2 bad arguments.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

const argv = process.argv.slice(2);
if (argv.some((a) => a === '--help' || a === '-h')) {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}

let args;
try {
  args = parseArgs({
    args: argv,
    options: {
      workspace: { type: 'string' },
      source: { type: 'string', multiple: true },
      types: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
} catch (err) {
  fail((err as Error).message);
}
const workspace = args.workspace;
if (!isUuid(workspace)) fail('--workspace must be a UUID');
let types: DocType[] | undefined;
if (args.types !== undefined) {
  const parts = args.types
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const bad = parts.filter((t) => !isDocType(t));
  if (bad.length) fail(`unknown type(s): ${bad.join(', ')}`);
  types = parts as DocType[];
}

const config = loadSearchConfig();
const sources = args.source?.length
  ? args.source.map((text) => parseSource(text) ?? fail(`--source ${text} is not service=host:port (e.g. studio=127.0.0.1:7201)`))
  : config.rebuild.sources;

const logger = createLogger({ service: 'search-rebuild', level: args.json ? 'warn' : config.logLevel });
const db = createDatabase({ url: config.databaseUrl, logger, poolSize: 2, statementTimeoutMs: 300_000, applicationName: 'search-rebuild' });
const clients = sources.map((s) => connectIndexSource(s, config.serviceKey));
let status = 1;
try {
  const report = await new RebuildService(new IndexStore(db), logger).rebuild(workspace, clients, {
    types,
    streamTimeoutMs: config.rebuild.streamTimeoutMs,
  });
  if (args.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  else {
    process.stdout.write(
      `rebuild ${report.rebuildId} of workspace ${report.workspaceId}: ${report.written} written, ${report.removed} removed\n`,
    );
    for (const s of report.sources) {
      process.stdout.write(
        `  ${s.address} [${s.types.join(', ')}]: ${s.received} received, ${s.skipped} skipped, ${s.ok ? 'ok' : `FAILED: ${s.error}`}\n`,
      );
    }
  }
  status = report.ok ? 0 : 1;
} catch (err) {
  process.stderr.write(`rebuild failed: ${(err as Error).message}\n`);
} finally {
  for (const c of clients) c.close();
  await db.disconnect();
}
process.exit(status);
