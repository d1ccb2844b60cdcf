/**
 * What the operator CLI's commands are made of: the command shape (@studio/process/cli), usage errors (exit 2), the
 * commands that run one domain operation (their options parsed with the operation's schema). A command's usage line
 * says which options it requires (those not in `[...]` nor in a `(a | b)` choice), and the command requires exactly
 * those.
 */
import type { z } from 'zod';
import { parseInput } from '@studio/http';
import { UsageError, type Command as CliCommand, type Options } from '@studio/process/cli';
import type { StudioOperatorCore } from '../core.js';
import type { Services } from '../services/index.js';

export { UsageError };
export type { Options };

/** A command on studio's core, with its one usage line (without "admin "). */
export type Command = CliCommand<StudioOperatorCore> & { usage: string };

/** The options a usage line requires: every `--option` outside `[...]` and `(... | ...)`. */
export function requiredIn(usage: string): string[] {
  return optionsIn(usage.replace(/\[[^\]]*\]|\([^)]*\)/g, ''));
}

const optionsIn = (usage: string) => [...usage.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]!);

/** A command written by hand: its options and the required ones are the ones its usage line names. */
export function command(usage: string, run: Command['run']): Command {
  return { usage, options: optionsIn(usage), required: requiredIn(usage), run };
}

type Member<S extends z.ZodType> = keyof z.input<S> & string;

/** The option that gives an input member: `_id` dropped, `_` written `-` (`scheduled_start` -> `scheduled-start`). */
export const optionFor = (member: string) => member.replace(/_id$/, '').replaceAll('_', '-');

export interface OperationCommand<S extends z.ZodType> {
  usage: string;
  /** The operation's input schema (services/*.schema.ts), the one its route or gRPC operation parses with. */
  schema: S;
  /**
   * The members of the input the command's options give, each from the option its name makes (optionFor:
   * `workspace_id` from --workspace, `amount_cents` from --amount-cents); `[option, member]` where it differs.
   */
  members: readonly (Member<S> | readonly [option: string, member: Member<S>])[];
  /** Options that may be given as '' (update commands): the member is null, which clears it. */
  clearable?: string[];
  /** Options that hold a number (given as text; anything but a plain number is left to the schema to refuse). */
  numbers?: string[];
  /** Options that take no value (`--read-only`): their member is true when given, absent otherwise. */
  flags?: string[];
  run(services: Services, input: z.output<S>): Promise<Record<string, unknown>>;
}

/**
 * A command that runs one operation: its options become the members of the operation's input, which is parsed with
 * the operation's schema, so bad input is refused (invalid_input, exit 2) in the same words as over HTTP and gRPC.
 */
export function operationCommand<S extends z.ZodType>(command: OperationCommand<S>): Command {
  const { usage, schema, clearable = [], numbers = [], flags = [] } = command;
  const members = command.members.map((entry) => (typeof entry === 'string' ? ([optionFor(entry), entry] as const) : entry));
  return {
    usage,
    options: members.map(([option]) => option).filter((option) => !flags.includes(option)),
    required: requiredIn(usage),
    clearable,
    flags,
    run: async ({ services }, options) => {
      const input: Record<string, unknown> = {};
      for (const [option, member] of members) {
        const text = options[option];
        if (text === undefined) continue;
        if (flags.includes(option)) input[member] = true;
        else if (clearable.includes(option) && text.trim() === '') input[member] = null;
        else if (numbers.includes(option) && /^[+-]?\d+(\.\d+)?$/.test(text)) input[member] = Number(text);
        else input[member] = text;
      }
      return command.run(services, parseInput(schema, input));
    },
  };
}

/**
 * A command on one record of a workspace, named by its id (`--workspace W --booking B`, both required), parsed with the
 * record's ref schema (e.g. bookingRef: workspace_id, booking_id).
 */
export function refCommand<R extends string, S extends z.ZodType<unknown, Record<'workspace_id' | `${R}_id`, unknown>>>(
  usage: string,
  schema: S,
  record: R,
  run: OperationCommand<S>['run'],
): Command {
  const members = ['workspace_id', `${record}_id`] as Member<S>[];
  return operationCommand({ usage, schema, members, run });
}
