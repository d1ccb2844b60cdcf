/** The foreground part of `npm start` (runs after dependencies are installed). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { ROOT, defaultInfra, provision } from './lib/infra.js';
import { loadLocalSecrets } from './lib/local-secrets.js';
import { DEV_PORTS, deployableSecretsEnv, startStack } from './lib/stack.js';
import { DEMO_EMAIL } from '../services/studio/src/cli/demo-seed.js';
import { demoPortalUrl } from './lib/demo-gallery.js';

const execFileAsync = promisify(execFile);
const MAIL_DIR = path.join(ROOT, '.run/mail');

const urls = await provision();
// Per-install secrets and keys (.run/secrets.env, mode 0600): generated on the first start, reused after.
const secrets = loadLocalSecrets();
const stack = await startStack({
  secrets,
  ports: DEV_PORTS,
  databaseUrls: urls,
  redisUrl: defaultInfra.redisUrl,
  amqpUrl: defaultInfra.amqpUrl,
  output: 'inherit',
  s3DataDir: path.join(ROOT, '.run/s3'),
  // Studio's invitations and password resets are caught here (a line per message below, as `[mail] ...`).
  mailDir: MAIL_DIR,
});

/**
 * Runs studio's operator CLI against the stack (as studio's own configuration) and parses its last line of JSON.
 * Asynchronously: the SMTP catcher runs in this process, and a blocked event loop could not take the CLI's mail.
 */
async function admin<T>(...args: string[]): Promise<T> {
  const { stdout: out } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'services/studio/src/cli/admin.ts'), ...args, '--json'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...deployableSecretsEnv(secrets, 'studio'),
        DATABASE_URL: urls.studio,
        PUBLIC_URL: stack.publicUrl,
        ...(stack.mail ? { SMTP_URL: stack.mail.url } : {}),
      },
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as T;
}

const seed = await admin<{ workspace_id: string; token: string }>('seed-demo');
// A fresh invitation of the demo profile each start (it voids the previous one): sign in to the console with it.
let invite: string;
try {
  invite = (await admin<{ profile_id: string; invite_url: string }>('invite', '--email', DEMO_EMAIL)).invite_url;
} catch (err) {
  invite = `(none: the invite command failed: ${(err as Error).message.split('\n')[0]})`;
}

// A published demo gallery (made on the first start; found again after): the link its customer would open.
let portal: string;
try {
  portal = await demoPortalUrl(stack.baseUrl, seed.token, seed.workspace_id);
} catch (err) {
  portal = `(none: the demo gallery could not be made: ${(err as Error).message.split('\n')[0]})`;
}

console.log(`
  Studio is running.
    base URL:      ${stack.baseUrl}
    demo token:    ${seed.token}
    workspace_id:  ${seed.workspace_id}
    API reference: ${stack.baseUrl}/docs   (the OpenAPI document: ${stack.baseUrl}/openapi.json)
    console:       ${stack.publicUrl}/console/   (sign-in and API tokens for people)
    invitation:    ${invite}
                   (${DEMO_EMAIL}: open it to set a password; also in the caught mail)
    portal:        ${portal}
                   (the demo gallery as its customer sees it: the link publish answers)
    caught mail:   ${MAIL_DIR}/   (each message studio sends, as .eml and .json; a [mail] line here per message)

  try:  curl -s -H "Authorization: Bearer ${seed.token}" "${stack.baseUrl}/shoots?workspace_id=${seed.workspace_id}"
  Ctrl-C stops the stack.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('[studio] stopping...');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
for (const p of stack.processes.values()) {
  void p.exited.then((code) => {
    if (!stopping) {
      console.error(`[studio] ${p.name} exited unexpectedly (code ${code}); stopping the stack`);
      void shutdown().then(() => process.exit(1));
    }
  });
}
