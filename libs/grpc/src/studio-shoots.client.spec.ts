/** The studio shoot client (and so the DependencyClient shape) over a real loopback server answering GetShoot. */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@studio/errors';
import { createLogger } from '@studio/logger';
import { ServiceTokenSigner } from './auth.js';
import { loadService, startGrpcServer, unaryHandlers, type ClientOptions, type GrpcServerHandle } from './index.js';
import { StudioShootDirectory } from './studio-shoots.client.js';

const WS = '6f1c2a8e-4b1d-4c3a-9f0e-1a2b3c4d5e6f';
const SHOOT = '0190a6f1-7b2c-7d3e-8f40-123456789abc';

const gallery = generateKeyPairSync('ed25519');
const auth = {
  audience: 'studio',
  keyring: new Map([['gallery', gallery.publicKey]]),
  allow: { 'studio.v1.StudioInternal/GetShoot': ['gallery'] },
};
const credentials: ClientOptions['credentials'] = {
  signer: new ServiceTokenSigner({ name: 'gallery', signingKey: gallery.privateKey }),
  audience: 'studio',
};

let server: GrpcServerHandle;
let delayMs = 0;
beforeAll(async () => {
  const Service = loadService('studio/v1/studio.proto', 'studio.v1.StudioInternal');
  server = await startGrpcServer(
    (s) => {
      s.addService(
        Service.service,
        unaryHandlers(createLogger({ service: 'fake-studio', level: 'silent' }), {
          async GetShoot(req: { shoot_id: string; workspace_ids: string[] }) {
            await new Promise((r) => setTimeout(r, delayMs));
            if (req.shoot_id === 'bad') throw new AppError('invalid_input', 'shoot_id must be a UUID');
            if (req.shoot_id === 'boom') throw new AppError('internal', 'secret detail');
            if (req.shoot_id !== SHOOT || !req.workspace_ids.includes(WS)) throw new AppError('not_found');
            return {
              id: SHOOT,
              workspace_id: WS,
              title: 'Wedding',
              slug: 'wedding',
              state: 'planned',
              client_id: '',
              scheduled_start: '',
              scheduled_end: '',
              created_at: '2026-01-01T00:00:00.000Z',
            };
          },
        }),
      );
    },
    0,
    '127.0.0.1',
    {},
    auth,
  );
});
afterAll(async () => {
  await server.close(100);
});

describe('StudioShootDirectory', () => {
  it('maps the shoot, and every kind of miss to a plain not_found', async () => {
    const shoots = new StudioShootDirectory(`127.0.0.1:${server.port}`, { timeoutMs: 2_000, credentials });
    try {
      expect(await shoots.getShoot(SHOOT, [WS])).toEqual({
        id: SHOOT,
        workspaceId: WS,
        title: 'Wedding',
        slug: 'wedding',
        state: 'planned',
      });
      for (const [id, ws] of [
        [SHOOT, []],
        [SHOOT, ['00000000-0000-4000-8000-000000000000']],
        ['bad', [WS]],
      ] as const) {
        await expect(shoots.getShoot(id, [...ws])).rejects.toMatchObject({ kind: 'not_found' });
      }
    } finally {
      shoots.close();
    }
  });

  it("turns studio's failures and its deadline into unavailable, without studio's detail", async () => {
    const shoots = new StudioShootDirectory(`127.0.0.1:${server.port}`, { timeoutMs: 100, credentials });
    try {
      await expect(shoots.getShoot('boom', [WS])).rejects.toMatchObject({
        kind: 'unavailable',
        message: 'the studio service is unavailable',
      });
      delayMs = 300;
      await expect(shoots.getShoot(SHOOT, [WS])).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      delayMs = 0;
      shoots.close();
    }
  });
});
