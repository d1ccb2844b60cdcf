/**
 * Passwords of profiles: Argon2id through Node's built-in crypto.argon2 (no native addon) at OWASP's parameters,
 * stored as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`, base64 without padding) so the parameters
 * can rise later: verification reads them from the string itself. The policy (NIST SP 800-63B): 12 to 128
 * characters counted as code points, no composition rules, refused when in the bundled common-password list or equal
 * to the e-mail. Passwords are NFC-normalised before hashing and checking, so the same characters typed on another
 * system give the same hash.
 */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.js';

/** OWASP Password Storage Cheat Sheet, Argon2id minimum: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_PARAMETERS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32, saltLength: 16 } as const;

export const PASSWORD_MIN_CHARACTERS = 12;
export const PASSWORD_MAX_CHARACTERS = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `Use at least ${PASSWORD_MIN_CHARACTERS} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_CHARACTERS} characters.`,
  tooCommon: 'This password is too common. Choose another.',
  isEmail: 'Do not use your email address as your password.',
} as const;

/** Bounds on a stored string's parameters, so a corrupted row cannot make one verification take minutes or GiBs. */
const LIMITS = { memory: [8, 1_048_576], passes: [1, 64], parallelism: [1, 64], salt: [8, 64], tag: [16, 64] } as const;

export interface PhcArgon2id {
  memory: number;
  passes: number;
  parallelism: number;
  salt: Buffer;
  hash: Buffer;
}

const normalize = (password: string): string => password.normalize('NFC');

function derive(
  password: string,
  salt: Buffer,
  p: { memory: number; passes: number; parallelism: number; tagLength: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2(
      'argon2id',
      { message: normalize(password), nonce: salt, memory: p.memory, passes: p.passes, parallelism: p.parallelism, tagLength: p.tagLength },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

const b64 = (buf: Buffer): string => buf.toString('base64').replace(/=+$/, '');

export function formatPhc(p: PhcArgon2id): string {
  return `$argon2id$v=19$m=${p.memory},t=${p.passes},p=${p.parallelism}$${b64(p.salt)}$${b64(p.hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d{1,8}),t=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;
const within = (value: number, [min, max]: readonly [number, number]) => value >= min && value <= max;

/** The parameters, salt and hash of an Argon2id PHC string (version 19), or null when it is not one we can check. */
export function parsePhc(text: string): PhcArgon2id | null {
  const m = PHC.exec(text);
  if (!m) return null;
  const [memory, passes, parallelism] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const salt = Buffer.from(m[4]!, 'base64');
  const hash = Buffer.from(m[5]!, 'base64');
  const ok =
    within(memory, LIMITS.memory) &&
    memory >= 8 * parallelism &&
    within(passes, LIMITS.passes) &&
    within(parallelism, LIMITS.parallelism) &&
    within(salt.length, LIMITS.salt) &&
    within(hash.length, LIMITS.tag);
  return ok ? { memory, passes, parallelism, salt, hash } : null;
}

const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMETERS.memory},t=${ARGON2_PARAMETERS.passes},p=${ARGON2_PARAMETERS.parallelism}$`;

/** True when a stored string was made with other parameters than today's: re-hash it at the next sign-in. */
export function needsRehash(phc: string): boolean {
  return !phc.startsWith(CURRENT_PREFIX) || parsePhc(phc)?.hash.length !== ARGON2_PARAMETERS.tagLength;
}

/** A new PHC string for `password` with a fresh random salt at the current parameters. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(ARGON2_PARAMETERS.saltLength);
  const hash = await derive(password, salt, ARGON2_PARAMETERS);
  return formatPhc({ ...ARGON2_PARAMETERS, salt, hash });
}

/** True when `password` matches the PHC string, checked with the string's own parameters (constant-time compare). */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const parsed = parsePhc(phc);
  if (!parsed) return false;
  const derived = await derive(password, parsed.salt, { ...parsed, tagLength: parsed.hash.length });
  return timingSafeEqual(derived, parsed.hash);
}

/** A PHC string of a random password: what an unknown e-mail is verified against, so it costs what a known one does. */
let dummy: Promise<string> | undefined;

/** Makes the dummy hash now (a server calls it at start), so even the first unknown e-mail costs one verification. */
export function prepareDummyVerification(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}

/** One Argon2id verification that always fails, at the current parameters (the time of a wrong password). */
export async function dummyVerification(password: string): Promise<false> {
  await verifyPassword(password, await prepareDummyVerification());
  return false;
}

let common: Set<string> | undefined;

/** The bundled list, loaded once on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    COMMON_PASSWORDS_TEXT.split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  );
  return common;
}

/** True when the password, case-folded, is in the bundled common-password list. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(normalize(password).toLowerCase());
}

/** Why `password` may not be set (a sentence for the person), or null when it may. */
export function passwordProblem(password: string, email?: string): string | null {
  const length = [...normalize(password)].length;
  if (length < PASSWORD_MIN_CHARACTERS) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_CHARACTERS) return PASSWORD_MESSAGES.tooLong;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.tooCommon;
  if (email !== undefined && normalize(password).trim().toLowerCase() === email.trim().toLowerCase()) return PASSWORD_MESSAGES.isEmail;
  return null;
}
