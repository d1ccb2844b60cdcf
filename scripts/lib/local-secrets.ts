/**
 * The local install's secrets: .run/secrets.env, generated on the first `npm start` (mode 0600) and reused after,
 * so tokens, cursors and encrypted rows survive restarts. A secret added by a later version is generated into the
 * file on the next start; the ones already there are kept.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatSecretsFile, generateSecrets, parseSecretsFile, type SecretsFile } from '@studio/testkit/secrets';
import { ROOT } from './infra.js';

export const LOCAL_SECRETS_FILE = path.join(ROOT, '.run', 'secrets.env');

/** The secrets generated together: a key pair's two halves, every service key with SERVICE_PUBLIC_KEYS. */
function groupOf(name: string): string {
  if (name.startsWith('IDENTITY_')) return 'identity';
  if (name.startsWith('CLIENT_SESSION_')) return 'client-session';
  if (name.includes('SERVICE_')) return 'service';
  return name;
}

export function loadLocalSecrets(file = LOCAL_SECRETS_FILE): SecretsFile {
  const existing = existsSync(file) ? parseSecretsFile(readFileSync(file, 'utf8')) : {};
  const fresh = generateSecrets();
  // Key pairs (and the service keys with their keyring) are made together: when one name of a group is missing,
  // the whole group is regenerated, never half of a pair.
  const missingGroups = new Set(
    Object.keys(fresh)
      .filter((n) => !(n in existing))
      .map(groupOf),
  );
  const missing = Object.keys(fresh).filter((n) => missingGroups.has(groupOf(n)));
  const secrets = { ...existing, ...Object.fromEntries(missing.map((n) => [n, fresh[n]!])) };
  if (missing.length > 0 || !existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, formatSecretsFile(secrets), { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return secrets;
}
