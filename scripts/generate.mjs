// `npm run generate`: what the sources import but the repository does not hold, made from what it does: each
// database service's Prisma client (`prisma:generate`) and each workspace's generated assets (`assets:generate`: the
// console's portal script). Provisioning (scripts/lib/infra.ts) and the image build (deploy/docker/
// build-deployable.mjs) run the same workspace scripts.
import { bootstrap, run } from './lib/bootstrap.mjs';

await bootstrap();
run('npm', ['run', '-s', 'prisma:generate', '--workspaces', '--if-present']);
run('npm', ['run', '-s', 'assets:generate', '--workspaces', '--if-present']);
