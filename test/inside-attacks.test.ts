/**
 * Issue 14's attacks from inside the network, against the running stack: a process that reaches the services'
 * own ports, not the gateway's. Studio's HTTP port takes only identities the gateway signed (Ed25519, for studio,
 * with an expiry); its gRPC port takes only calls carrying a service token of a caller the method admits.
 *
 * Before the rework every one of these but alg none was answered: the stack ran on the shared development secret
 * (INTERNAL_JWT_SECRET defaulted to it), so an HS256 identity signed with it read any workspace's shoots, and
 * studio's gRPC server had no authentication at all, so GetShoot and StreamDocuments answered anyone.
 *
 * The ops endpoints (/healthz, /readyz, /metrics) are served on each process's admin port only: neither the
 * gateway's public port (from outside, with or without a bearer) nor a service's API port (from inside) answers
 * them, so no caller of an API reads the processes' metrics or their dependencies' states.
 */
import { createHmac, createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient, grpc, loadProto, ServiceTokenSigner } from '@studio/grpc';
import { signIdentity, type TokenPrincipal } from '@studio/identity';
import { INDEX_SOURCE_PROTO } from '@studio/proto/index-source';
import { STUDIO_PROTO, type StudioInternalClient } from '@studio/proto/studio';
import { adminPortOf, REPLICATED, type StackPorts } from '../scripts/lib/stack.js';
import { api, NOT_FOUND_TEXT } from './support/client.js';
import { tenant } from './support/operator.js';

/** The shared secret every install signed identities with before issue 14 (HS256). */
const OLD_DEV_SECRET = 'dev-internal-jwt-secret-change-me-0123456789';
const SHOOT_TITLE = 'Inside Job Lighthouse';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

function hs256(claims: object, secret: string): string {
  const input = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

function algNone(claims: object): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
}

/** A raw unary call: the status code and the response. */
function unary(client: grpc.Client, method: string, request: unknown): Promise<{ code: number; response?: any }> {
  return new Promise((resolve) => {
    const fn = (client as unknown as Record<string, (...args: unknown[]) => unknown>)[method]!;
    fn.call(client, request, new grpc.Metadata(), { deadline: Date.now() + 10_000 }, (err: grpc.ServiceError | null, res: unknown) =>
      resolve(err ? { code: err.code } : { code: grpc.status.OK, response: res }),
    );
  });
}

/** Reads a StreamDocuments stream to its end: the documents received and the final status. */
function streamDocuments(client: grpc.Client, workspaceId: string): Promise<{ code: number; docs: { id: string; title: string }[] }> {
  return new Promise((resolve) => {
    const fn = (client as unknown as Record<string, (...args: unknown[]) => unknown>).StreamDocuments!;
    const call = fn.call(client, { workspace_id: workspaceId, types: [] }, new grpc.Metadata(), {
      deadline: Date.now() + 10_000,
    }) as grpc.ClientReadableStream<{ id: string; title: string }>;
    const docs: { id: string; title: string }[] = [];
    call.on('data', (d: { id: string; title: string }) => docs.push(d));
    call.on('error', (err: grpc.ServiceError) => resolve({ code: err.code, docs }));
    call.on('end', () => resolve({ code: grpc.status.OK, docs }));
  });
}

/** A private key of the stack (IDENTITY_SIGNING_KEY or a caller's <NAME>_SERVICE_SIGNING_KEY), from its secrets. */
function stackKey(variable: string) {
  return createPrivateKey({ key: Buffer.from(inject('secrets')[variable]!, 'base64'), format: 'der', type: 'pkcs8' });
}

