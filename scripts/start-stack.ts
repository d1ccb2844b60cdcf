/** The foreground part of `npm start` (runs after dependencies are installed). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, defaultInfra, provision } from './lib/infra.js';
import { loadLocalSecrets } from './lib/local-secrets.js';
import { DEV_PORTS, deployableSecretsEnv, startStack } from './lib/stack.js';

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
});

const seed = JSON.parse(
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/studio/src/cli/admin.ts'), 'seed-demo', '--json'], {
    cwd: ROOT,
    env: { ...process.env, ...deployableSecretsEnv(secrets, 'studio'), DATABASE_URL: urls.studio },
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop()!,
) as { workspace_id: string; token: string };

console.log(`
  Studio is running.
    base URL:      ${stack.baseUrl}
    demo token:    ${seed.token}
    workspace_id:  ${seed.workspace_id}
    API reference: ${stack.baseUrl}/docs   (the OpenAPI document: ${stack.baseUrl}/openapi.json)

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
