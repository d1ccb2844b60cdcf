/**
 * Operator CLI of the gallery service. `--json` prints exactly one JSON line on stdout. Bad arguments (and an
 * unknown gallery or portal) print a message on stderr and exit 2; any other failure exits 1. Reads DATABASE_URL
 * (and the rest of gallery's config) from the environment.
 *
 *   suspend-portal (--gallery G | --prefix P)          -> {"gallery_id","portal":{prefix,state,expires_at,created_at}}
 *   expire-portal  (--gallery G | --prefix P)          -> same
 *   create-album --gallery G --title T [--description D] [--photos id,id,...]   -> the album's JSON
 *
 * Run: npm run -s admin -w @studio/gallery-service -- <command> [options] [--json]
 *  or: npx tsx services/gallery/src/cli/admin.ts <command> [options] [--json]
 */
import { parseArgs } from 'node:util';
import { AppError } from '@studio/errors';
import type { GalleryCore } from '../app.js';

export const USAGE = `usage: admin <command> [options] [--json]
  suspend-portal (--gallery GALLERY_ID | --prefix PORTAL_PREFIX)
  expire-portal  (--gallery GALLERY_ID | --prefix PORTAL_PREFIX)
  create-album --gallery GALLERY_ID --title TITLE [--description TEXT] [--photos PHOTO_ID,PHOTO_ID,...]
               (without --photos the album holds every photo of the gallery, in gallery order)`;

/** A problem with the command line: reported on stderr with exit code 2. */
class UsageError extends Error {}

type Options = Record<string, string | undefined>;

interface Command {
  options: string[];
  required: string[];
  run(core: GalleryCore, o: Options): Promise<Record<string, unknown>>;
}

function portalRef(o: Options): { galleryId?: string; prefix?: string } {
  if ((o.gallery === undefined) === (o.prefix === undefined)) throw new UsageError('give exactly one of --gallery or --prefix');
  return { galleryId: o.gallery, prefix: o.prefix };
}

const COMMANDS: Record<string, Command> = {
  'suspend-portal': {
    options: ['gallery', 'prefix'],
    required: [],
    run: async ({ services }, o) => ({ ...(await services.operator.suspendPortal(portalRef(o))) }),
  },
  'expire-portal': {
    options: ['gallery', 'prefix'],
    required: [],
    run: async ({ services }, o) => ({ ...(await services.operator.expirePortal(portalRef(o))) }),
  },
  'create-album': {
    options: ['gallery', 'title', 'description', 'photos'],
    required: ['gallery', 'title'],
    run: async ({ services }, o) => {
      const photoIds = o.photos === undefined ? undefined : o.photos.split(',').map((p) => p.trim()).filter((p) => p.length > 0);
      if (photoIds && photoIds.length === 0) throw new UsageError('--photos names no photo');
      return { album: await services.operator.createAlbum({ galleryId: o.gallery!, title: o.title!, description: o.description, photoIds }) };
    },
  },
};

export interface ParsedCommand {
  name: string;
  command: Command;
  options: Options;
  json: boolean;
}

/** Parses argv (without node and script); throws UsageError for anything it cannot run. */
export function parseCommandLine(argv: string[]): ParsedCommand {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === 'help') throw new UsageError(USAGE);
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command: ${name}\n${USAGE}`);
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: {
        json: { type: 'boolean' },
        ...Object.fromEntries(command.options.map((o) => [o, { type: 'string' as const }])),
      },
    });
  } catch (err) {
    throw new UsageError(`${name}: ${(err as Error).message}\n${USAGE}`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const options: Options = {};
  for (const o of command.options) {
    const v = values[o];
    if (typeof v === 'string') {
      if (v.trim() === '') throw new UsageError(`${name}: --${o} must not be empty`);
      options[o] = v;
    }
  }
  const missing = command.required.filter((o) => options[o] === undefined);
  if (missing.length > 0) throw new UsageError(`${name}: missing ${missing.map((o) => `--${o}`).join(', ')}\n${USAGE}`);
  return { name, command, options, json: values.json === true };
}

function print(result: Record<string, unknown>, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  for (const [key, value] of Object.entries(result)) process.stdout.write(`${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}\n`);
}

async function main(argv: string[]): Promise<number> {
  let cmd: ParsedCommand;
  try {
    cmd = parseCommandLine(argv);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 2;
  }
  // Loaded only for a valid command line, so usage errors answer at once.
  const [{ loadGalleryConfig }, { createGalleryCore }, { createLogger }] = await Promise.all([
    import('../config.js'),
    import('../app.js'),
    import('@studio/logger'),
  ]);
  const config = loadGalleryConfig();
  const core = createGalleryCore(config, { logger: createLogger({ service: 'gallery-admin', level: 'silent' }) });
  try {
    print(await cmd.command.run(core, cmd.options), cmd.json);
    return 0;
  } catch (err) {
    if (err instanceof UsageError || (err instanceof AppError && ['invalid_input', 'not_found', 'conflict'].includes(err.kind))) {
      process.stderr.write(`${cmd.name}: ${(err as Error).message}\n`);
      return 2;
    }
    process.stderr.write(`${cmd.name} failed: ${(err as Error).message ?? String(err)}\n`);
    return 1;
  } finally {
    await core.close().catch(() => undefined);
  }
}

process.exitCode = await main(process.argv.slice(2));
