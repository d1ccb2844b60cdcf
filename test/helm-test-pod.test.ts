/**
 * The chart's `helm test` pod (deploy/helm/studio/templates/tests/) runs a script in the gateway's image. Here that
 * very script, taken from the rendered chart, runs with the stack's Node against the black-box stack's gateway (it
 * must pass) and against a loopback server that answers 200 to everything (it must fail, saying why): the check a
 * cluster runs after `helm upgrade` is proven to pass on a working gateway and to fail on anything else.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmTemplate } from '../deploy/lib/render.js';
import { baseUrl } from './support/client.js';

function testPodScript(): string {
  const pod = helmTemplate().find((o) => o.kind === 'Pod' && o.metadata.annotations?.['helm.sh/hook'] === 'test') as
    | { spec: { containers: Array<{ command: string[] }> } }
    | undefined;
  if (!pod) throw new Error('the chart renders no helm test pod');
  const [node, inputType, evalFlag, script] = pod.spec.containers[0]!.command;
  expect([node, inputType, evalFlag]).toEqual(['node', '--input-type=module', '-e']);
  return script!;
}

/** Runs the script as the pod would, asynchronously: the impostor server below answers from this process. */
const run = (script: string, gatewayUrl: string) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, GATEWAY_URL: gatewayUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

describe('the helm test pod script', () => {
  let script: string;
  let impostor: Server;
  beforeAll(async () => {
    script = testPodScript();
    // Answers 200 with a JSON object to every request: a port that answers is not a gateway.
    impostor = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => impostor.close(() => resolve())));

  it('passes against the running gateway', async () => {
    const res = await run(script, new URL(baseUrl()).origin);
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/^helm test: the gateway answers \(OpenAPI 3\.\d+\.\d+, \d+ paths; 401 without a bearer\)\n$/);
  });

  it('fails, naming the answer, against a server that is not the gateway', async () => {
    const { port } = impostor.address() as AddressInfo;
    const res = await run(script, `http://127.0.0.1:${port}`);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('helm test: GET /openapi.json answered 200');
  });

  it('fails when nothing listens', async () => {
    // A port this process held a moment ago and closed: nothing listens there, so the connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const res = await run(script, `http://127.0.0.1:${port}`);
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/helm test: GET \/openapi\.json: fetch failed/);
  });
});
