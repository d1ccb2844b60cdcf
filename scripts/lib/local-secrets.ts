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

export function loadLocalSecrets(file = LOCAL_SECRETS_FILE): SecretsFile {
  const existing = existsSync(file) ? parseSecretsFile(readFileSync(file, 'utf8')) : {};
  const fresh = generateSecrets();
  const missing = Object.keys(fresh).filter((name) => !(name in existing));
  // Key pairs are generated together: a half that is missing takes a fresh pair, never half of one.
  const pairs = [
    ['IDENTITY_SIGNING_KEY', 'IDENTITY_PUBLIC_KEY'],
    ['CLIENT_SESSION_SIGNING_KEY', 'CLIENT_SESSION_PUBLIC_KEY'],
  ];
  for (const pair of pairs) if (pair.some((n) => missing.includes(n))) for (const n of pair) if (!missing.includes(n)) missing.push(n);
  if (missing.some((n) => n.endsWith('_SERVICE_SIGNING_KEY') || n === 'SERVICE_PUBLIC_KEYS')) {
    for (const n of Object.keys(fresh))
      if ((n.endsWith('_SERVICE_SIGNING_KEY') || n === 'SERVICE_PUBLIC_KEYS') && !missing.includes(n)) missing.push(n);
  }
  const secrets = { ...existing, ...Object.fromEntries(missing.map((n) => [n, fresh[n]!])) };
  if (missing.length > 0 || !existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, formatSecretsFile(secrets), { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return secrets;
}