describe('inside the network, without the gateway', () => {
  let workspaceId: string;
  let shootId: string;
  let principal: TokenPrincipal;
  const studioHttp = () => `http://127.0.0.1:${inject('ports').studioHttp}/api/v1`;
  const studioGrpc = () => `127.0.0.1:${inject('ports').studioGrpc}`;

  /** GET /shoots of the victim's workspace straight from studio's HTTP port, with `identity`. */
  const shootsWith = (identity: string) =>
    api('GET', '/shoots', { headers: { 'x-studio-identity': identity }, query: { workspace_id: workspaceId } }, studioHttp());

  beforeAll(async () => {
    // The victim: a workspace of someone else, with a shoot.
    const victim = await tenant(['owner']);
    workspaceId = victim.workspaceId;
    const created = await api('POST', '/shoots', { token: victim.tokens.owner, body: { workspace_id: workspaceId, title: SHOOT_TITLE } });
    expect(created.status, created.text).toBe(201);
    shootId = created.body.shoot.id;
    principal = {
      kind: 'token',
      profileId: victim.profiles.owner,
      tokenId: randomUUID(),
      scopeWorkspaceId: null,
      memberships: { [workspaceId]: 'owner' },
    };
  });

  describe("studio's HTTP port", () => {
    it('the control: an identity the gateway signed for studio reads the shoots there', async () => {
      const res = await shootsWith(signIdentity(principal, stackKey('IDENTITY_SIGNING_KEY'), 'studio'));
      expect(res.status, res.text).toBe(200);
      expect(res.text).toContain(SHOOT_TITLE);
    });

    it('(a) an HS256 identity signed with the old development secret: 401, no data', async () => {
      // Exactly what the gateway used to sign, and studio accepted, for any workspace the forger named.
      const forged = hs256(
        { p: principal, iat: nowSeconds(), exp: nowSeconds() + 60, iss: 'studio-gateway', aud: 'studio' },
        OLD_DEV_SECRET,
      );
      const res = await shootsWith(forged);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ ok: false, error: 'unauthorized' });
      expect(res.text).not.toContain(SHOOT_TITLE);
      // Without an expiry the old code accepted it too (and kept no bound on its life).
      const forever = await shootsWith(hs256({ p: principal, iat: nowSeconds(), iss: 'studio-gateway' }, OLD_DEV_SECRET));
      expect(forever.status).toBe(401);
      expect(forever.text).not.toContain(SHOOT_TITLE);
    });

    it('(b) an unsigned identity (alg none): 401, no data', async () => {
      const res = await shootsWith(
        algNone({ p: principal, iat: nowSeconds(), exp: nowSeconds() + 60, iss: 'studio-gateway', aud: 'studio' }),
      );
      expect(res.status).toBe(401);
      expect(res.text).not.toContain(SHOOT_TITLE);
    });

    it('an identity the gateway signed for another service (gallery) or that a foreign key signed: 401', async () => {
      for (const identity of [
        signIdentity(principal, stackKey('IDENTITY_SIGNING_KEY'), 'gallery'),
        signIdentity(principal, generateKeyPairSync('ed25519').privateKey, 'studio'),
      ]) {
        const res = await shootsWith(identity);
        expect(res.status).toBe(401);
        expect(res.text).not.toContain(SHOOT_TITLE);
      }
    });
  });

  describe("(c) studio's gRPC port", () => {
    const clients: grpc.Client[] = [];
    const studioInternal = (credentials?: { caller: string; key: ReturnType<typeof stackKey> }) => {
      const c: StudioInternalClient = createClient(
        loadProto(STUDIO_PROTO).studio.v1.StudioInternal,
        studioGrpc(),
        credentials
          ? {
              credentials: {
                signer: new ServiceTokenSigner({ name: credentials.caller, signingKey: credentials.key }),
                audience: 'studio',
              },
            }
          : {},
      );
      clients.push(c);
      return c;
    };
    const indexSource = (credentials?: { caller: string; key: ReturnType<typeof stackKey> }) => {
      const c = createClient(
        loadProto(INDEX_SOURCE_PROTO).index.v1.IndexSource,
        studioGrpc(),
        credentials
          ? {
              credentials: {
                signer: new ServiceTokenSigner({ name: credentials.caller, signingKey: credentials.key }),
                audience: 'studio',
              },
            }
          : {},
      );
      clients.push(c);
      return c;
    };
    afterAll(() => {
      for (const c of clients) c.close();
    });

    it('the control: gallery reads the shoot and search streams the workspace, with their service tokens', async () => {
      const got = await unary(studioInternal({ caller: 'gallery', key: stackKey('GALLERY_SERVICE_SIGNING_KEY') }), 'GetShoot', {
        shoot_id: shootId,
        workspace_ids: [workspaceId],
      });
      expect(got.code).toBe(grpc.status.OK);
      expect(got.response.title).toBe(SHOOT_TITLE);
      const streamed = await streamDocuments(indexSource({ caller: 'search', key: stackKey('SEARCH_SERVICE_SIGNING_KEY') }), workspaceId);
      expect(streamed.code).toBe(grpc.status.OK);
      expect(streamed.docs.map((d) => d.id)).toContain(shootId);
    });

    it('without a service token: GetShoot and StreamDocuments answer UNAUTHENTICATED and nothing else', async () => {
      const got = await unary(studioInternal(), 'GetShoot', { shoot_id: shootId, workspace_ids: [workspaceId] });
      expect(got).toEqual({ code: grpc.status.UNAUTHENTICATED });
      const streamed = await streamDocuments(indexSource(), workspaceId);
      expect(streamed).toEqual({ code: grpc.status.UNAUTHENTICATED, docs: [] });
    });

    it("with a token of a key the stack does not know, in a real caller's name: UNAUTHENTICATED", async () => {
      const key = generateKeyPairSync('ed25519').privateKey;
      expect(
        (await unary(studioInternal({ caller: 'gallery', key }), 'GetShoot', { shoot_id: shootId, workspace_ids: [workspaceId] })).code,
      ).toBe(grpc.status.UNAUTHENTICATED);
      expect(await streamDocuments(indexSource({ caller: 'search', key }), workspaceId)).toEqual({
        code: grpc.status.UNAUTHENTICATED,
        docs: [],
      });
    });

    it('a real caller a method does not admit: PERMISSION_DENIED (the gateway streams no documents, reads no shoot)', async () => {
      const gateway = { caller: 'gateway', key: stackKey('GATEWAY_SERVICE_SIGNING_KEY') };
      expect((await unary(studioInternal(gateway), 'GetShoot', { shoot_id: shootId, workspace_ids: [workspaceId] })).code).toBe(
        grpc.status.PERMISSION_DENIED,
      );
      expect(await streamDocuments(indexSource(gateway), workspaceId)).toEqual({ code: grpc.status.PERMISSION_DENIED, docs: [] });
    });
  });
});

