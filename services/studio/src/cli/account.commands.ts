/** Accounts: the demo seed, profiles, workspaces, memberships and API tokens. */
import { AppError } from '@studio/errors';
import { positiveInt, UsageError, type Command } from './args.js';

export const ACCOUNT_COMMANDS: Record<string, Command> = {
  'seed-demo': {
    usage: 'seed-demo',
    options: [],
    required: [],
    run: async ({ services }) => {
      const { seedDemo } = await import('./demo-seed.js');
      return { ...(await seedDemo(services)) };
    },
  },
  'create-profile': {
    usage: 'create-profile --email E [--name N]',
    options: ['email', 'name'],
    required: ['email'],
    run: async ({ services }, options) => ({
      profile_id: (await services.profiles.create({ email: options.email!, name: options.name })).id,
    }),
  },
  'create-workspace': {
    usage: 'create-workspace --name N [--owner PROFILE_ID]',
    options: ['name', 'owner'],
    required: ['name'],
    run: async ({ services }, options) => ({
      workspace_id: (await services.workspaces.create({ name: options.name!, ownerId: options.owner })).id,
    }),
  },
  'add-member': {
    usage: 'add-member --workspace WORKSPACE_ID --profile PROFILE_ID --role owner|admin|photographer|viewer',
    options: ['workspace', 'profile', 'role'],
    required: ['workspace', 'profile', 'role'],
    run: async ({ services }, options) => {
      await services.workspaces.addMember({ workspaceId: options.workspace!, profileId: options.profile!, role: options.role! });
      return { ok: true };
    },
  },
  'create-token': {
    usage: 'create-token --profile PROFILE_ID [--workspace WORKSPACE_ID] [--rate-limit N] [--name X]',
    options: ['profile', 'workspace', 'rate-limit', 'name'],
    required: ['profile'],
    run: async ({ services }, options) => {
      const created = await services.tokens.create({
        profileId: options.profile!,
        workspaceId: options.workspace,
        rateLimit: positiveInt('rate-limit', options['rate-limit']),
        name: options.name,
      });
      return { token: created.token, token_id: created.tokenId };
    },
  },
  'revoke-token': {
    usage: 'revoke-token --token-id TOKEN_ID',
    options: ['token-id'],
    required: ['token-id'],
    run: async ({ services }, options) => {
      try {
        await services.tokens.revoke(options['token-id']!);
      } catch (err) {
        if (err instanceof AppError && err.kind === 'not_found') throw new UsageError(`no token with id ${options['token-id']}`);
        throw err;
      }
      return { ok: true };
    },
  },
};
