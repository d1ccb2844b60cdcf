import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig, serviceEnv, serviceSettings } from './index.js';

const schema = z.object(serviceEnv('things', { http: 7100, grpc: 7200, admin: 7300 })).transform((e) => serviceSettings(e, 'things'));

describe('the members every service config has', () => {
  it('defaults to the local database named after the service, the local broker and the given ports', () => {
    expect(parseConfig(schema, {})).toEqual({
      nodeEnv: 'development',
      logLevel: 'info',
      accessLog: true,
      shutdownGraceMs: 10_000,
      telemetry: { tracesEndpoint: null, headers: {}, serviceName: null, exportDelayMs: 5000 },
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/things',
      databasePoolSize: 10,
      amqpUrl: 'amqp://guest:guest@127.0.0.1:5672',
      host: '127.0.0.1',
      httpPort: 7100,
      grpcPort: 7200,
      adminPort: 7300,
      maxInFlight: 128,
    });
  });

  it('reads the cap on requests in flight (HTTP_MAX_IN_FLIGHT), at least 1', () => {
    expect(parseConfig(schema, { HTTP_MAX_IN_FLIGHT: '8' }).maxInFlight).toBe(8);
    expect(() => parseConfig(schema, { HTTP_MAX_IN_FLIGHT: '0' })).toThrow('config: HTTP_MAX_IN_FLIGHT:');
  });

  it('reads the prefixed listener variables', () => {
    const c = parseConfig(schema, { THINGS_HOST: '0.0.0.0', THINGS_HTTP_PORT: '1', THINGS_GRPC_PORT: '2', THINGS_ADMIN_PORT: '3' });
    expect([c.host, c.httpPort, c.grpcPort, c.adminPort]).toEqual(['0.0.0.0', 1, 2, 3]);
  });

  it('takes the host from the variable a service names', () => {
    const bound = z
      .object(serviceEnv('things', { http: 1, grpc: 2, admin: 3 }, 'THINGS_BIND_HOST'))
      .transform((e) => serviceSettings(e, 'things', 'THINGS_BIND_HOST'));
    expect(parseConfig(bound, { THINGS_BIND_HOST: '10.0.0.1', THINGS_HOST: '10.0.0.2' }).host).toBe('10.0.0.1');
  });

  it.each([
    ['DATABASE_URL', 'mysql://db/things', 'must be a postgresql:// URL'],
    ['AMQP_URL', 'http://broker:5672', 'must be an amqp:// or amqps:// URL'],
    ['THINGS_ADMIN_PORT', '70000', 'Too big'],
  ])('refuses %s=%s naming the variable', (variable, value, problem) => {
    expect(() => parseConfig(schema, { [variable]: value })).toThrow(`config: ${variable}: ${problem}`);
  });
});
