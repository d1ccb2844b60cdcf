/**
 * What the operator CLI's commands are made of: the command shape (@studio/process/cli), usage errors (exit 2), the
 * commands that run one domain operation (their options parsed with the operation's schema).
 */
import type { z } from 'zod';
import { parseInput } from '@studio/http';
import { UsageError, type Command as CliCommand, type Options } from '@studio/process/cli';
import type { StudioCore } from '../core.js';
import type { Services } from '../services/index.js';

export { UsageError };
export type { Options };

/** A command on studio's core, with its one usage line (without "admin "). */
export type Command = CliCommand<StudioCore> & { usage: string };

export interface OperationCommand<S extends z.ZodType> {
  usage: string;
  /** The operation's input schema (services/*.schema.ts), the one its route or gRPC operation parses with. */
  schema: S;
  /** Each option and the member of the input it gives, e.g. `{ workspace: 'workspace_id' }`. */
  members: Record<string, keyof z.input<S> & string>;
  required: string[];
  /** Options that may be given as '' (update commands): the member is null, which clears it. */
  clearable?: string[];
  /** Options that hold a number (given as text; anything but a plain number is left to the schema to refuse). */
  numbers?: string[];
  run(services: Services, input: z.output<S>): Promise<Record<string, unknown>>;
}

/**
 * A command that runs one operation: its options become the members of the operation's input, which is parsed with
 * the operation's schema, so bad input is refused (invalid_input, exit 2) in the same words as over HTTP and gRPC.
 */
export function operationCommand<S extends z.ZodType>(command: OperationCommand<S>): Command {
  const { usage, schema, members, required, clearable = [], numbers = [] } = command;
  return {
    usage,
    options: Object.keys(members),
    required,
    clearable,
    run: async ({ services }, options) => {
      const input: Record<string, unknown> = {};
      for (const [option, member] of Object.entries(members)) {
        const text = options[option];
        if (text === undefined) continue;
        if (clearable.includes(option) && text.trim() === '') input[member] = null;
        else if (numbers.includes(option) && /^[+-]?\d+(\.\d+)?$/.test(text)) input[member] = Number(text);
        else input[member] = text;
      }
      return command.run(services, parseInput(schema, input));
    },
  };
}

/**
 * A command on one record of a workspace, named by its id (`--workspace W --booking B`): both options required, parsed
 * with the record's ref schema (e.g. bookingRef: workspace_id, booking_id).
 */
export function refCommand<R extends string, S extends z.ZodType<unknown, Record<'workspace_id' | `${R}_id`, unknown>>>(
  usage: string,
  schema: S,
  record: R,
  run: OperationCommand<S>['run'],
): Command {
  const members = { workspace: 'workspace_id', [record]: `${record}_id` } as Record<string, keyof z.input<S> & string>;
  return operationCommand({ usage, schema, members, required: ['workspace', record], run });
}
