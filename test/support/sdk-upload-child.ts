/**
 * A caller's process for test/sdk-upload.test.ts: uploads one file with the SDK's upload helper and reports, one JSON
 * line per event on stdout, the session id, each progress step, each part PUT to the object store (its part number,
 * read from the presigned URL) and the result. The test kills it mid-upload and starts another to resume.
 * Run with `node --import tsx`; it imports the SDK's sources (the package's build is not needed for this).
 * Arguments (JSON in argv[2]): { baseUrl, token, shootId, path, concurrency, resumeSessionId? }.
 */
import { createStudioClient } from '../../packages/sdk/src/index.js';

interface Args {
  baseUrl: string;
  token: string;
  shootId: string;
  path: string;
  concurrency: number;
  resumeSessionId?: string;
}

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const emit = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

const client = createStudioClient({
  baseUrl: args.baseUrl,
  token: args.token,
  fetch: (url, init) => {
    const part = init.method === 'PUT' ? new URL(url).searchParams.get('partNumber') : null;
    if (part !== null) emit({ event: 'put', part: Number(part) });
    return fetch(url, init);
  },
  onRetry: (info) => emit({ event: 'retry', kind: info.kind, path: info.path, status: info.status }),
});

try {
  const result = await client.upload({
    shootId: args.shootId,
    files: [args.path],
    concurrency: args.concurrency,
    resumeSessionId: args.resumeSessionId,
    onSession: (sessionId) => emit({ event: 'session', sessionId }),
    onProgress: (p) => emit({ event: 'progress', bytesDone: p.bytesDone, bytesTotal: p.bytesTotal }),
  });
  emit({ event: 'done', result });
} catch (err) {
  emit({ event: 'error', name: (err as Error).name, message: (err as Error).message, code: (err as { code?: unknown }).code ?? null });
  process.exitCode = 1;
}
