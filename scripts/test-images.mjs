// `npm run test:images`: every deployable's image built and run by a real container engine (issue 29;
// deploy/test/images/, the vitest project `images`, which `npm test` also runs, in a group of its own). Installs Debian's docker.io and debootstrap when missing, starts a dockerd of its
// own (.run/docker/, host network only), makes the stand-in base image, builds every image from
// deploy/docker/Dockerfile, runs them hardened against the machine's servers, drives a smoke through the gateway
// container and stops each with SIGTERM. Prints sizes and build times (also .run/images/report.json), then
// `N passed, N failed` (docs/decisions/0026-image-tests.md).
import path from 'node:path';
import { ROOT } from './lib/bootstrap.mjs';
import { runTestProject } from './lib/test-project.mjs';

await runTestProject({
  project: 'images',
  after: [`image report: ${path.join(ROOT, '.run/images/report.json')}`],
});
