/** Operator actions through the real admin CLI (profiles, workspaces, tokens, invitations to the account console). */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createHash, randomBytes } from 'node:crypto';
import { runSql } from '@studio/testkit/db';
import { inject } from 'vitest';
import { stackSecretsEnv } from './secrets.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The stack an operator command acts on: studio's secrets, its database and the stack's public URL. */
export interface OperatorTarget {
  studioSecrets: Record<string, string>;
  databaseUrl: string;
  /** The links the CLI prints (an invitation's) point at this stack's console. */
  publicUrl: string;
}

/** HEAD's studio operator CLI (`--json`) against `target`; its last line of output, parsed. */
export async function adminOf<T = any>(target: OperatorTarget, ...args: string[]): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'services/studio/src/cli/admin.ts'), ...args, '--json'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...target.studioSecrets,
        DATABASE_URL: target.databaseUrl,
        PUBLIC_URL: target.publicUrl,
        LOG_LEVEL: 'warn',
      },
    },
  );
  const line = stdout.trim().split('\n').pop()!;
  return JSON.parse(line) as T;
}

/** The operator CLI against the black-box stack. */
export function admin<T = any>(...args: string[]): Promise<T> {
  return adminOf<T>(
    { studioSecrets: stackSecretsEnv('studio'), databaseUrl: inject('databaseUrls').studio!, publicUrl: inject('publicUrl') },
    ...args,
  );
}

export type Role = 'owner' | 'admin' | 'photographer' | 'viewer';

let seq = 0;
const unique = (what: string) => `${what}-${process.pid}-${Date.now()}-${++seq}`;

/** A workspace with one member of each role asked for, each with its own token. */
export async function tenant(
  roles: Role[] = ['owner'],
): Promise<{ workspaceId: string; tokens: Record<Role, string>; profiles: Record<Role, string> }> {
  const owner = await admin<{ profile_id: string }>('create-profile', '--email', `${unique('owner')}@example.test`, '--name', 'Owner');
  const ws = await admin<{ workspace_id: string }>('create-workspace', '--name', unique('Studio'), '--owner', owner.profile_id);
  const tokens = {} as Record<Role, string>;
  const profiles = {} as Record<Role, string>;
  await Promise.all(
    roles.map(async (role) => {
      let profileId = owner.profile_id;
      if (role !== 'owner') {
        profileId = (await admin<{ profile_id: string }>('create-profile', '--email', `${unique(role)}@example.test`)).profile_id;
        await admin('add-member', '--workspace', ws.workspace_id, '--profile', profileId, '--role', role);
      }
      profiles[role] = profileId;
      tokens[role] = (await admin<{ token: string }>('create-token', '--profile', profileId)).token;
    }),
  );
  return { workspaceId: ws.workspace_id, tokens, profiles };
}

/** Options of `admin create-token` (its flags and values). */
export interface TokenOptions {
  workspaceId?: string;
  readOnly?: boolean;
  expiresInDays?: number;
  rateLimit?: number;
  name?: string;
}

/** A new token of `profileId` through `admin create-token`. */
export async function createToken(
  profileId: string,
  opts: TokenOptions = {},
): Promise<{ token: string; token_id: string; expires_at: string | null }> {
  const args = ['create-token', '--profile', profileId];
  if (opts.workspaceId) args.push('--workspace', opts.workspaceId);
  if (opts.readOnly) args.push('--read-only');
  if (opts.expiresInDays !== undefined) args.push('--expires-in-days', String(opts.expiresInDays));
  if (opts.rateLimit !== undefined) args.push('--rate-limit', String(opts.rateLimit));
  if (opts.name) args.push('--name', opts.name);
  return admin(...args);
}

/** A new secret for the token through `admin roll-token`; the old one keeps working `overlapSeconds`. */
export async function rollToken(tokenId: string, overlapSeconds = 0): Promise<{ token: string; previous_valid_until: string | null }> {
  return admin('roll-token', '--token-id', tokenId, '--overlap-seconds', String(overlapSeconds));
}

/** Makes the token's expiry a moment ago (what waiting out --expires-in-days would do). */
export async function expireToken(tokenId: string): Promise<void> {
  await runSql(inject('databaseUrls').studio!, `UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [tokenId]);
}

/** A token of `profileId` in the form issued before the checksum (`stu_<12 hex>_<43 base64url>`), stored as studio did. */
export async function legacyToken(profileId: string): Promise<string> {
  const prefix = randomBytes(6).toString('hex');
  const token = `stu_${prefix}_${randomBytes(32).toString('base64url')}`;
  const hash = createHash('sha256').update(token).digest('hex');
  await runSql(
    inject('databaseUrls').studio!,
    'INSERT INTO api_tokens (id, profile_id, prefix, hash, name) VALUES (gen_random_uuid(), $1, $2, $3, $4)',
    [profileId, prefix, hash, 'legacy'],
  );
  return token;
}
