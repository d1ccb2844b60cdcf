/**
 * operationCommand: options become the members of the operation's input, parsed with the operation's schema;
 * refCommand: the same for a command on one record of a workspace.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@studio/errors';
import type { StudioCore } from '../core.js';
import { operationCommand, refCommand } from './args.js';

const schema = z.object({ workspace_id: z.string(), amount_cents: z.int().optional(), notes: z.string().nullish() });

function commandAnswering() {
  const seen: unknown[] = [];
  const command = operationCommand({
    usage: 'thing do --workspace W [--amount-cents N] [--notes T]',
    schema,
    members: ['workspace_id', 'amount_cents', 'notes'],
    required: ['workspace'],
    clearable: ['notes'],
    numbers: ['amount-cents'],
    run: async (_services, input) => {
      seen.push(input);
      return { ok: true };
    },
  });
  return { command, seen };
}

const core = { services: {} } as StudioCore;

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
