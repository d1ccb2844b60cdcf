/** Sign-in failure counters (services/sign-in-throttle.ts has the arithmetic). */
import type { Database, Tx } from './db.js';
import type { SignInThrottle } from './generated/client.js';
import { Prisma } from './generated/client.js';

export type SignInThrottleRow = SignInThrottle;

export class ThrottleStore {
  constructor(private readonly db: Database) {}

  /** The counters of `keys` whose last failure is not older than `forgetBefore` (older ones count as none). */
  live(keys: string[], forgetBefore: Date, tx: Tx = this.db.client): Promise<SignInThrottleRow[]> {
    return tx.signInThrottle.findMany({ where: { key: { in: keys }, lastFailureAt: { gte: forgetBefore } } });
  }

  /**
   * Admits one sign-in attempt on `key` and counts it as a failure in advance, in one statement under the row's lock:
   * refused (null) while the counter's blocked_until is in the future, else the count goes up (a counter last failed
   * before `forgetBefore` starts again at 1) and blocked_until becomes now + `delaysSeconds[count - 1]` (the last
   * entry for any larger count). Concurrent attempts are serialised by the row lock, so a burst of parallel guesses
   * gets the free tries and no more. A successful sign-in then clears the counter. Returns the new count.
   */
  async admit(
    key: string,
    now: Date,
    forgetBefore: Date,
    delaysSeconds: readonly number[],
    tx: Tx = this.db.client,
  ): Promise<number | null> {
    const delays = [...delaysSeconds];
    const rows = await tx.$queryRaw<{ failures: number }[]>(Prisma.sql`
      INSERT INTO "sign_in_throttles" AS t ("key", "failures", "last_failure_at", "blocked_until")
      VALUES (${key}, 1, ${now}::timestamptz, ${now}::timestamptz + make_interval(secs => (${delays}::int[])[1]))
      ON CONFLICT ("key") DO UPDATE
      SET "failures" = CASE WHEN t."last_failure_at" < ${forgetBefore}::timestamptz THEN 1 ELSE t."failures" + 1 END,
          "last_failure_at" = ${now}::timestamptz,
          "blocked_until" = ${now}::timestamptz + make_interval(secs => (${delays}::int[])[
            LEAST(CASE WHEN t."last_failure_at" < ${forgetBefore}::timestamptz THEN 1 ELSE t."failures" + 1 END, ${delays.length})])
      WHERE t."blocked_until" <= ${now}::timestamptz OR t."last_failure_at" < ${forgetBefore}::timestamptz
      RETURNING t."failures"`);
    return rows[0]?.failures ?? null;
  }

  /**
   * Counts one failure for `key` in one statement (a counter last failed before `forgetBefore` starts again at 1),
   * whatever other failures race it; returns the new count.
   */
  async addFailure(key: string, now: Date, forgetBefore: Date, tx: Tx = this.db.client): Promise<number> {
    const rows = await tx.$queryRaw<{ failures: number }[]>(Prisma.sql`
      INSERT INTO "sign_in_throttles" ("key", "failures", "last_failure_at", "blocked_until")
      VALUES (${key}, 1, ${now}::timestamptz, ${now}::timestamptz)
      ON CONFLICT ("key") DO UPDATE
      SET "failures" = CASE WHEN "sign_in_throttles"."last_failure_at" < ${forgetBefore}::timestamptz THEN 1
                            ELSE "sign_in_throttles"."failures" + 1 END,
          "last_failure_at" = ${now}::timestamptz
      RETURNING "failures"`);
    return rows[0]!.failures;
  }

  /** Moves the counter's blocked_until forward to `until` (never back: a racing larger delay wins). */
  async blockUntil(key: string, until: Date, tx: Tx = this.db.client): Promise<void> {
    await tx.signInThrottle.updateMany({ where: { key, blockedUntil: { lt: until } }, data: { blockedUntil: until } });
  }

  async clear(key: string, tx: Tx = this.db.client): Promise<void> {
    await tx.signInThrottle.deleteMany({ where: { key } });
  }

  /** Deletes the counters forgotten already (last failure before `forgetBefore`). */
  async deleteForgotten(forgetBefore: Date, tx: Tx = this.db.client): Promise<number> {
    return (await tx.signInThrottle.deleteMany({ where: { lastFailureAt: { lt: forgetBefore } } })).count;
  }
}