describe('ops endpoints only on the admin ports', () => {
  const OPS_PATHS = ['/metrics', '/readyz', '/healthz'] as const;
  /** Text only a Prometheus exposition (prom-client's default process metrics) contains. */
  const METRIC_TEXT = ['process_cpu_user_seconds_total', 'nodejs_version_info', '# HELP', '# TYPE'];
  /** Every process of the stack (the object store aside). */
  const PROCESSES = REPLICATED;
  const API_PORTS: (keyof StackPorts)[] = ['studioHttp', 'galleryHttp', 'uploadHttp', 'searchHttp', 'webhooksHttp'];

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
    return { status: res.status, text: await res.text() };
  };
  const expectNotServed = (what: string, res: { status: number; text: string }) => {
    expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBe(404);
    expect(res.text, what).toBe(NOT_FOUND_TEXT);
    for (const t of METRIC_TEXT) expect(res.text, what).not.toContain(t);
  };

  it("the gateway's public port answers /metrics, /readyz and /healthz with the standard 404, with or without a bearer", async () => {
    const origin = new URL(inject('baseUrl')).origin;
    const token = (await tenant(['owner'])).tokens.owner;
    // The control: the bearer is valid on this port.
    const whoami = await api('GET', '/auth/whoami', { token });
    expect(whoami.status, whoami.text).toBe(200);
    for (const p of OPS_PATHS) {
      expectNotServed(`GET ${origin}${p}`, await get(`${origin}${p}`));
      expectNotServed(`GET ${origin}${p} with a bearer`, await get(`${origin}${p}`, { authorization: `Bearer ${token}` }));
    }
  });

  it("each service's API port answers them with 404 as well", async () => {
    const ports = inject('ports');
    for (const key of API_PORTS)
      for (const p of OPS_PATHS) {
        const url = `http://127.0.0.1:${ports[key]}${p}`;
        const res = await get(url);
        expect(res.status, `GET ${url} (${key}): ${res.text.slice(0, 200)}`).toBe(404);
        for (const t of METRIC_TEXT) expect(res.text, `GET ${url} (${key})`).not.toContain(t);
      }
  });

  it("every process's admin port serves /metrics (Prometheus text), /readyz 200 and /healthz 200", async () => {
    const ports = inject('ports');
    for (const name of PROCESSES) {
      const admin = `http://127.0.0.1:${adminPortOf(ports, name)}`;
      const metrics = await fetch(`${admin}/metrics`, { signal: AbortSignal.timeout(5000) });
      expect(metrics.status, `${name} /metrics`).toBe(200);
      expect(metrics.headers.get('content-type'), `${name} /metrics`).toMatch(/^text\/plain/);
      const text = await metrics.text();
      expect(text, `${name} /metrics`).toContain('process_cpu_user_seconds_total');
      expect(text, `${name} /metrics`).toContain('# TYPE ');
      const ready = await get(`${admin}/readyz`);
      expect(ready.status, `${name} /readyz: ${ready.text}`).toBe(200);
      expect(JSON.parse(ready.text)).toMatchObject({ ok: true });
      expect((await get(`${admin}/healthz`)).status, `${name} /healthz`).toBe(200);
    }
  });
});
