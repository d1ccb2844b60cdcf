/** What the operator CLI's commands are made of: the command shape (@studio/process/cli), usage errors (exit 2) and option parsers. */
import { UsageError, type Command as CliCommand } from '@studio/process/cli';
import type { StudioCore } from '../core.js';

export { UsageError };
export type { Options } from '@studio/process/cli';

/** A command on studio's core, with its one usage line (without "admin "). */
export type Command = CliCommand<StudioCore> & { usage: string };

export function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new UsageError(`--${name} must be a positive integer`);
  return Number(value);
}

/** A whole number of cents (0 or more). */
export function cents(name: string, value: string | undefined): number {
  if (value === undefined || !/^\d{1,10}$/.test(value)) throw new UsageError(`--${name} must be a whole number of cents`);
  return Number(value);
}
