/**
 * The member types the event data schemas are written in (docs/decisions/0001 and 0004): ids are UUID strings,
 * timestamps ISO 8601 UTC strings (`toISOString()`: milliseconds, `Z`), counts and amounts JSON integers, and an
 * absent optional value is `null`, never omitted.
 *
 * `uuid` accepts any 8-4-4-4-12 hex string, not only RFC 9562 versions: these schemas describe what producers send
 * (database ids, imported records); they do not police how an id was made.
 */
import { z } from 'zod';

export const uuid = () => z.guid();

/** ISO 8601 in UTC with `Z`, as `Date.prototype.toISOString` writes it. */
export const timestamp = () => z.iso.datetime();

/** A three-letter ISO 4217 code as stored (e.g. `EUR`). */
export const currency = () => z.string().length(3);

/** `<entity>.deleted` data: the record's id under `<entity>_id` and the moment of deletion, nothing else. */
export function deletedData<IdMember extends string>(idMember: IdMember) {
  const shape = { [idMember]: uuid(), deleted_at: timestamp() } as { [M in IdMember]: ReturnType<typeof uuid> } & {
    deleted_at: ReturnType<typeof timestamp>;
  };
  return z.strictObject(shape);
}
