/**
 * The operator CLI's domain commands (src/cli/*.commands.ts), spawned as a real process against the test database:
 * one JSON line per command with --json, the events on the broker, and exit code 2 for bad arguments and refused
 * transitions (with nothing emitted).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSecretsEnv } from '@studio/testkit/secrets';
import { STUDIO_SECRETS } from './harness.js';
import { startOperationsContext, type OperationsContext } from './support/operations.js';

const run = promisify(execFile);
const ADMIN = path.resolve(import.meta.dirname, '../src/cli/admin.ts');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

describe('admin CLI: domain operations', { timeout: 180_000 }, () => {
  let c: OperationsContext;
  beforeAll(async () => {
    c = await startOperationsContext();
  });
  afterAll(async () => {
    await c?.stop();
  });

  async function cli(args: string[]): Promise<CliResult> {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', ADMIN, ...args], {
        env: { ...process.env, ...testSecretsEnv(STUDIO_SECRETS), DATABASE_URL: c.t.database.url },
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  /** Runs a command with --json, expects one JSON line and exactly `types` for the workspace; returns the JSON. */
  async function json(ws: string, args: string[], types: string[]): Promise<any> {
    await c.settle(ws);
    const mark = c.listener.of(ws).length;
    const r = await cli([...args, '--json']);
    expect(r.stderr, r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    await c.settle(ws);
    expect(
      c.listener
        .of(ws)
        .slice(mark)
        .map((e) => e.envelope.type)
        .sort(),
    ).toEqual([...types].sort());
    return JSON.parse(lines[0]!);
  }

  /** Runs a command that must be refused: exit 2, a message on stderr, nothing on stdout, no event. */
  async function refused(ws: string, args: string[]): Promise<string> {
    await c.settle(ws);
    const mark = c.listener.of(ws).length;
    const r = await cli([...args, '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    await c.settle(ws);
    expect(c.listener.of(ws).slice(mark)).toEqual([]);
    return r.stderr.trim();
  }

  it('bookings, proposals, contracts, invoices and reviews', async () => {
    const ws = (await c.t.given.workspace()).id;
    const client = await c.t.given.client(ws);
    const W = ['--workspace', ws];

    const { booking } = await json(
      ws,
      ['booking', 'request', ...W, '--client', client.id, '--title', 'Portraits', '--scheduled-start', '2027-02-01T10:00:00Z'],
      ['booking.requested'],
    );
    expect(booking).toMatchObject({ status: 'requested', client_id: client.id, title: 'Portraits' });
    expect((await json(ws, ['booking', 'accept', ...W, '--booking', booking.id], ['booking.accepted'])).booking.status).toBe('accepted');
    expect(await refused(ws, ['booking', 'decline', ...W, '--booking', booking.id])).toMatch(
      /booking is accepted: it cannot become declined/,
    );

    const { proposal } = await json(
      ws,
      ['proposal', 'create', ...W, '--client', client.id, '--title', 'Collection A', '--amount-cents', '120000', '--currency', 'EUR'],
      [],
    );
    await json(ws, ['proposal', 'send', ...W, '--proposal', proposal.id, '--expires-at', '2030-01-01T00:00:00Z'], ['proposal.sent']);
    await json(ws, ['proposal', 'view', ...W, '--proposal', proposal.id], ['proposal.viewed']);
    expect((await json(ws, ['proposal', 'accept', ...W, '--proposal', proposal.id], ['proposal.accepted'])).proposal.status).toBe(
      'accepted',
    );

    const { contract } = await json(
      ws,
      ['contract', 'send', ...W, '--client', client.id, '--proposal', proposal.id, '--title', 'Agreement'],
      [],
    );
    expect(
      (await json(ws, ['contract', 'sign', ...W, '--contract', contract.id, '--signed-by', 'Jane'], ['contract.signed'])).contract,
    ).toMatchObject({ signed_by: 'Jane' });

    const { invoice } = await json(
      ws,
      [
        'invoice',
        'issue',
        ...W,
        '--client',
        client.id,
        '--number',
        'INV-9',
        '--amount-cents',
        '5000',
        '--currency',
        'EUR',
        '--status',
        'sent',
      ],
      [],
    );
    expect((await json(ws, ['invoice', 'pay', ...W, '--invoice', invoice.id], ['invoice.paid', 'payment.received'])).invoice.status).toBe(
      'paid',
    );
    expect(await refused(ws, ['invoice', 'pay', ...W, '--invoice', invoice.id])).toMatch(/invoice is paid/);

    const { review } = await json(ws, ['review', 'create', ...W, '--client', client.id, '--rating', '5', '--body', 'Superb'], []);
    expect((await json(ws, ['review', 'approve', ...W, '--review', review.id], ['review.approved'])).review.status).toBe('approved');
  });

  it('print orders, clients, leads, shoots and a scheduler round', async () => {
    const ws = (await c.t.given.workspace()).id;
    const W = ['--workspace', ws];
    const { order } = await json(
      ws,
      ['order', 'create', ...W, '--number', 'PO-1', '--total-cents', '2500', '--currency', 'GBP'],
      ['order.created'],
    );
    await json(ws, ['order', 'transition', ...W, '--order', order.id, '--to', 'paid'], ['order.updated', 'payment.received']);
    await json(ws, ['order', 'transition', ...W, '--order', order.id, '--to', 'sent_to_print'], ['order.updated', 'order.sent_to_print']);
    const shipped = await json(
      ws,
      ['order', 'transition', ...W, '--order', order.id, '--to', 'shipped', '--tracking-number', 'TRK1'],
      ['order.updated', 'order.shipped'],
    );
    expect(shipped.order.status).toBe('shipped');
    expect(await refused(ws, ['order', 'transition', ...W, '--order', order.id, '--to', 'cancelled'])).toMatch(
      /order is shipped: it cannot become cancelled \(only from pending or paid\)/,
    );

    const { lead } = await json(ws, ['lead', 'create', ...W, '--name', 'Sam', '--email', 'sam@example.com'], ['lead.created']);
    expect((await json(ws, ['lead', 'update', ...W, '--lead', lead.id, '--email', ''], ['lead.updated'])).lead.email).toBeNull();
    expect(await json(ws, ['lead', 'delete', ...W, '--lead', lead.id], ['lead.deleted'])).toEqual({
      lead_id: lead.id,
      deleted_at: expect.any(String),
    });

    const client = await c.t.given.client(ws, { name: 'Before' });
    expect((await json(ws, ['client', 'update', ...W, '--client', client.id, '--name', 'After'], ['client.updated'])).client.name).toBe(
      'After',
    );
    await json(ws, ['client', 'delete', ...W, '--client', client.id], ['client.deleted']);

    const shoot = await c.t.given.shoot(ws, { title: 'Old title' });
    expect((await json(ws, ['shoot', 'update', ...W, '--shoot', shoot.id, '--title', 'New title'], ['shoot.updated'])).shoot.title).toBe(
      'New title',
    );
    await json(ws, ['shoot', 'delete', ...W, '--shoot', shoot.id], ['shoot.deleted']);

    expect(await json(ws, ['scheduler', 'run'], [])).toEqual({
      shoots_completed: expect.any(Number),
      proposals_expired: expect.any(Number),
      account_rows_pruned: expect.any(Number),
    });
  });

  it.each([
    ['unknown subcommand', ['booking', 'cancel', '--workspace', '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60']],
    [
      'missing --to',
      ['order', 'transition', '--workspace', '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60', '--order', '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60'],
    ],
    [
      'bad amount',
      [
        'proposal',
        'create',
        '--workspace',
        '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60',
        '--lead',
        'x',
        '--title',
        'x',
        '--amount-cents',
        '12.50',
        '--currency',
        'EUR',
      ],
    ],
    ['bad uuid', ['booking', 'accept', '--workspace', 'nope', '--booking', 'nope']],
    [
      'unknown record',
      [
        'order',
        'transition',
        '--workspace',
        '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60',
        '--order',
        '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60',
        '--to',
        'paid',
      ],
    ],
    [
      'empty non-clearable option',
      [
        'lead',
        'update',
        '--workspace',
        '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60',
        '--lead',
        '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60',
        '--name',
        '',
      ],
    ],
  ])('exits 2 for %s', async (_name, args) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().length).toBeGreaterThan(0);
  });
});
