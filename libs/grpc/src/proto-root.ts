import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The `proto/` folder: the nearest one above this module. In the repository that is the root's proto/ (three
 * levels above libs/grpc/src); in a built image the bundle sits at `<app>/<workspace>/dist/` and proto/ is
 * copied to `<app>/proto`, so the same search finds it wherever the code was bundled to.
 */
export function findProtoRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'proto');
    if (existsSync(path.join(candidate, 'grpc', 'health', 'v1', 'health.proto'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`no proto/ folder above ${from}`);
  }
}

export const PROTO_ROOT = findProtoRoot();
