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
}
