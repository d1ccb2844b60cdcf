/**
 * Invitation and reset e-mails through a real SMTP server (npm `smtp-server`, started here on a loopback port) with
 * studio's real nodemailer mailer (SMTP_URL), and the operator CLI's `invite` command, which prints the link and
 * mails it. A mail server that does not answer costs the person nothing: the link is still printed, the reset
 * request still gets its one answer, and the failure is logged.
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnary, loadProto } from '@studio/grpc';
import { STUDIO_PROTO, type StudioAccountsClient } from '@studio/proto/studio';
import { testSecretsEnv } from '@studio/testkit/secrets';
import { STUDIO_SECRETS, startTestStudio, type TestStudio } from './harness.js';

const Accounts = loadProto(STUDIO_PROTO).studio.v1.StudioAccounts;
const ROOT = path.resolve(import.meta.dirname, '../../..');
const ADMIN = path.join(ROOT, 'services/studio/src/cli/admin.ts');
const run = promisify(execFile);

interface Caught {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The body with quoted-printable soft breaks and escapes undone. */
  body: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startSmtp(): Promise<{ url: string; caught: Caught[]; close(): Promise<void> }> {
  const caught: Caught[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = raw.split('\r\n\r\n');
        const body = rest
          .join('\r\n\r\n')
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        caught.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '',
          body,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, caught, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits for a message that `matches`, polling (mail leaves in the background after a reset request). */
async function caughtWhere(caught: Caught[], matches: (m: Caught) => boolean, timeoutMs = 10_000): Promise<Caught> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = caught.find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no such mail caught');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const mailTo = (caught: Caught[], to: string) => caughtWhere(caught, (m) => m.to.includes(to));

const LINK = /http:\/\/127\.0\.0\.1:8080\/console\/set-password#[A-Za-z0-9_-]{43}/;

describe('account e-mails through a real SMTP server', { timeout: 120_000 }, () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestStudio;
  let client: StudioAccountsClient;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestStudio({ schedulerIntervalMs: 0, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Studio <studio@example.test>' } });
    client = t.grpcClient(Accounts, 'console');
  });
  afterAll(async () => {
    client?.close();
    await t?.stop();
    await smtp?.close();
  });

  it('mails an invitation with its link, from MAIL_FROM', async () => {
    const email = `invited-${Date.now()}@example.test`;
    const invitation = await t.studio.services.accounts.invite({ email, name: 'Grace' });
    expect(invitation).toMatchObject({ mailed: true, inviteUrl: expect.stringMatching(LINK) });
    const mail = await mailTo(smtp.caught, email);
    expect(mail.from).toBe('studio@example.test');
    expect(mail.subject).toBe('You are invited to Studio');
    expect(mail.raw).toMatch(/^From: Studio <studio@example\.test>$/m);
    expect(mail.body).toContain(invitation.inviteUrl);
    expect(mail.body).toContain('Hello Grace');
  });

  it('mails a reset link to a profile and nothing for an unknown address, with one answer for both', async () => {
    const email = `reset-${Date.now()}@example.test`;
    // A profile invited without mail (its invitation is not what this test waits for).
    await t.studio.stores.profiles.findOrCreate({ email, name: null });
    const before = smtp.caught.length;
    const unknown = `unknown-${Date.now()}@example.test`;
    expect(await callUnary(client, 'RequestPasswordReset', { email: unknown, client_address: '127.0.0.1' })).toEqual({});
    expect(await callUnary(client, 'RequestPasswordReset', { email, client_address: '127.0.0.1' })).toEqual({});
    const mail = await mailTo(smtp.caught, email);
    expect(mail.subject).toBe('Reset your Studio password');
    expect(mail.to).toEqual([email]);
    expect(smtp.caught.slice(before).some((m) => m.to.includes(unknown))).toBe(false);
    const link = LINK.exec(mail.body)![0];
    const secret = link.slice(link.indexOf('#') + 1);
    expect(await callUnary(client, 'DescribeLink', { link_token: secret })).toEqual({ state: 'valid', kind: 'reset', email });
  });

  it('a mail server that does not answer: the invitation still gives its link, the reset request its answer', async () => {
    const down = await startSmtp();
    await down.close();
    const offline = await startTestStudio({ schedulerIntervalMs: 0, env: { SMTP_URL: down.url }, database: t.database });
    const offlineClient = offline.grpcClient(Accounts, 'console');
    try {
      const email = `offline-${Date.now()}@example.test`;
      const invitation = await offline.studio.services.accounts.invite({ email });
      expect(invitation).toMatchObject({ mailed: false, inviteUrl: expect.stringMatching(LINK) });
      expect(await callUnary(offlineClient, 'RequestPasswordReset', { email, client_address: '' })).toEqual({});
    } finally {
      offlineClient.close();
      await offline.stop();
    }
  });

  describe('admin invite', () => {
    async function cli(args: string[], env: Record<string, string> = {}) {
      try {
        const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', ADMIN, ...args], {
          cwd: ROOT,
          env: { ...process.env, ...testSecretsEnv(STUDIO_SECRETS), DATABASE_URL: t.database.url, LOG_LEVEL: 'info', ...env },
        });
        return { code: 0, stdout, stderr };
      } catch (err) {
        const e = err as { code: number; stdout: string; stderr: string };
        return { code: e.code, stdout: e.stdout, stderr: e.stderr };
      }
    }

    it('creates the profile, prints {"profile_id","invite_url"} as one JSON line and mails the link', async () => {
      const email = `cli-${Date.now()}@example.test`;
      const first = await cli(['invite', '--email', email.toUpperCase(), '--name', 'Lin', '--json'], { SMTP_URL: smtp.url });
      expect(first.code).toBe(0);
      const lines = first.stdout.split('\n').filter(Boolean);
      expect(lines).toHaveLength(1);
      const answer = JSON.parse(lines[0]!);
      expect(answer).toEqual({ profile_id: expect.any(String), invite_url: expect.stringMatching(LINK) });
      expect((await t.studio.services.profiles.findByEmail(email))?.id).toBe(answer.profile_id);
      expect((await mailTo(smtp.caught, email)).body).toContain(answer.invite_url);

      // Again, without SMTP_URL: the same profile, a new link (the first stops working), and a note on stderr.
      const second = await cli(['invite', '--email', email, '--json']);
      expect(second.code).toBe(0);
      const again = JSON.parse(second.stdout.trim());
      expect(again.profile_id).toBe(answer.profile_id);
      expect(again.invite_url).not.toBe(answer.invite_url);
      expect(second.stderr).toContain('SMTP_URL is not set, no e-mail was sent');
      const describe = (url: string) => t.studio.services.accounts.describeLink(url.slice(url.indexOf('#') + 1));
      expect((await describe(answer.invite_url)).state).toBe('invalid');
      expect(await describe(again.invite_url)).toEqual({ state: 'valid', kind: 'invite', email });
    });

    it('refuses a bad e-mail address or a missing one (exit 2, nothing created)', async () => {
      const bad = await cli(['invite', '--email', 'not-an-address', '--json']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/email/);
      expect(bad.stdout).toBe('');
      const missing = await cli(['invite', '--json']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/missing --email/);
    });
  });
});
