/**
 * Operator CLIs (`admin <command> [options] [--json]`): a table of commands, each with its `--option value` names,
 * the required ones and a `run` on what the CLI opens (a service's core). A command is one word (`create-album`)
 * or two (`order transition`). `--json` prints exactly one JSON line on stdout, otherwise `key: value` lines.
 * Help: `admin --help`, `admin -h` and `admin help` print the usage on stdout and exit 0; `admin <command> --help`
 * (or `-h`, or `admin help <command>`) prints that command's usage, whatever else the line holds (missing or
 * unknown options included); `admin <group> --help` lists the two-word commands of a group (`admin order -h`).
 * Exit codes: 0 done (or help); 2 a bad command line (no command, an unknown command: the usage on stderr) or a
 * refused operation (UsageError, or an AppError invalid_input, not_found or conflict), with a message on
 * stderr; 1 any other failure.
 */
import { parseArgs } from 'node:util';
import { AppError } from '@studio/errors';

/** A problem with the command line: reported on stderr with exit code 2. */
export class UsageError extends Error {}

export type Options = Record<string, string | undefined>;

export interface Command<Core> {
  /** One usage line (without "admin "); derived from the options when absent. */
  usage?: string;
  /** More lines for `admin <command> --help`. */
  description?: string;
  options: string[];
  required: string[];
  /** Options that may be given as "" (update commands: "" clears the member); any other must not be empty. */
  clearable?: string[];
  /** Options that take no value (`--read-only`): given, they are 'true' in the options; absent, they are absent. */
  flags?: string[];
  run(core: Core, options: Options): Promise<Record<string, unknown>>;
}

export interface ParsedCommand<Core> {
  name: string;
  command: Command<Core>;
  options: Options;
  json: boolean;
}

/** A request for help: the text to print on stdout (exit 0). */
export interface HelpRequest {
  help: string;
}

export const isHelpFlag = (arg: string): boolean => arg === '--help' || arg === '-h';

/** The usage of one command: `usage: <program> <its usage line> [--json]`, then its description. */
export function commandUsage<Core>(program: string, name: string, command: Command<Core>): string {
  const line =
    command.usage ??
    [
      name,
      ...command.options.map((option) =>
        command.required.includes(option) ? `--${option} ${option.toUpperCase()}` : `[--${option} ${option.toUpperCase()}]`,
      ),
      ...(command.flags ?? []).map((flag) => `[--${flag}]`),
    ].join(' ');
  return `usage: ${program} ${line} [--json]${command.description ? `\n${command.description.replace(/^/gm, '  ')}` : ''}`;
}

/**
 * Parses argv (without node and script): the command to run, or a help request when the line asks for help
 * (`--help` or `-h` anywhere, or the word `help` first); throws UsageError for anything it cannot run.
 */
export function parseCommandLine<Core>(
  commands: Record<string, Command<Core>>,
  usage: string,
  argv: string[],
  program = 'admin',
): ParsedCommand<Core> | HelpRequest {
  if (argv.length === 0) throw new UsageError(usage);
  const helpWord = argv[0] === 'help';
  const words = helpWord ? argv.slice(1) : argv;
  const help = helpWord || argv.some(isHelpFlag);
  const [first, second] = words;
  if (help && (first === undefined || first.startsWith('-'))) return { help: usage };
  const twoWords = first !== undefined && second !== undefined ? `${first} ${second}` : '';
  const name = commands[twoWords] ? twoWords : first!;
  const command = commands[name];
  if (!command) {
    const group = Object.keys(commands).filter((n) => n.startsWith(`${first} `));
    if (help && group.length > 0) return { help: group.map((n) => commandUsage(program, n, commands[n]!)).join('\n') };
    throw new UsageError(`unknown command: ${twoWords && !second!.startsWith('-') ? twoWords : first}\n${usage}`);
  }
  if (help) return { help: commandUsage(program, name, command) };
  const rest = words.slice(name === twoWords ? 2 : 1);
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: {
        json: { type: 'boolean' },
        ...Object.fromEntries(command.options.map((option) => [option, { type: 'string' as const }])),
        ...Object.fromEntries((command.flags ?? []).map((flag) => [flag, { type: 'boolean' as const }])),
      },
    });
  } catch (err) {
    throw new UsageError(`${name}: ${(err as Error).message}\n${usage}`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const options: Options = {};
  for (const option of command.options) {
    const value = values[option];
    if (typeof value === 'string') {
      if (value.trim() === '' && !command.clearable?.includes(option)) throw new UsageError(`${name}: --${option} must not be empty`);
      options[option] = value;
    }
  }
  for (const flag of command.flags ?? []) if (values[flag] === true) options[flag] = 'true';
  const missing = command.required.filter((option) => options[option] === undefined);
  if (missing.length > 0) throw new UsageError(`${name}: missing ${missing.map((option) => `--${option}`).join(', ')}\n${usage}`);
  return { name, command, options, json: values.json === true };
}

/** The answer on stdout: one JSON line, or `key: value` lines (objects as indented JSON). */
export function formatResult(result: Record<string, unknown>, json: boolean): string {
  if (json) return `${JSON.stringify(result)}\n`;
  return Object.entries(result)
    .map(([key, value]) => `${key}: ${value !== null && typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value)}\n`)
    .join('');
}

export interface CliOptions<Core> {
  commands: Record<string, Command<Core>>;
  usage: string;
  /** Opens what the commands run on; called only for a valid command line, so usage errors answer at once. */
  open(): Promise<Core>;
  /** Closes it after the command (errors are ignored). */
  close(core: Core): Promise<void>;
  /** The message of a not_found refusal (default: the error's own message). */
  notFoundMessage?: string;
  /** The program's name in a command's usage (default `admin`). */
  program?: string;
}

const REFUSALS: readonly string[] = ['invalid_input', 'not_found', 'conflict'];

/** Runs one command line; resolves to the exit code (set it as process.exitCode). */
export async function runCli<Core>(cli: CliOptions<Core>, argv: string[] = process.argv.slice(2)): Promise<number> {
  let cmd: ParsedCommand<Core>;
  try {
    const parsed = parseCommandLine(cli.commands, cli.usage, argv, cli.program);
    if ('help' in parsed) {
      process.stdout.write(`${parsed.help}\n`);
      return 0;
    }
    cmd = parsed;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 2;
  }
  const core = await cli.open();
  try {
    process.stdout.write(formatResult(await cmd.command.run(core, cmd.options), cmd.json));
    return 0;
  } catch (err) {
    if (err instanceof UsageError || (err instanceof AppError && REFUSALS.includes(err.kind))) {
      const message =
        err instanceof AppError && err.kind === 'not_found' && cli.notFoundMessage ? cli.notFoundMessage : (err as Error).message;
      process.stderr.write(`${cmd.name}: ${message}\n`);
      return 2;
    }
    process.stderr.write(`${cmd.name} failed: ${(err as Error).message ?? String(err)}\n`);
    return 1;
  } finally {
    await cli.close(core).catch(() => undefined);
  }
}
