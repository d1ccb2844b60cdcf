/**
 * Operator CLI of the studio service: profiles, invitations to the account console, workspaces, memberships and API
 * tokens, a demo seed, and the domain operations without a public route (clients, leads, shoots, bookings,
 * proposals, contracts, invoices, reviews, print orders, a scheduler round). `--json` prints exactly one JSON line on
 * stdout. Bad arguments (and a refused operation: invalid input, not found, a transition the lifecycle does not
 * allow) print a message on stderr and exit 2; any other failure exits 1. Reads only what its commands use
 * (config.ts studioOperatorEnvSchema): DATABASE_URL and the account settings (PUBLIC_URL, SMTP_URL, MAIL_FROM). Commands are one word (`create-profile`) or two (`order transition`); the domain
 * commands answer `{"<entity>": {...}}` (the entity's JSON) or, for deletes, `{"<entity>_id", "deleted_at"}`.
 * `--help` / `-h` prints the usage (after a command: that command's) on stdout and exits 0; no command or an
 * unknown one prints it on stderr and exits 2.
 */
import { runCli } from '@studio/process/cli';
import { ACCOUNT_COMMANDS } from './account.commands.js';
import type { Command } from './args.js';
import { CRM_COMMANDS } from './crm.commands.js';
import { SALES_COMMANDS } from './sales.commands.js';

const COMMANDS: Record<string, Command> = { ...ACCOUNT_COMMANDS, ...CRM_COMMANDS, ...SALES_COMMANDS };

export const USAGE = `usage: admin <command> [options] [--json]\n       admin [<command>] --help\ncommands:\n${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n')}`;

process.exitCode = await runCli({
  commands: COMMANDS,
  usage: USAGE,
  notFoundMessage: 'not found (no such record in that workspace)',
  async open() {
    // Loaded only for a valid command line, so usage errors answer at once.
    const [{ loadStudioOperatorConfig }, { createStudioOperatorCore }, { createLogger }] = await Promise.all([
      import('../config.js'),
      import('../core.js'),
      import('@studio/logger'),
    ]);
    return createStudioOperatorCore(loadStudioOperatorConfig(), createLogger({ service: 'studio-admin', level: 'silent' }));
  },
  close: (core) => core.close(),
});
