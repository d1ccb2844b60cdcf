import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSecretsEnv } from '@studio/testkit/secrets';
import { STUDIO_SECRETS, startTestStudio, type TestStudio } from './harness.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const ADMIN = path.join(ROOT, 'services/studio/src/cli/admin.ts');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

// Each case spawns the CLI (tsx start-up plus a database round trip): allow for a busy machine.
describe('admin CLI', { timeout: 120_000 }, () => {
  let t: TestStudio;
  beforeAll(async () => {
    t = await startTestStudio();
  });
  afterAll(async () => {
    await t?.stop();
  });

  async function cli(args: string[], via: 'tsx' | 'npm-script' = 'tsx', env?: NodeJS.ProcessEnv): Promise<CliResult> {
    const [cmd, argv] =
      via === 'tsx'
        ? [process.execPath, ['--import', 'tsx', ADMIN, ...args]]
        : [process.execPath, [path.join(ROOT, 'scripts/run-admin.mjs'), ...args]];
    try {
      const { stdout, stderr } = await run(cmd, argv, {
        cwd: ROOT,
        env: env ?? { ...process.env, ...testSecretsEnv(STUDIO_SECRETS), DATABASE_URL: t.database.url, LOG_LEVEL: 'info' },
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  const json = (r: CliResult) => {
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    return JSON.parse(lines[0]!);
  };

  it('reads only the configuration its commands use: DATABASE_URL alone is enough, no service key', async () => {
    const bare = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.database.url };
    const profile = json(await cli(['create-profile', '--email', 'bare-env@example.com', '--json'], 'tsx', bare));
    const workspace = json(await cli(['create-workspace', '--name', 'Bare', '--owner', profile.profile_id, '--json'], 'tsx', bare));
    const token = json(await cli(['create-token', '--profile', profile.profile_id, '--json'], 'tsx', bare));
    expect(token.token).toMatch(/^stu_/);
    const caller = await t.given.callerForToken(token.token);
    expect(caller.principal.memberships).toEqual({ [workspace.workspace_id]: 'owner' });
    const bad = await cli(['create-profile', '--email', 'x@example.com', '--json'], 'tsx', { ...bare, DATABASE_URL: 'mysql://x' });
    expect(bad.code).toBe(78);
    expect(bad.stderr).toMatch(/DATABASE_URL/);
  });

  it('seed-demo creates the demo workspace once, with data, and mints a new owner token each time', async () => {
    const first = json(await cli(['seed-demo', '--json'], 'npm-script'));
    expect(first).toEqual({
      workspace_id: expect.any(String),
      profile_id: expect.any(String),
      token: expect.stringMatching(/^stu_[0-9A-Za-z]{46}$/),
    });
    const second = json(await cli(['seed-demo', '--json']));
    expect(second.workspace_id).toBe(first.workspace_id);
    expect(second.profile_id).toBe(first.profile_id);
    expect(second.token).not.toBe(first.token);

    const caller = await t.given.callerForToken(second.token);
    expect(caller.principal.memberships).toEqual({ [first.workspace_id]: 'owner' });
    const dashboard = await t.api('GET', '/mobile/dashboard', { as: caller, query: { workspace_id: first.workspace_id } });
    expect(dashboard.status).toBe(200);
    const d = dashboard.body.dashboard;
    expect(d.upcoming_shoots.length).toBeGreaterThanOrEqual(3);
    expect(d.upcoming_shoots[0].shot_list.total).toBeGreaterThan(0);
    expect(d.open_tasks.length).toBeGreaterThan(0);
    expect(d.recent_orders.length).toBeGreaterThan(0);
    expect(d.counts.clients).toBeGreaterThan(0);
    for (const p of ['/shoots', '/clients', '/orders', '/invoices', '/tasks']) {
      const list = await t.api('GET', p, { as: caller, query: { workspace_id: first.workspace_id } });
      expect(list.status).toBe(200);
      expect(list.body.items.length).toBeGreaterThan(0);
    }
    const who = await t.api('GET', '/auth/whoami', { as: caller });
    expect(who.body.profile.email).toBe('demo@studio.local');
  });

  it('creates profiles, workspaces, members and tokens, and revokes tokens', async () => {
    const owner = json(await cli(['create-profile', '--email', 'Owner@Example.test', '--name', 'Olive', '--json']));
    expect(owner).toEqual({ profile_id: expect.any(String) });
    const member = json(await cli(['create-profile', '--email', 'member@example.test', '--json']));
    const ws = json(await cli(['create-workspace', '--name', 'CLI Studio', '--owner', owner.profile_id, '--json']));
    expect(ws).toEqual({ workspace_id: expect.any(String) });
    expect(
      json(await cli(['add-member', '--workspace', ws.workspace_id, '--profile', member.profile_id, '--role', 'photographer', '--json'])),
    ).toEqual({ ok: true });
    const token = json(
      await cli([
        'create-token',
        '--profile',
        member.profile_id,
        '--workspace',
        ws.workspace_id,
        '--rate-limit',
        '30',
        '--name',
        'ci',
        '--json',
      ]),
    );
    expect(token).toEqual({ token: expect.stringMatching(/^stu_[0-9A-Za-z]{46}$/), token_id: expect.any(String), expires_at: null });

    const auth = await t.studio.services.tokens.authenticate(token.token);
    expect(auth).toMatchObject({ profileId: member.profile_id, tokenId: token.token_id, scopeWorkspaceId: ws.workspace_id, rateLimit: 30 });
    expect(auth.memberships).toEqual([{ workspaceId: ws.workspace_id, role: 'photographer' }]);
    const caller = await t.given.callerForToken(token.token);
    const who = await t.api('GET', '/auth/whoami', { as: caller });
    expect(who.body.profile).toEqual({ id: member.profile_id, email: 'member@example.test', name: null });
    expect(who.body.token).toMatchObject({ name: 'ci', rate_limit: 30, scope_workspace_id: ws.workspace_id });

    expect(json(await cli(['revoke-token', '--token-id', token.token_id, '--json']))).toEqual({ ok: true });
    await expect(t.studio.services.tokens.authenticate(token.token)).rejects.toMatchObject({ kind: 'unauthorized' });
    // Revoking again is harmless.
    expect(json(await cli(['revoke-token', '--token-id', token.token_id, '--json']))).toEqual({ ok: true });

    // A read-only token that expires: the flag takes no value, the expiry is N days from now.
    const limited = json(await cli(['create-token', '--profile', member.profile_id, '--read-only', '--expires-in-days', '7', '--json']));
    expect(Date.parse(limited.expires_at) - Date.now()).toBeGreaterThan(6 * 86_400_000);
    expect(await t.studio.services.tokens.authenticate(limited.token)).toMatchObject({
      readOnly: true,
      validUntil: new Date(limited.expires_at),
    });
    const refused = await cli(['create-token', '--profile', member.profile_id, '--expires-in-days', '0']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('expires_in_days: must be an integer from 1 to 366');

    const human = await cli(['create-profile', '--email', 'plain@example.test']);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^profile_id: [0-9a-f-]{36}\n$/);
  });

  it.each([
    ['no command', []],
    ['unknown command', ['make-coffee']],
    ['missing required option', ['create-profile', '--json']],
    ['unknown option', ['create-profile', '--email', 'x@y.z', '--colour', 'red']],
    ['empty option', ['create-workspace', '--name', '', '--json']],
    ['bad email', ['create-profile', '--email', 'not-an-email', '--json']],
    ['duplicate email', ['create-profile', '--email', 'demo@studio.local', '--json']],
    [
      'bad role',
      [
        'add-member',
        '--workspace',
        '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60',
        '--profile',
        '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60',
        '--role',
        'boss',
      ],
    ],
    [
      'unknown workspace',
      [
        'add-member',
        '--workspace',
        '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60',
        '--profile',
        '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60',
        '--role',
        'viewer',
      ],
    ],
    ['unknown profile', ['create-token', '--profile', 'nope', '--json']],
    ['bad rate limit', ['create-token', '--profile', '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60', '--rate-limit', 'ten']],
    ['unknown owner', ['create-workspace', '--name', 'X', '--owner', '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60']],
    ['unknown token', ['revoke-token', '--token-id', '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60', '--json']],
  ])('exits 2 with a message on stderr for %s', async (_name, args) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().length).toBeGreaterThan(0);
  });

  it.each([['--help'], ['-h'], ['help']])('%s prints the usage on stdout and exits 0', async (flag) => {
    const r = await cli([flag]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^usage: admin <command> \[options\] \[--json\]\n/);
    expect(r.stdout).toContain('\n  create-profile --email E [--name N]\n');
    expect(r.stdout).toContain('\n  order transition ');
  });

  it.each([
    ['create-profile --help', ['create-profile', '--help'], 'usage: admin create-profile --email E [--name N] [--json]\n'],
    ['create-profile -h', ['create-profile', '-h'], 'usage: admin create-profile --email E [--name N] [--json]\n'],
    ['help create-profile', ['help', 'create-profile'], 'usage: admin create-profile --email E [--name N] [--json]\n'],
    [
      '-h with required options missing',
      ['add-member', '--workspace', 'w', '-h'],
      /^usage: admin add-member --workspace WORKSPACE_ID --profile PROFILE_ID --role [a-z|]+ \[--json\]\n$/,
    ],
    [
      '--help with an unknown option',
      ['create-token', '--colour', 'red', '--help'],
      /^usage: admin create-token --profile PROFILE_ID .*\[--json\]\n$/,
    ],
    [
      'a two-word command',
      ['order', 'transition', '--help'],
      /^usage: admin order transition --workspace W --order O --to STATUS .*\[--json\]\n$/,
    ],
  ])("%s prints that command's usage on stdout and exits 0", async (_name, args, usage) => {
    const r = await cli(args);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    if (typeof usage === 'string') expect(r.stdout).toBe(usage);
    else expect(r.stdout).toMatch(usage);
  });

  it.each([
    ['no command', [], ''],
    ['an unknown command', ['make-coffee'], 'unknown command: make-coffee\n'],
    ['an unknown command with --help', ['make-coffee', '--help'], 'unknown command: make-coffee\n'],
  ])('%s prints the usage on stderr and exits 2', async (_name, args, prefix) => {
    const r = await cli(args);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr.startsWith(`${prefix}usage: admin <command> [options] [--json]\n`), r.stderr).toBe(true);
  });

  it('npm run admin -- --help (run-admin.mjs) exits 0 with the usage on stdout', async () => {
    const r = await cli(['--help'], 'npm-script');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^usage: admin /);
  });

  it('run-admin.mjs forwards the exit code', async () => {
    const r = await cli(['create-profile'], 'npm-script');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing --email/);
  });
});
