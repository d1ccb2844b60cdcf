/**
 * A folder built once and shared by every process that needs it (tools unpacked into .run/tools/, a release's files
 * into .run/releases/): `build` fills a scratch folder beside `target`, which is then renamed into place, so no one
 * ever reads a half-built folder. Test workers may race to build the same folder; whoever finishes second keeps
 * the first one's, which is as good as its own.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * `target`, built by `build` unless `marker` (a path inside it that exists only once it is complete) is there
 * already. `build` gets an empty scratch folder and returns the folder to publish: the scratch itself or one
 * inside it.
 */
export function buildOnce(target: string, marker: string, build: (scratch: string) => string): string {
  if (existsSync(marker)) return target;
  mkdirSync(path.dirname(target), { recursive: true });
  const scratch = mkdtempSync(`${target}.partial-`);
  try {
    const built = build(scratch);
    if (!existsSync(marker)) {
      rmSync(target, { recursive: true, force: true });
      renameSync(built, target);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return target;
}
