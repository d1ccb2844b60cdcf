/**
 * The member types the event data schemas are written in (docs/decisions/0001 and 0004): ids are UUID strings,
 * timestamps ISO 8601 UTC strings (`toISOString()`: milliseconds, `Z`), counts and amounts JSON integers, and an
 * absent optional value is `null`, never omitted.
 *
 * `uuid` is the one UUID of the contracts, records and event data alike: @studio/uuid's zod schema, an RFC 9562 UUID
 * (versions 1 to 8, nil and max), what the API documents for its ids.
 */
import { uuid } from '@studio/uuid';
import { z } from 'zod';

export { uuid };

/** ISO 8601 in UTC with `Z`, as `Date.prototype.toISOString` writes it. */
export const timestamp = () => z.iso.datetime();

/** `<entity>.deleted` data: the record's id under `<entity>_id` and the moment of deletion, nothing else. */
export function deletedData<IdMember extends string>(idMember: IdMember) {
  const shape = { [idMember]: uuid(), deleted_at: timestamp() } as { [M in IdMember]: ReturnType<typeof uuid> } & {
    deleted_at: ReturnType<typeof timestamp>;
  };
  return z.strictObject(shape);
}
