/** Operator actions through the real admin CLI (profiles, workspaces, tokens, invitations to the account console). */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { stackSecretsEnv } from './secrets.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

export async function admin<T = any>(...args: string[]): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'services/studio/src/cli/admin.ts'), ...args, '--json'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...stackSecretsEnv('studio'),
        DATABASE_URL: inject('databaseUrls').studio,
        // The stack's public URL: the links the CLI prints (an invitation's) point at this stack's console.
        PUBLIC_URL: inject('publicUrl'),
        LOG_LEVEL: 'warn',
      },
    },
  );
  const line = stdout.trim().split('\n').pop()!;
  return JSON.parse(line) as T;
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
