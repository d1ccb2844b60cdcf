/**
 * operationCommand: options become the members of the operation's input, parsed with the operation's schema;
 * refCommand: the same for a command on one record of a workspace; command: a hand-written one. Each requires the
 * options its usage line requires.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@studio/errors';
import type { StudioOperatorCore } from '../core.js';
import { ACCOUNT_COMMANDS } from './account.commands.js';
import { command, operationCommand, refCommand, requiredIn } from './args.js';
import { CRM_COMMANDS } from './crm.commands.js';
import { SALES_COMMANDS } from './sales.commands.js';

const schema = z.object({ workspace_id: z.string(), amount_cents: z.int().optional(), notes: z.string().nullish() });

function commandAnswering() {
  const seen: unknown[] = [];
  const command = operationCommand({
    usage: 'thing do --workspace W [--amount-cents N] [--notes T]',
    schema,
    members: ['workspace_id', 'amount_cents', 'notes'],
    clearable: ['notes'],
    numbers: ['amount-cents'],
    run: async (_services, input) => {
      seen.push(input);
      return { ok: true };
    },
  });
  return { command, seen };
}

const core = { services: {} } as StudioOperatorCore;

describe('operationCommand', () => {
  it('declares its options, required and clearable ones for the command line', () => {
    const { command } = commandAnswering();
    expect(command).toMatchObject({ options: ['workspace', 'amount-cents', 'notes'], required: ['workspace'], clearable: ['notes'] });
  });

  it('maps options to members: numbers as numbers, a clearable "" as null, absent options left out', async () => {
    const { command, seen } = commandAnswering();
    await command.run(core, { workspace: 'w', 'amount-cents': '1200', notes: '' });
    await command.run(core, { workspace: 'w' });
    expect(seen).toEqual([{ workspace_id: 'w', amount_cents: 1200, notes: null }, { workspace_id: 'w' }]);
  });

  it('refuses what the schema refuses with invalid_input naming the member (exit 2)', async () => {
    const { command, seen } = commandAnswering();
    for (const amount of ['12.50', 'ten']) {
      const err = await command.run(core, { workspace: 'w', 'amount-cents': amount }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ kind: 'invalid_input', message: expect.stringMatching(/^amount_cents: /) });
    }
    expect(seen).toEqual([]);
  });
});

describe('refCommand', () => {
  const ref = z.object({ workspace_id: z.string(), booking_id: z.string() });

  it('requires --workspace and the record option, handing the run the parsed ref', async () => {
    const seen: unknown[] = [];
    const command = refCommand('booking accept --workspace W --booking B', ref, 'booking', async (_services, input) => {
      seen.push(input);
      return { ok: true };
    });
    expect(command).toMatchObject({
      usage: 'booking accept --workspace W --booking B',
      options: ['workspace', 'booking'],
      required: ['workspace', 'booking'],
      clearable: [],
    });
    expect(await command.run(core, { workspace: 'w', booking: 'b' })).toEqual({ ok: true });
    expect(seen).toEqual([{ workspace_id: 'w', booking_id: 'b' }]);
  });
});

describe('usage lines', () => {
  it('require the options outside [...] and outside a (a | b) choice', () => {
    expect(
      requiredIn('booking request --workspace W (--client C | --lead L) --title T [--scheduled-end ISO] --scheduled-start ISO'),
    ).toEqual(['workspace', 'title', 'scheduled-start']);
    expect(requiredIn('scheduler run')).toEqual([]);
  });

  it('give a hand-written command its options and the required ones', () => {
    const run = async () => ({ ok: true });
    expect(command('token revoke --token-id ID [--reason R]', run)).toMatchObject({
      options: ['token-id', 'reason'],
      required: ['token-id'],
    });
  });

  it('name exactly the options of every command', () => {
    for (const [name, c] of Object.entries({ ...ACCOUNT_COMMANDS, ...CRM_COMMANDS, ...SALES_COMMANDS })) {
      const named = [...c.usage.matchAll(/--([a-z-]+)/g)].map((m) => m[1]);
      expect(c.usage.startsWith(`${name}`), name).toBe(true);
      expect(new Set(named), name).toEqual(new Set([...c.options, ...(c.flags ?? [])]));
    }
  });
});
