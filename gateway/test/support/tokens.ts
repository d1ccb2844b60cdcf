/**
 * Well-formed API tokens for the gateway's tests (@studio/api-token's form, with a valid checksum), made from a
 * label so a test's token table can name them: the gateway answers any other `stu_` bearer 401 without asking the
 * fake studio.
 */
import { createHash } from 'node:crypto';
import { apiTokenChecksum } from '@studio/api-token';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The same well-formed token for the same label, another one for every other label. */
export function apiToken(label: string): string {
  const digest = createHash('sha512').update(label).digest();
  const random = [...digest.subarray(0, 40)].map((byte) => BASE62[byte % 62]).join('');
  return `stu_${random}${apiTokenChecksum(random)}`;
}
