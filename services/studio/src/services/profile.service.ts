/** Profiles: created by operators (CLI); a profile reaches workspaces through memberships. */
import { z } from 'zod';
import { AppError, isPrismaUniqueViolation } from '@studio/errors';
import type { ProfileRow } from '../store/profile.store.js';
import type { ServiceDeps } from './deps.js';
import { isUuid } from './ids.js';

const emailSchema = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254));
const nameSchema = z.string().trim().min(1).max(200);

export class ProfileService {
  constructor(private readonly deps: ServiceDeps) {}

  async create(input: { email: string; name?: string | null }): Promise<ProfileRow> {
    const email = emailSchema.safeParse(input.email);
    if (!email.success) throw new AppError('invalid_input', 'email must be a valid address');
    let name: string | null = null;
    if (input.name !== undefined && input.name !== null) {
      const parsed = nameSchema.safeParse(input.name);
      if (!parsed.success) throw new AppError('invalid_input', 'name must be 1 to 200 characters');
      name = parsed.data;
    }
    try {
      return await this.deps.stores.profiles.create({ email: email.data, name });
    } catch (err) {
      if (isPrismaUniqueViolation(err)) throw new AppError('conflict', `a profile with email ${email.data} already exists`);
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
