/**
 * Accounts: the demo seed, profiles, workspaces, memberships and API tokens, their options parsed with the
 * operations' schemas (services/*.schema.ts).
 */
import { AppError } from '@studio/errors';
import { createProfileInput } from '../services/profile.schema.js';
import { createTokenInput, rollTokenInput } from '../services/token.schema.js';
import { addMemberInput, createWorkspaceInput } from '../services/workspace.schema.js';
import { command, operationCommand, UsageError, type Command } from './args.js';

export const ACCOUNT_COMMANDS: Record<string, Command> = {
  invite: operationCommand({
    usage: 'invite --email E [--name N]',
    schema: createProfileInput,
    members: ['email', 'name'],
    run: async (services, input) => {
      const invitation = await services.accounts.invite(input);
      if (!invitation.mailed) {
        // stderr, so `--json` still prints exactly one line on stdout.
        process.stderr.write(
          services.accounts.mailing
            ? 'invite: the e-mail could not be sent (the SMTP server refused or did not answer); give the person the link yourself\n'
            : 'invite: SMTP_URL is not set, no e-mail was sent; give the person the link yourself\n',
        );
      }
      return { profile_id: invitation.profileId, invite_url: invitation.inviteUrl };
    },
  }),
  'seed-demo': command('seed-demo', async ({ services }) => {
    const { seedDemo } = await import('./demo-seed.js');
    return { ...(await seedDemo(services)) };
  }),
  'create-profile': operationCommand({
    usage: 'create-profile --email E [--name N]',
    schema: createProfileInput,
    members: ['email', 'name'],
    run: async (services, input) => ({ profile_id: (await services.profiles.create(input)).id }),
  }),
  'create-workspace': operationCommand({
    usage: 'create-workspace --name N [--owner PROFILE_ID]',
    schema: createWorkspaceInput,
    members: ['name', 'owner_id'],
    run: async (services, input) => ({ workspace_id: (await services.workspaces.create(input)).id }),
  }),
  'add-member': operationCommand({
    usage: 'add-member --workspace WORKSPACE_ID --profile PROFILE_ID --role owner|admin|photographer|viewer',
    schema: addMemberInput,
    members: ['workspace_id', 'profile_id', 'role'],
    run: async (services, input) => {
      await services.workspaces.addMember(input);
      return { ok: true };
    },
  }),
  'create-token': operationCommand({
    usage: 'create-token --profile PROFILE_ID [--workspace WORKSPACE_ID] [--rate-limit N] [--name X] [--read-only] [--expires-in-days N]',
    schema: createTokenInput,
    members: ['profile_id', 'workspace_id', 'rate_limit', 'name', 'read_only', 'expires_in_days'],
    numbers: ['rate-limit', 'expires-in-days'],
    flags: ['read-only'],
    run: async (services, input) => {
      const created = await services.tokens.create(input);
      return { token: created.token, token_id: created.tokenId, expires_at: created.expiresAt?.toISOString() ?? null };
    },
  }),
  'roll-token': operationCommand({
    usage: 'roll-token --token-id TOKEN_ID [--overlap-seconds N]',
    schema: rollTokenInput,
    members: [['token-id', 'token_id'], 'overlap_seconds'],
    numbers: ['overlap-seconds'],
    run: async (services, input) => {
      const rolled = await services.tokens.roll(input.tokenId, input.overlapSeconds ?? 0);
      return {
        token: rolled.token,
        token_id: rolled.info.row.id,
        previous_valid_until: rolled.info.previousValidUntil?.toISOString() ?? null,
      };
    },
  }),
  'revoke-token': command('revoke-token --token-id TOKEN_ID', async ({ services }, options) => {
    try {
      await services.tokens.revoke(options['token-id']!);
    } catch (err) {
      if (err instanceof AppError && err.kind === 'not_found') throw new UsageError(`no token with id ${options['token-id']}`);
      throw err;
    }
    return { ok: true };
  }),
};
