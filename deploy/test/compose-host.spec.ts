import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEPLOYABLES } from '../deployables.js';
import { hostNetworkCompose, type ComposeFile } from '../lib/compose-host.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const compose = parse(readFileSync(path.join(ROOT, 'deploy/compose.yaml'), 'utf8'), { merge: true }) as ComposeFile;
const stores = {
  databaseUrl: (db: string) => `postgresql://postgres@127.0.0.1:5432/${db}_x`,
  redisUrl: 'redis://127.0.0.1:6379/7',
  amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
  s3Endpoint: 'http://127.0.0.1:19000',
  smtpUrl: 'smtp://127.0.0.1:12525',
};
const host = hostNetworkCompose(compose, stores, ROOT, { 'webhooks-worker': { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });

describe('compose.yaml on the host network (deploy/lib/compose-host.ts)', () => {
  it('keeps every built service (deployables and migrate jobs) and leaves out the data stores', () => {
    const built = Object.keys(compose.services).filter((n) => compose.services[n]!.build);
    expect(Object.keys(host.services).sort()).toEqual(built.sort());
    for (const d of DEPLOYABLES) expect(host.services[d.name], d.name).toBeDefined();
    for (const store of ['postgres', 'redis', 'rabbitmq', 'minio', 'minio-setup', 'mailpit']) expect(host.services[store]).toBeUndefined();
    expect(host.volumes).toBeUndefined();
  });

  it('runs each on the host network, unpublished, with every compose name resolving to loopback', () => {
    for (const [name, s] of Object.entries(host.services)) {
      expect(s.network_mode, name).toBe('host');
      expect(s.ports, name).toBeUndefined();
      expect(s.extra_hosts).toEqual(expect.arrayContaining(['postgres:127.0.0.1', 'studio:127.0.0.1', 'minio:127.0.0.1']));
      expect(s.build).toMatchObject({ context: ROOT, network: 'host', dockerfile: 'deploy/docker/Dockerfile' });
      expect(s.build!.args).toEqual(compose.services[name]!.build!.args);
    }
  });

  it('keeps the hardening, healthchecks and commands, and the dependencies among kept services only', () => {
    for (const [name, s] of Object.entries(host.services)) {
      const original = compose.services[name]!;
      for (const key of ['read_only', 'cap_drop', 'security_opt', 'tmpfs', 'healthcheck', 'command', 'stop_grace_period', 'restart'])
        expect(s[key], `${name} ${key}`).toEqual(original[key]);
      const kept = Object.keys(original.depends_on ?? {}).filter((d) => host.services[d]);
      expect(Object.keys(s.depends_on ?? {}).sort(), name).toEqual(kept.sort());
    }
    expect(host.services.gateway!.depends_on).toMatchObject({ studio: { condition: 'service_healthy' } });
    expect(host.services.studio!.depends_on).toEqual({ 'studio-migrate': { condition: 'service_completed_successfully' } });
  });

  it('points the data-store settings at the given stores, binds loopback, and keeps every other variable', () => {
    expect(host.services.upload!.environment).toMatchObject({
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/upload_x',
      AMQP_URL: stores.amqpUrl,
      S3_ENDPOINT: stores.s3Endpoint,
      UPLOAD_HOST: '127.0.0.1',
      STUDIO_GRPC_ADDR: 'studio:7201',
    });
    expect(host.services['studio-migrate']!.environment!.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/studio_x');
    expect(host.services.gateway!.environment).toMatchObject({ REDIS_URL: stores.redisUrl, GATEWAY_HOST: '127.0.0.1' });
    expect(host.services.studio!.environment!.SMTP_URL).toBe(stores.smtpUrl);
    expect(host.services['webhooks-worker']!.environment!.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe('true');
    for (const [name, s] of Object.entries(host.services)) {
      expect(Object.keys(s.environment!).sort(), name).toEqual(
        [
          ...new Set([
            ...Object.keys(compose.services[name]!.environment ?? {}),
            ...(name === 'webhooks-worker' ? ['WEBHOOK_ALLOW_PRIVATE_TARGETS'] : []),
          ]),
        ].sort(),
      );
      expect(JSON.stringify(s.environment), name).not.toMatch(/0\.0\.0\.0|@postgres:|@rabbitmq:|\/\/redis:|\/\/minio:|\/\/mailpit:/);
    }
  });

  it('refuses a variable that would still name a left-out service', () => {
    const broken = structuredClone(compose);
    broken.services.search!.environment!.EXTRA = 'http://minio:9000';
    expect(() => hostNetworkCompose(broken, stores, ROOT)).toThrow(/search: EXTRA still names a left-out service/);
  });
});
