/**
 * The AWS SDK's default credential chain, for real, inside a test, with traffic to 127.0.0.1 only:
 *
 * - `startCredentialsEndpoint`: a container-credentials endpoint of our own (what ECS and EKS Pod Identity run
 *   beside a pod). The SDK accepts an http:// AWS_CONTAINER_CREDENTIALS_FULL_URI on loopback. It answers only
 *   requests that carry the authorization token (as Pod Identity's agent does, from
 *   AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE) and hands out temporary credentials (key, secret, session token,
 *   Expiration) that the test rotates.
 * - `useContainerCredentials`: an environment in which nothing else in the chain answers: no AWS_* keys, no
 *   shared credentials or config file, no web identity, instance metadata disabled (nothing may reach
 *   169.254.169.254). Returns the function that puts process.env back.
 * - `startRecordingProxy`: an HTTP hop in front of the S3 dev server that records which access key id signed
 *   each request (Authorization header of the SDK's requests, X-Amz-Credential of presigned URLs); the dev
 *   server itself does not look at signatures.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TemporaryKey {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
}

export interface CredentialsEndpoint {
  /** http://127.0.0.1:<port>/creds */
  url: string;
  /** The token a caller must send in Authorization. */
  authorizationToken: string;
  /** Requests answered with credentials, and refused (no or wrong token). */
  served: number;
  refused: number;
  /** What the endpoint hands out from now on. */
  rotate(next: TemporaryKey): void;
  close(): Promise<void>;
}

/**
 * Serves `first` until rotated. Every answer expires `lifetimeMs` from when it is served; below the SDK's
 * five-minute refresh window, so the SDK looks the credentials up again (in the background) at each use.
 */
export async function startCredentialsEndpoint(first: TemporaryKey, opts: { lifetimeMs: number }): Promise<CredentialsEndpoint> {
  let current = first;
  const authorizationToken = `pod-identity-token-${Math.random().toString(36).slice(2)}`;
  const state = { served: 0, refused: 0 };
  const server = createServer((req, res) => {
    if (req.url !== '/creds' || req.headers.authorization !== authorizationToken) {
      state.refused++;
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"Code":"AccessDenied","Message":"bad token"}');
      return;
    }
    state.served++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        AccessKeyId: current.accessKeyId,
        SecretAccessKey: current.secretAccessKey,
        Token: current.sessionToken,
        Expiration: new Date(Date.now() + opts.lifetimeMs).toISOString(),
      }),
    );
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/creds`,
    authorizationToken,
    get served() {
      return state.served;
    },
    get refused() {
      return state.refused;
    },
    rotate(next) {
      current = next;
    },
    close: () => close(server),
  };
}

/** Variables that would let another link of the chain answer first (or reach the instance metadata service). */
const CHAIN_VARIABLES = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_CREDENTIAL_EXPIRATION',
  'AWS_PROFILE',
  'AWS_DEFAULT_PROFILE',
  'AWS_SHARED_CREDENTIALS_FILE',
  'AWS_CONFIG_FILE',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
  'AWS_ROLE_ARN',
  'AWS_ROLE_SESSION_NAME',
  'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
  'AWS_CONTAINER_CREDENTIALS_FULL_URI',
  'AWS_CONTAINER_AUTHORIZATION_TOKEN',
  'AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE',
  'AWS_EC2_METADATA_DISABLED',
];

/**
 * Makes `endpoint` the only source the default chain finds: the environment keys, profiles, shared files and web
 * identity are cleared (the shared files point at a folder with no files), the container URI and a token file
 * (as EKS Pod Identity mounts it) are set, and instance metadata is disabled. Returns the restore function.
 */
export function useContainerCredentials(endpoint: CredentialsEndpoint): () => void {
  const saved = new Map(CHAIN_VARIABLES.map((name) => [name, process.env[name]]));
  for (const name of CHAIN_VARIABLES) delete process.env[name];
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-aws-'));
  const tokenFile = path.join(dir, 'eks-pod-identity-token');
  writeFileSync(tokenFile, endpoint.authorizationToken);
  process.env.AWS_SHARED_CREDENTIALS_FILE = path.join(dir, 'no-credentials');
  process.env.AWS_CONFIG_FILE = path.join(dir, 'no-config');
  process.env.AWS_CONTAINER_CREDENTIALS_FULL_URI = endpoint.url;
  process.env.AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE = tokenFile;
  process.env.AWS_EC2_METADATA_DISABLED = 'true';
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The access key id that signed it (header or presigned query); null when unsigned. */
  accessKeyId: string | null;
  /** The session token it carried (x-amz-security-token header or X-Amz-Security-Token). */
  sessionToken: string | null;
  presigned: boolean;
}

export interface RecordingProxy {
  endpoint: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function signerOf(req: IncomingMessage): Omit<RecordedRequest, 'method' | 'path'> {
  const url = new URL(req.url ?? '/', 'http://x');
  const presignedCredential = url.searchParams.get('X-Amz-Credential');
  if (presignedCredential) {
    return {
      accessKeyId: presignedCredential.split('/')[0] ?? null,
      sessionToken: url.searchParams.get('X-Amz-Security-Token'),
      presigned: true,
    };
  }
  const auth = /Credential=([^/]+)\//.exec(req.headers.authorization ?? '');
  const token = req.headers['x-amz-security-token'];
  return { accessKeyId: auth?.[1] ?? null, sessionToken: typeof token === 'string' ? token : null, presigned: false };
}

/** Forwards every request to `target` (http://127.0.0.1:<port>) unchanged and records who signed it. */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const to = new URL(target);
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: new URL(req.url ?? '/', 'http://x').pathname, ...signerOf(req) });
    const upstream = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const port = await listen(server);
  return { endpoint: `http://127.0.0.1:${port}`, requests, close: () => close(server) };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
