/**
 * Operator CLI of the studio service (there is no account UI): profiles, workspaces, memberships and API
 * tokens, a demo seed, and the domain operations without a public route (clients, leads, shoots, bookings,
 * proposals, contracts, invoices, reviews, print orders, a scheduler round). `--json` prints exactly one JSON line on
 * stdout. Bad arguments (and a refused operation: invalid input, not found, a transition the lifecycle does not
 * allow) print a message on stderr and exit 2; any other failure exits 1. Reads DATABASE_URL (and the rest of
 * studio's config) from env. Commands are one word (`create-profile`) or two (`order transition`); the domain
 * commands answer `{"<entity>": {...}}` (the entity's JSON) or, for deletes, `{"<entity>_id", "deleted_at"}`.
 */
import { parseArgs } from 'node:util';
import { AppError } from '@studio/errors';
import { ACCOUNT_COMMANDS } from './account.commands.js';
import { UsageError, type Command, type Options } from './args.js';
import { CRM_COMMANDS } from './crm.commands.js';
import { SALES_COMMANDS } from './sales.commands.js';

const COMMANDS: Record<string, Command> = { ...ACCOUNT_COMMANDS, ...CRM_COMMANDS, ...SALES_COMMANDS };

export const USAGE = `usage: admin <command> [options] [--json]\n${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n')}`;

export interface ParsedCommand {
  name: string;
  command: Command;
  options: Options;
  json: boolean;
}

/** Parses argv (without node and script); throws UsageError for anything it cannot run. */
export function parseCommandLine(argv: string[]): ParsedCommand {
  const [first, second] = argv;
  if (!first || first === '--help' || first === 'help') throw new UsageError(USAGE);
  const twoWords = second !== undefined ? `${first} ${second}` : '';
  const name = COMMANDS[twoWords] ? twoWords : first;
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command: ${twoWords && !second!.startsWith('-') ? twoWords : first}\n${USAGE}`);
  const rest = argv.slice(name === twoWords ? 2 : 1);
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
      if (v.trim() === '' && !command.clearable?.includes(o)) throw new UsageError(`${name}: --${o} must not be empty`);
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
  for (const [key, value] of Object.entries(result)) {
    process.stdout.write(`${key}: ${value !== null && typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value)}\n`);
  }
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
  const [{ loadStudioConfig }, { createStudioCore }, { createLogger }] = await Promise.all([
    import('../config.js'),
    import('../core.js'),
    import('@studio/logger'),
  ]);
  const config = loadStudioConfig();
  const core = createStudioCore(config, { logger: createLogger({ service: 'studio-admin', level: 'silent' }) });
  try {
    print(await cmd.command.run(core, cmd.options), cmd.json);
    return 0;
  } catch (err) {
    if (err instanceof UsageError || (err instanceof AppError && ['invalid_input', 'not_found', 'conflict'].includes(err.kind))) {
      const message = err instanceof AppError && err.kind === 'not_found' ? 'not found (no such record in that workspace)' : (err as Error).message;
      process.stderr.write(`${cmd.name}: ${message}\n`);
      return 2;
    }
    process.stderr.write(`${cmd.name} failed: ${(err as Error).message ?? String(err)}\n`);
    return 1;
  } finally {
    await core.db.disconnect().catch(() => undefined);
  }
}

process.exitCode = await main(process.argv.slice(2));
