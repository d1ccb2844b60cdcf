/** What the operator CLI's commands are made of: the command shape, usage errors (exit 2) and option parsers. */
import type { StudioCore } from '../core.js';

/** A problem with the command line: reported on stderr with exit code 2. */
export class UsageError extends Error {}

export type Options = Record<string, string | undefined>;

export interface Command {
  /** One usage line (without "admin "). */
  usage: string;
  options: string[];
  required: string[];
  /** Options that may be given as "" (update commands: "" clears the member). */
  clearable?: string[];
  run(core: StudioCore, o: Options): Promise<Record<string, unknown>>;
}

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
