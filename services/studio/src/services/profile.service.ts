/** Profiles: created by operators (CLI); a profile reaches workspaces through memberships. */
import { AppError, isPrismaUniqueViolation } from '@studio/errors';
import type { ProfileRow } from '../store/profile.store.js';
import type { ServiceDeps } from './deps.js';
import { isUuid } from './ids.js';
import type { CreateProfileInput } from './profile.schema.js';

export class ProfileService {
  constructor(private readonly deps: ServiceDeps) {}

  async create(input: CreateProfileInput): Promise<ProfileRow> {
    try {
      return await this.deps.stores.profiles.create({ email: input.email, name: input.name ?? null });
    } catch (err) {
      if (isPrismaUniqueViolation(err)) throw new AppError('conflict', `a profile with email ${input.email} already exists`);
      throw err;
    }
  }

  async findByEmail(email: string): Promise<ProfileRow | null> {
    return this.deps.stores.profiles.getByEmail(email.trim().toLowerCase());
  }

  async require(id: string): Promise<ProfileRow> {
    const profile = isUuid(id) ? await this.deps.stores.profiles.getById(id) : null;
    if (!profile) throw new AppError('invalid_input', `profile ${id} does not exist`);
    return profile;
  }
}
