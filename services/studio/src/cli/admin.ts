/**
 * Operator CLI of the studio service (there is no account UI): profiles, workspaces, memberships and API
 * tokens, plus a demo seed. `--json` prints exactly one JSON line on stdout. Bad arguments print a message on
 * stderr and exit 2; any other failure exits 1. Reads DATABASE_URL (and the rest of studio's config) from env.
 *
 *   seed-demo                                             -> {"workspace_id","profile_id","token"}
 *   create-profile --email E [--name N]                   -> {"profile_id"}
 *   create-workspace --name N [--owner P]                 -> {"workspace_id"}
 *   add-member --workspace W --profile P --role R         -> {"ok":true}
 *   create-token --profile P [--workspace W] [--rate-limit N] [--name X]  -> {"token","token_id"}
 *   revoke-token --token-id T                             -> {"ok":true}
 */
import { parseArgs } from 'node:util';
import { AppError } from '@studio/errors';
import type { StudioCore } from '../core.js';

export const USAGE = `usage: admin <command> [options] [--json]
  seed-demo
  create-profile --email E [--name N]
  create-workspace --name N [--owner PROFILE_ID]
  add-member --workspace WORKSPACE_ID --profile PROFILE_ID --role owner|admin|photographer|viewer
  create-token --profile PROFILE_ID [--workspace WORKSPACE_ID] [--rate-limit N] [--name X]
  revoke-token --token-id TOKEN_ID`;

/** A problem with the command line: reported on stderr with exit code 2. */
class UsageError extends Error {}

type Options = Record<string, string | undefined>;

interface Command {
  options: string[];
  required: string[];
  run(core: StudioCore, o: Options): Promise<Record<string, unknown>>;
}

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new UsageError(`--${name} must be a positive integer`);
  return Number(value);
}

const COMMANDS: Record<string, Command> = {
  'seed-demo': {
    options: [],
    required: [],
    run: async ({ services }) => {
      const { seedDemo } = await import('./demo-seed.js');
      return { ...(await seedDemo(services)) };
    },
  },
  'create-profile': {
    options: ['email', 'name'],
    required: ['email'],
    run: async ({ services }, o) => ({ profile_id: (await services.profiles.create({ email: o.email!, name: o.name })).id }),
  },
  'create-workspace': {
    options: ['name', 'owner'],
    required: ['name'],
    run: async ({ services }, o) => ({ workspace_id: (await services.workspaces.create({ name: o.name!, ownerId: o.owner })).id }),
  },
  'add-member': {
    options: ['workspace', 'profile', 'role'],
    required: ['workspace', 'profile', 'role'],
    run: async ({ services }, o) => {
      await services.workspaces.addMember({ workspaceId: o.workspace!, profileId: o.profile!, role: o.role! });
      return { ok: true };
    },
  },
  'create-token': {
    options: ['profile', 'workspace', 'rate-limit', 'name'],
    required: ['profile'],
    run: async ({ services }, o) => {
      const created = await services.tokens.create({
        profileId: o.profile!,
        workspaceId: o.workspace,
        rateLimit: positiveInt('rate-limit', o['rate-limit']),
        name: o.name,
      });
      return { token: created.token, token_id: created.tokenId };
    },
  },
  'revoke-token': {
    options: ['token-id'],
    required: ['token-id'],
    run: async ({ services }, o) => {
      try {
        await services.tokens.revoke(o['token-id']!);
      } catch (err) {
        if (err instanceof AppError && err.kind === 'not_found') throw new UsageError(`no token with id ${o['token-id']}`);
        throw err;
      }
      return { ok: true };
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
  for (const [key, value] of Object.entries(result)) process.stdout.write(`${key}: ${String(value)}\n`);
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
      process.stderr.write(`${cmd.name}: ${(err as Error).message}\n`);
      return 2;
    }
    process.stderr.write(`${cmd.name} failed: ${(err as Error).message ?? String(err)}\n`);
    return 1;
  } finally {
    await core.db.disconnect().catch(() => undefined);
  }
}

process.exitCode = await main(process.argv.slice(2));
