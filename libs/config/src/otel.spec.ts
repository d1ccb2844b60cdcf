import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, otelEnv, parseConfig, telemetrySettings } from './index.js';

const schema = z.object({ ...otelEnv });
const settings = (env: Record<string, string>) => telemetrySettings(parseConfig(schema, env));

describe('otelEnv / telemetrySettings', () => {
  it('is off by default', () => {
    expect(settings({})).toEqual({ tracesEndpoint: null, headers: {}, serviceName: null, exportDelayMs: 5000 });
  });

  it('sends traces to <OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces; OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is taken as it is', () => {
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracesEndpoint).toBe('http://collector:4318/v1/traces');
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/base/' }).tracesEndpoint).toBe(
      'https://otel.example.com/base/v1/traces',
    );
    expect(
      settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:9999/custom' }).tracesEndpoint,
    ).toBe('http://b:9999/custom');
  });

  it('OTEL_SDK_DISABLED turns export off whatever the endpoint', () => {
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracesEndpoint).toBeNull();
  });

  it('reads headers, the service name and the batch delay', () => {
    expect(
      settings({
        OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Bearer%20abc, x-team=photo',
        OTEL_SERVICE_NAME: ' edge ',
        OTEL_BSP_SCHEDULE_DELAY: '250',
      }),
    ).toMatchObject({
      headers: { authorization: 'Bearer abc', 'x-team': 'photo' },
      serviceName: 'edge',
      exportDelayMs: 250,
    });
  });

  it.each([
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'grpc://collector:4317'],
    ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'not a url'],
    ['OTEL_EXPORTER_OTLP_HEADERS', 'novalue'],
    ['OTEL_EXPORTER_OTLP_HEADERS', 'bad key=x'],
    ['OTEL_SDK_DISABLED', 'maybe'],
    ['OTEL_BSP_SCHEDULE_DELAY', '0'],
  ])('refuses %s=%s naming the variable', (variable, value) => {
    expect(() => settings({ [variable]: value })).toThrow(ConfigError);
    try {
      settings({ [variable]: value });
    } catch (err) {
      expect((err as ConfigError).variable).toBe(variable);
    }
  });
});
