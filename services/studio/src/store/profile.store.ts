/** Profiles: the people behind API tokens and memberships. */
import type { Database, Tx } from './db.js';
import type { Profile } from './generated/client.js';

export type ProfileRow = Profile;

export class ProfileStore {
  constructor(private readonly db: Database) {}

  create(data: { email: string; name: string | null }, tx: Tx = this.db.client): Promise<ProfileRow> {
    return tx.profile.create({ data });
  }

  getById(id: string, tx: Tx = this.db.client): Promise<ProfileRow | null> {
    return tx.profile.findUnique({ where: { id } });
  }

  getByEmail(email: string, tx: Tx = this.db.client): Promise<ProfileRow | null> {
    return tx.profile.findUnique({ where: { email } });
  }

  /** The profile with `email`, created (with `name`) when there is none; concurrent calls end with the same row. */
  findOrCreate(data: { email: string; name: string | null }, tx: Tx = this.db.client): Promise<ProfileRow> {
    return tx.profile.upsert({ where: { email: data.email }, create: data, update: {} });
  }

  /** Replaces the stored hash of the same password (new parameters) unless the password changed meanwhile. */
  async replacePasswordHash(id: string, previous: string, next: string, tx: Tx = this.db.client): Promise<void> {
    await tx.profile.updateMany({ where: { id, passwordHash: previous }, data: { passwordHash: next } });
  }

  async setPassword(id: string, passwordHash: string, now: Date, tx: Tx = this.db.client): Promise<void> {
    await tx.profile.update({ where: { id }, data: { passwordHash, passwordChangedAt: now } });
  }
}
