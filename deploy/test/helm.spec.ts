/**
 * The Helm chart (deploy/helm/studio), offline: helm lint (also --strict) and helm template with both supported
 * Helm releases (3.17 and 4.1, deploy/lib/tools.ts), the default and the prod-like values, every rendered object
 * validated against the Kubernetes 1.33 API schemas (kubernetes-models), the invariants of deploy/test/support.ts,
 * the strict values schema, the per-deployable pod settings, `helm test`, and the generated README.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_SERVICES, DEPLOYABLES } from '../deployables.js';
import { CHART, ROOT, helmLint, helmTemplate, helmTemplateText, type K8sObject } from '../lib/render.js';
import { toolsets } from '../lib/tools.js';
import {
  byKind,
  checkIngress,
  checkInvariants,
  checkNetworkPolicies,
  checkSecretEnv,
  checkServiceMonitors,
  dataStoreEnv,
  effectiveEnv,
  METRICS_FROM,
  validateObjects,
} from './support.js';

const PROD = 'values-prod.yaml';
const README_GENERATOR = path.join(ROOT, 'node_modules/@bitnami/readme-generator-for-helm/bin/index.js');

type Json = Record<string, any>;
const component = (resource: Json): string => resource.metadata.labels['app.kubernetes.io/component'];
const ofDeployable = (objects: K8sObject[], kind: string, name: string): Json =>
  byKind(objects, kind).find((resource) => component(resource) === name && resource.metadata.name === `studio-${name}`)!;

/** A schema refusal, in the words of Helm 3.17 ("additional properties 'x' not allowed") or of older releases. */
const additional = (key: string) => new RegExp(`additional propert(y|ies) '?${key}'? (is )?not allowed`, 'i');

describe.each(toolsets().map((t) => [`Helm ${t.helmVersion}`, t.helm] as const))('helm chart with %s', (_label, helm) => {
  it.each([
    ['default values', [] as string[], false],
    ['default values, --strict', [], true],
    ['prod values, --strict', [PROD], true],
  ])('helm lint passes with %s', (_l, values, strict) => {
    const res = helmLint({ values, strict, helm });
    expect(res.output).toContain('0 chart(s) failed');
    expect(res.status, res.output).toBe(0);
  });

  it('refuses a Kubernetes older than Chart.yaml kubeVersion (1.23)', () => {
    expect(() => helmTemplateText({ helm, kubeVersion: '1.22.0' })).toThrow(/kubeVersion|incompatible/i);
    expect(helmTemplate({ helm, kubeVersion: '1.23.0' }).length).toBeGreaterThan(40);
  });
});

describe('helm chart', () => {
  const defaults = helmTemplate();
  const prod = helmTemplate({ values: [PROD] });

  // Both releases render byte for byte the same, so the validation and invariant tests below cover both.
  it('renders the same objects with Helm 3.17 and 4.1', () => {
    const [oldest, ...others] = toolsets();
    for (const values of [[], [PROD]]) {
      const want = helmTemplateText({ values, helm: oldest!.helm });
      for (const other of others) expect(helmTemplateText({ values, helm: other.helm }), `Helm ${other.helmVersion}`).toBe(want);
    }
  });

  it('renders every kind the deployables need with the default values', () => {
    const kinds = new Set(defaults.map((resource) => resource.kind));
    for (const kind of [
      'Deployment',
      'Service',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'NetworkPolicy',
      'ConfigMap',
      'ServiceAccount',
      'Job',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(kinds).not.toContain('Ingress'); // off by default
    expect(kinds).not.toContain('ServiceMonitor'); // off by default
    expect(byKind(defaults, 'Deployment')).toHaveLength(DEPLOYABLES.length);
  });

  it('renders the ingress and ServiceMonitors with the prod values', () => {
    const [ingress, ...more] = byKind(prod, 'Ingress');
    expect(more).toHaveLength(0);
    expect(ingress!.spec.ingressClassName).toBe('nginx');
    expect(ingress!.spec.tls[0].secretName).toBe('studio-api-tls');
    // Three paths, the prefixes /api, /console and /portal, to the gateway's API port; no `/` (it would publish the whole gateway).
    expect(ingress!.spec.rules).toHaveLength(1);
    expect(ingress!.spec.rules[0].http.paths).toEqual(
      ['/api', '/console', '/portal'].map((path) => ({
        path,
        pathType: 'Prefix',
        backend: { service: { name: 'studio-gateway', port: { name: 'http' } } },
      })),
    );
    expect(ingress!.spec.defaultBackend).toBeUndefined();
    const monitors = byKind(prod, 'ServiceMonitor');
    expect(monitors.map((m) => m.metadata.labels['app.kubernetes.io/component']).sort()).toEqual(DEPLOYABLES.map((d) => d.name).sort());
    for (const m of monitors) expect(m.spec.endpoints).toEqual([expect.objectContaining({ port: 'admin', path: '/metrics' })]);
    expect(checkIngress(prod)).toEqual([]);
    expect(checkServiceMonitors(prod)).toEqual([]);
  });

  describe('/healthz, /readyz and /metrics on the admin port only', () => {
    it.each([
      ['default', () => defaults],
      ['prod', () => prod],
    ])('every Deployment (%s values) probes the admin port, which deploy/deployables.ts names', (_label, objects) => {
      for (const d of DEPLOYABLES) {
        const c = ofDeployable(objects(), 'Deployment', d.name).spec.template.spec.containers[0];
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'])
          expect(c[probe].httpGet.port, `${d.name} ${probe}`).toBe('admin');
        expect(c.readinessProbe.httpGet.path).toBe('/readyz');
        expect(c.livenessProbe.httpGet.path).toBe('/healthz');
        const ports = Object.fromEntries(c.ports.map((x: Json) => [x.name, x.containerPort]));
        expect(ports, d.name).toEqual({
          admin: d.adminPort,
          ...(d.httpPort !== undefined && { http: d.httpPort }),
          ...(d.grpcPort !== undefined && { grpc: d.grpcPort }),
        });
        // The variables the process reads, with the values of deploy/deployables.ts.
        const env = effectiveEnv(objects(), c);
        expect(env[d.env.adminPort], `${d.name} ${d.env.adminPort}`).toBe(String(d.adminPort));
        if (d.httpPort !== undefined) expect(env[d.env.httpPort!], d.name).toBe(String(d.httpPort));
        expect(
          Object.keys(env)
            .filter((k) => k.endsWith('_PORT'))
            .sort(),
          d.name,
        ).toEqual([d.env.httpPort, d.env.grpcPort, d.env.adminPort].filter((k) => k !== undefined).sort());
      }
    });

    it('the workers have no API port: their container, Service and env carry the admin port alone', () => {
      for (const d of DEPLOYABLES.filter((x) => x.tier === 'worker')) {
        expect(d.httpPort, d.name).toBeUndefined();
        const c = ofDeployable(defaults, 'Deployment', d.name).spec.template.spec.containers[0];
        expect(c.ports, d.name).toEqual([{ name: 'admin', containerPort: d.adminPort, protocol: 'TCP' }]);
        expect(ofDeployable(defaults, 'Service', d.name).spec.ports.map((x: Json) => x.name)).toEqual(['admin']);
        const cm = ofDeployable(defaults, 'ConfigMap', d.name).data as Record<string, string>;
        expect(Object.keys(cm).filter((k) => k.endsWith('_PORT'))).toEqual([d.env.adminPort]);
      }
    });

    it('every Service carries the admin port of deploy/deployables.ts, named admin (what the ServiceMonitor selects)', () => {
      for (const d of DEPLOYABLES) {
        const svc = ofDeployable(defaults, 'Service', d.name);
        expect(
          svc.spec.ports.find((x: Json) => x.name === 'admin'),
          d.name,
        ).toEqual({
          name: 'admin',
          port: d.adminPort,
          targetPort: 'admin',
          protocol: 'TCP',
          appProtocol: 'http',
        });
        if (d.httpPort !== undefined) expect(svc.spec.ports.find((x: Json) => x.name === 'http').port, d.name).toBe(d.httpPort);
      }
    });

    it.each([
      ['default', () => defaults],
      ['prod', () => prod],
    ])('the NetworkPolicies (%s values) admit the metrics peers, and only them, to the admin port', (_label, objects) => {
      for (const d of DEPLOYABLES) {
        const ingress = ofDeployable(objects(), 'NetworkPolicy', d.name).spec.ingress as Json[];
        const toAdmin = ingress.filter((rule) => rule.ports.some((x: Json) => x.port === d.adminPort));
        expect(toAdmin, d.name).toEqual([{ from: METRICS_FROM, ports: [{ protocol: 'TCP', port: d.adminPort }] }]);
        // The API and gRPC ports keep their rules: the ingress controller (gateway), the other deployables (internal).
        // The `helm test` pod: the gateway's API port alone (it is checked on its own below).
        const fromTest = ingress.filter((rule) =>
          rule.from.some((f: Json) => f.podSelector?.matchLabels?.['app.kubernetes.io/component'] === 'test'),
        );
        expect(
          fromTest.map((rule) => rule.ports),
          d.name,
        ).toEqual(d.tier === 'public' ? [[{ protocol: 'TCP', port: d.httpPort }]] : []);
        const rest = ingress.filter((rule) => !toAdmin.includes(rule) && !fromTest.includes(rule));
        const restPorts = rest.flatMap((rule) => rule.ports.map((x: Json) => x.port)).sort();
        expect(restPorts, d.name).toEqual([d.httpPort, d.grpcPort].filter((x) => x !== undefined).sort());
        if (d.tier === 'public')
          expect(rest[0]!.from[0].namespaceSelector.matchLabels).toEqual({ 'kubernetes.io/metadata.name': 'ingress-nginx' });
        // No deployable may call another's admin port.
        const egressPorts = (ofDeployable(objects(), 'NetworkPolicy', d.name).spec.egress as Json[]).flatMap((rule) =>
          (rule.ports ?? []).map((x: Json) => x.port),
        );
        for (const other of DEPLOYABLES) expect(egressPorts, `${d.name} -> ${other.name}`).not.toContain(other.adminPort);
      }
      expect(checkNetworkPolicies(objects())).toEqual([]);
    });

    it('networkPolicy.metricsFrom decides who reaches the admin port; empty, nobody does', () => {
      const peers = [
        { namespaceSelector: { matchLabels: { team: 'observability' } }, podSelector: { matchLabels: { app: 'prometheus' } } },
      ];
      const custom = helmTemplate({
        set: {
          'networkPolicy.metricsFrom[0].namespaceSelector.matchLabels.team': 'observability',
          'networkPolicy.metricsFrom[0].podSelector.matchLabels.app': 'prometheus',
        },
      });
      expect(checkNetworkPolicies(custom, { metricsFrom: peers })).toEqual([]);
      expect(checkNetworkPolicies(custom)).not.toEqual([]); // the default peers no longer match
      const closed = helmTemplate({ set: { 'networkPolicy.metricsFrom': 'null' } });
      for (const d of DEPLOYABLES) {
        const ingress = (ofDeployable(closed, 'NetworkPolicy', d.name).spec.ingress ?? []) as Json[];
        expect(
          ingress.flatMap((rule) => rule.ports.map((x: Json) => x.port)),
          d.name,
        ).not.toContain(d.adminPort);
      }
      expect(checkNetworkPolicies(closed, { metricsFrom: [] })).toEqual([]);
    });

    it('the checks notice ops endpoints on the API port, a `/` Ingress path and an admin port open to the app', () => {
      const broken = structuredClone(prod) as Json[];
      const gateway = broken.find((o) => o.kind === 'Deployment' && component(o) === 'gateway')!;
      gateway.spec.template.spec.containers[0].livenessProbe.httpGet.port = 'http';
      broken.find((o) => o.kind === 'ServiceMonitor' && component(o) === 'studio')!.spec.endpoints[0].port = 'http';
      broken.find((o) => o.kind === 'Ingress')!.spec.rules[0].http.paths[0].path = '/';
      const np = broken.find((o) => o.kind === 'NetworkPolicy' && component(o) === 'search' && o.spec.ingress)!;
      np.spec.ingress[0].ports.push({ protocol: 'TCP', port: 7304 });
      const problems = checkInvariants(broken as K8sObject[], { expectMigrations: true });
      expect(problems).toEqual(
        expect.arrayContaining([
          'Deployment studio-gateway: livenessProbe must use the admin port (uses http)',
          'ServiceMonitor studio-studio: endpoint scrapes port http, must be admin',
          'Ingress studio: path / (Prefix), must be one of /api, /console, /portal (Prefix)',
          expect.stringMatching(/^NetworkPolicy search: admits .* to the admin port 7304: only the metrics peers may$/),
        ]),
      );
    });

    it('refuses an ingress.path (the Ingress routes /api, /console and /portal only) and an admin port shared with the API', () => {
      expect(() => helmTemplateText({ set: { 'ingress.enabled': 'true', 'ingress.path': '/' } })).toThrow(/ingress\.path is gone/);
      expect(() => helmTemplateText({ set: { 'deployables.studio.ports.admin': '7101' } })).toThrow(/must differ from ports\.http/);
      expect(() => helmTemplateText({ set: { 'deployables.gateway.ports.admin': 'null' } })).toThrow(/schema/);
      expect(() => helmTemplateText({ set: { 'deployables.upload-worker.ports.http': '7113' } })).toThrow(/portEnv\.http is required/);
      expect(() => helmTemplateText({ set: { 'deployables.search.ports.http': 'null' } })).toThrow(/names no port/);
    });
  });

  it('wires the account console: gateway -> console HTTP, console -> studio gRPC, PUBLIC_URL, studio mail', () => {
    const env = (name: string, objects = defaults) =>
      effectiveEnv(objects, ofDeployable(objects, 'Deployment', name).spec.template.spec.containers[0]);
    expect(env('gateway').CONSOLE_HTTP_URL).toBe('http://studio-console:7106');
    expect(env('console')).toMatchObject({ STUDIO_GRPC_ADDR: 'studio-studio:7201', PUBLIC_URL: 'https://api.studio.example.com' });
    expect(env('studio')).toMatchObject({ PUBLIC_URL: 'https://api.studio.example.com', MAIL_FROM: expect.stringContaining('@') });
    // publicUrl is one value for both; the schema refuses one with a path.
    const moved = helmTemplate({ set: { publicUrl: 'https://studio.example.org' } });
    expect([env('studio', moved).PUBLIC_URL, env('console', moved).PUBLIC_URL]).toEqual([
      'https://studio.example.org',
      'https://studio.example.org',
    ]);
    expect(() => helmTemplateText({ set: { publicUrl: 'https://studio.example.org/console' } })).toThrow(/schema|pattern/);
    // The console admits the app's pods on its HTTP port, may call studio's gRPC port, and reaches no data store.
    const policy = ofDeployable(defaults, 'NetworkPolicy', 'console').spec;
    const appRule = (policy.ingress as Json[]).find((r) => r.from[0].podSelector);
    expect(appRule?.ports).toEqual([{ protocol: 'TCP', port: 7106 }]);
    const egressPorts = (policy.egress as Json[]).flatMap((r) => (r.ports ?? []).map((x: Json) => x.port));
    expect(egressPorts).toContain(7201);
    for (const port of [5432, 6379, 5672, 587]) expect(egressPorts, String(port)).not.toContain(port);
    // Studio may reach the mail relay.
    const studioEgress = (ofDeployable(defaults, 'NetworkPolicy', 'studio').spec.egress as Json[]).flatMap((r) =>
      (r.ports ?? []).map((x: Json) => x.port),
    );
    expect(studioEgress).toEqual(expect.arrayContaining([587, 465]));
  });

  it.each([
    ['default', () => defaults],
    ['prod', () => prod],
  ])('every object of the %s rendering validates with kubernetes-models', async (_label, objects) => {
    expect(await validateObjects(objects())).toEqual([]);
  });

  it.each([
    ['default', () => defaults],
    ['prod', () => prod],
  ])('the %s rendering keeps the invariants', (_label, objects) => {
    expect(checkInvariants(objects(), { expectMigrations: true })).toEqual([]);
  });

  it('has one migrate hook Job per database service, after its ServiceAccount hook', () => {
    const jobs = byKind(defaults, 'Job');
    expect(jobs.map((j) => j.metadata.labels['studio/database']).sort()).toEqual(DATABASE_SERVICES.map((d) => d.database).sort());
    const sa = byKind(defaults, 'ServiceAccount').find((s) => s.metadata.annotations?.['helm.sh/hook']);
    expect(sa?.metadata.annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    for (const job of jobs) {
      expect(Number(sa!.metadata.annotations['helm.sh/hook-weight'])).toBeLessThan(Number(job.metadata.annotations['helm.sh/hook-weight']));
      expect(job.spec.template.spec.serviceAccountName).toBe(sa!.metadata.name);
    }
  });

  it('references secrets only: no Secret object, no secret value anywhere in the rendering', () => {
    for (const objects of [defaults, prod]) {
      expect(byKind(objects, 'Secret')).toEqual([]);
      const refs = byKind(objects, 'Deployment').flatMap((d) => d.spec.template.spec.containers[0].env ?? []);
      expect(refs.length).toBeGreaterThan(0);
      for (const e of refs) expect(e.valueFrom?.secretKeyRef, e.name).toMatchObject({ name: expect.any(String), key: expect.any(String) });
    }
  });

  it.each([
    ['default', () => defaults],
    ['prod', () => prod],
  ])('gives each deployable (%s values) exactly the secrets deploy/deployables.ts lists for it', (_label, objects) => {
    const secretEnv = (name: string) =>
      (byKind(objects(), 'Deployment').find((d) => d.metadata.name === `studio-${name}`)!.spec.template.spec.containers[0].env ?? [])
        .filter((e: { valueFrom?: { secretKeyRef?: unknown } }) => e.valueFrom?.secretKeyRef)
        .map((e: { name: string }) => e.name)
        .sort();
    for (const d of DEPLOYABLES) {
      expect(secretEnv(d.name), d.name).toEqual([...dataStoreEnv(d), ...d.secrets, ...d.optionalSecrets].sort());
    }
    // What that means for the keys: one signer each, nothing for the workers but what they use.
    const holders = (variable: string) => DEPLOYABLES.filter((d) => secretEnv(d.name).includes(variable)).map((d) => d.name);
    expect(holders('IDENTITY_SIGNING_KEY')).toEqual(['gateway']);
    expect(holders('CLIENT_SESSION_SIGNING_KEY')).toEqual(['gallery']);
    expect(holders('IDEMPOTENCY_ENCRYPTION_KEY')).toEqual(['gateway']);
    expect(secretEnv('upload-worker')).toEqual(['AMQP_URL', 'DATABASE_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    expect(secretEnv('webhooks-worker')).toEqual(['AMQP_URL', 'CURSOR_SECRET', 'DATABASE_URL', 'WEBHOOK_SECRET_KEY']);
    expect(checkSecretEnv(objects())).toEqual([]);
  });

  it("takes each gRPC caller's SERVICE_SIGNING_KEY from its own Secret (secrets.serviceKeys.<caller>)", () => {
    for (const d of DEPLOYABLES) {
      const env = byKind(defaults, 'Deployment').find((x) => x.metadata.name === `studio-${d.name}`)!.spec.template.spec.containers[0].env;
      const ref = env.find((e: { name: string }) => e.name === 'SERVICE_SIGNING_KEY')?.valueFrom.secretKeyRef;
      if (d.grpcCaller) expect(ref, d.name).toEqual({ name: `studio-service-key-${d.grpcCaller}`, key: 'SERVICE_SIGNING_KEY' });
      else expect(ref, d.name).toBeUndefined();
    }
    const moved = helmTemplate({ set: { 'secrets.serviceKeys.search.existingSecret': 'vault-search-grpc' } });
    const search = byKind(moved, 'Deployment').find((x) => x.metadata.name === 'studio-search')!.spec.template.spec.containers[0].env;
    expect(search.find((e: { name: string }) => e.name === 'SERVICE_SIGNING_KEY').valueFrom.secretKeyRef.name).toBe('vault-search-grpc');
    expect(() => helmTemplateText({ set: { 'secrets.serviceKeys.gateway': 'null' } })).toThrow(/serviceKeys\.gateway/);
  });

  it('the least-privilege check notices a key handed to a process that does not use it', () => {
    const widened = helmTemplate({
      set: { 'deployables.upload-worker.secretEnv': '{AMQP_URL,S3_ACCESS_KEY_ID,S3_SECRET_ACCESS_KEY,IDENTITY_PUBLIC_KEY}' },
    });
    expect(checkSecretEnv(widened)).toEqual([expect.stringMatching(/studio-upload-worker: secret env .*IDENTITY_PUBLIC_KEY/)]);
  });

  it('makes only the S3 keys and the SMTP relay optional references (without studio-s3: the AWS default chain, e.g. IRSA)', () => {
    const refs = byKind(defaults, 'Deployment').flatMap(
      (d) => (d.spec.template.spec.containers[0].env ?? []) as { name: string; valueFrom: { secretKeyRef: { optional?: boolean } } }[],
    );
    const optional = new Set(refs.filter((e) => e.valueFrom.secretKeyRef.optional === true).map((e) => e.name));
    expect(optional).toEqual(new Set(['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'SMTP_URL']));
    for (const e of refs.filter((r) => !optional.has(r.name))) expect(e.valueFrom.secretKeyRef.optional, e.name).toBeUndefined();
    // An IRSA install annotates the ServiceAccount with the role; the keys stay optional references.
    const irsa = helmTemplate({
      set: { 'serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn': 'arn:aws:iam::111122223333:role/studio-s3' },
    });
    expect(byKind(irsa, 'ServiceAccount').find((a) => a.metadata.name === 'studio')?.metadata.annotations).toEqual({
      'eks.amazonaws.com/role-arn': 'arn:aws:iam::111122223333:role/studio-s3',
    });
    expect(() => helmTemplateText({ set: { 'secrets.env.S3_ACCESS_KEY_ID.optional': 'yes' } })).toThrow(/schema|boolean/);
  });

  it('gives the prod values their replicas, resources and HPA bounds', () => {
    const hpa = byKind(prod, 'HorizontalPodAutoscaler').find((h) => h.metadata.name === 'studio-upload-worker')!;
    expect([hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([3, 30]);
    const dep = byKind(prod, 'Deployment').find((d) => d.metadata.name === 'studio-gateway')!;
    expect(dep.spec.template.spec.containers[0].image).toBe('ghcr.io/example-org/studio/gateway:1.0.0');
    expect(dep.spec.template.spec.containers[0].resources.limits.memory).toBe('768Mi');
  });

  it('sets spec.replicas only when autoscaling is off', () => {
    const off = helmTemplate({ set: { 'deployables.search.autoscaling.enabled': 'false', 'deployables.search.replicas': '4' } });
    expect(byKind(off, 'Deployment').find((d) => d.metadata.name === 'studio-search')!.spec.replicas).toBe(4);
    expect(byKind(off, 'HorizontalPodAutoscaler').map((h) => h.metadata.name)).not.toContain('studio-search');
    expect(byKind(defaults, 'Deployment').every((d) => d.spec.replicas === undefined)).toBe(true);
  });

  it('refuses a grace period shorter than the graceful shutdown', () => {
    expect(() => helmTemplateText({ set: { 'deployables.studio.terminationGracePeriodSeconds': '12' } })).toThrow(
      /must exceed SHUTDOWN_GRACE_MS/,
    );
    expect(() => helmTemplateText({ set: { 'deployables.upload-worker.terminationGracePeriodSeconds': '60' } })).toThrow(
      /shutdownExtraSeconds/,
    );
  });

  it('refuses secret values in values (the schema allows references only)', () => {
    expect(() => helmTemplateText({ set: { 'secrets.env.CURSOR_SECRET.value': 'x' } })).toThrow(additional('value'));
    for (const name of [
      'IDENTITY_SIGNING_KEY',
      'SERVICE_SIGNING_KEY',
      'CLIENT_SESSION_SIGNING_KEY',
      'IDEMPOTENCY_ENCRYPTION_KEY',
      'CURSOR_SECRET',
    ]) {
      expect(() => helmTemplateText({ set: { [`config.${name}`]: 'x' } }), name).toThrow(/schema/);
    }
    expect(() => helmTemplateText({ set: { 'secrets.env.REDIS_URL.existingSecret': '' } })).toThrow();
  });

  it('renders nothing optional when toggled off', () => {
    const bare: K8sObject[] = helmTemplate({
      set: { 'networkPolicy.enabled': 'false', 'migrations.enabled': 'false', 'serviceAccount.create': 'false' },
    });
    expect(byKind(bare, 'NetworkPolicy')).toEqual([]);
    expect(byKind(bare, 'Job')).toEqual([]);
    expect(byKind(bare, 'ServiceAccount')).toEqual([]);
  });

  it('values.schema.json refuses unknown keys at every level, wrong types and values outside an enum', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ 'ingres.enabled': 'true' }, additional('ingres')],
      [{ 'serviceMonitor.enable': 'true' }, additional('enable')],
      [{ 'networkPolicy.enabled': 'maybe' }, /boolean/],
      [{ 'pod.probes.startup.failureTreshold': '3' }, additional('failureTreshold')],
      [{ 'pod.topologySpread.whenUnsatisfiable': 'Sometimes' }, /one of|enum/],
      [{ 'deployables.gateway.resource.limits.cpu': '1' }, additional('resource')],
      [{ 'deployables.gateway.resources.limits.cpus': '1' }, additional('cpus')],
      [{ 'deployables.gateway.autoscaling.targetCPU': '50' }, additional('targetCPU')],
      [{ 'deployables.gateway.tier': 'edge' }, /one of|enum/],
      [{ 'deployables.gateway.dataStores[0]': 'mysql' }, /one of|enum/],
      [{ 'image.pullPolicy': 'Sometimes' }, /one of|enum/],
      [{ 'deployables.gateway.image.digest': 'latest' }, /pattern/],
      [{ 'deployables.gateway.tolerations[0].operator': 'Eq' }, /one of|enum/],
      [{ 'deployables.gateway.extraVolumeMounts[0].name': 'x' }, /mountPath|required/],
      [
        {
          'deployables.gateway.sidecars[0].name': 'x',
          'deployables.gateway.sidecars[0].image': 'y',
          'deployables.gateway.sidecars[0].imagePullPolicy': 'Maybe',
        },
        /one of|enum/,
      ],
      [{ 'migrations.activeDeadlineSeconds': '3600' }, /maximum|less/i],
      [{ 'migrations.extraEnvs[0].name': 'X' }, additional('extraEnvs')],
      [{ 'tests.enable': 'true' }, additional('enable')],
    ];
    for (const [set, message] of cases) expect(() => helmTemplateText({ set }), JSON.stringify(set)).toThrow(message);
  });

  it('every object of values.schema.json is closed (additionalProperties false or a typed map), except the Kubernetes shapes it names', () => {
    const schema = JSON.parse(readFileSync(path.join(CHART, 'values.schema.json'), 'utf8'));
    // Passed through to the pod spec as they are; the API server (and the kubernetes-models tests here) check them.
    const passthrough =
      /(securityContext|containerSecurityContext|nodeAffinity|podAffinity|podAntiAffinity|valueFrom|configMapRef|secretRef|\/volume)$/;
    const open: string[] = [];
    const walk = (node: Json, at: string) => {
      if (!node || typeof node !== 'object') return;
      const types = [node.type].flat();
      if (types.includes('object') && node.additionalProperties === undefined && !passthrough.test(at)) open.push(at);
      for (const [key, child] of Object.entries(node)) if (child && typeof child === 'object') walk(child as Json, `${at}/${key}`);
    };
    walk(schema, '');
    expect(open).toEqual([]);
  });

  it('applies the pod-wide and per-deployable pod settings (probes, placement, extra env and volumes, sidecars, digests)', async () => {
    const objects = helmTemplate({ values: [path.join(ROOT, 'deploy/test/fixtures/pod-settings.values.yaml')] });
    expect(await validateObjects(objects)).toEqual([]);
    const pod = (name: string) => ofDeployable(objects, 'Deployment', name).spec.template;
    const gw = pod('gateway');
    const [main, sidecar, ...more] = gw.spec.containers;
    expect(more).toEqual([]);
    expect(main.image).toBe('registry.example.com/studio/gateway@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef');
    expect(sidecar).toMatchObject({ name: 'log-shipper', image: 'fluent-bit:3', args: ['--quiet'] });
    expect(gw.spec.initContainers.map((c: Json) => c.name)).toEqual(['wait-for-config']);
    expect(main.startupProbe).toMatchObject({ httpGet: { path: '/healthz', port: 'admin' }, failureThreshold: 120, periodSeconds: 2 });
    expect(main.livenessProbe).toBeUndefined();
    expect(main.readinessProbe.httpGet.path).toBe('/readyz');
    // Lists: the pod-wide entries first, then the deployable's; maps: the deployable's keys win.
    const env = main.env.map((e: Json) => e.name);
    expect(env.slice(-2)).toEqual(['OTEL_EXPORTER_OTLP_ENDPOINT', 'NODE_EXTRA_CA_CERTS']);
    expect(env).toContain('REDIS_URL');
    expect(main.envFrom.at(-1)).toEqual({ secretRef: { name: 'studio-gateway-extra' } }); // a template, rendered
    expect(main.volumeMounts.map((m: Json) => m.mountPath)).toEqual(['/tmp', '/etc/ca']);
    expect(gw.spec.volumes.map((v: Json) => v.name)).toEqual(['tmp', 'ca']);
    expect(gw.spec.nodeSelector).toEqual({ pool: 'edge', arch: 'amd64' });
    expect(gw.spec.tolerations.map((t: Json) => t.key)).toEqual(['dedicated', 'edge']);
    expect(Object.keys(gw.spec.affinity)).toEqual(['nodeAffinity']);
    expect(gw.spec.topologySpreadConstraints).toEqual([
      expect.objectContaining({ topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule' }),
    ]);
    expect(gw.metadata.annotations['example.com/scrape']).toBe('false');
    // Another deployable keeps the presets and gets only the pod-wide additions.
    const studio = pod('studio');
    expect(studio.spec.containers.map((c: Json) => c.name)).toEqual(['studio']);
    expect(studio.spec.containers[0].image).toBe('registry.example.com/studio/studio:1.0.0');
    expect(studio.spec.containers[0].livenessProbe.httpGet.path).toBe('/healthz');
    expect(studio.spec.affinity.podAntiAffinity).toBeDefined();
    expect(studio.spec.topologySpreadConstraints[0].topologyKey).toBe('topology.kubernetes.io/zone');
    expect(studio.spec.nodeSelector).toEqual({ pool: 'app', arch: 'amd64' });
    expect(studio.spec.tolerations.map((t: Json) => t.key)).toEqual(['dedicated']);
    expect(studio.spec.containers[0].env.at(-1).name).toBe('OTEL_EXPORTER_OTLP_ENDPOINT');
    expect(studio.spec.initContainers).toBeUndefined();
    // The migrate Jobs take their own additions (a database CA, say), not the deployables'.
    for (const job of byKind(objects, 'Job')) {
      const c = job.spec.template.spec.containers[0];
      expect(job.spec.template.spec.nodeSelector, job.metadata.name).toEqual({ pool: 'jobs' });
      expect(
        c.env.map((e: Json) => e.name),
        job.metadata.name,
      ).toContain('PGSSLROOTCERT');
      expect(
        c.env.map((e: Json) => e.name),
        job.metadata.name,
      ).not.toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
      expect(
        c.volumeMounts.map((m: Json) => m.mountPath),
        job.metadata.name,
      ).toEqual(['/tmp', '/etc/db-ca']);
    }
  });

  it('has a `helm test` pod that asks the gateway, admitted to its API port alone; tests.enabled=false drops both', () => {
    const tests = byKind(defaults, 'Pod').filter((p) => p.metadata.annotations?.['helm.sh/hook'] === 'test');
    expect(tests).toHaveLength(1);
    const [test] = tests;
    const c = test!.spec.containers[0];
    expect(c.image).toBe(ofDeployable(defaults, 'Deployment', 'gateway').spec.template.spec.containers[0].image);
    expect(c.env).toEqual([{ name: 'GATEWAY_URL', value: 'http://studio-gateway:8080' }]);
    expect(c.command.slice(0, 3)).toEqual(['node', '--input-type=module', '-e']);
    expect(c.command[3]).toContain('/openapi.json');
    expect(c.command[3]).toContain('/auth/whoami');
    expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
    expect(test!.spec.restartPolicy).toBe('Never');
    expect(component(test!)).toBe('test');
    const policies = byKind(defaults, 'NetworkPolicy');
    const own = policies.find((p) => p.metadata.name === 'studio-test')!;
    expect(own.spec.egress.at(-1)).toEqual({
      to: [
        {
          podSelector: {
            matchLabels: {
              'app.kubernetes.io/name': 'studio',
              'app.kubernetes.io/instance': 'studio',
              'app.kubernetes.io/component': 'gateway',
            },
          },
        },
      ],
      ports: [{ protocol: 'TCP', port: 8080 }],
    });
    const admitted = policies
      .filter((p) => p.metadata.name !== 'studio-test')
      .filter((p) =>
        (p.spec.ingress ?? []).some((rule: Json) =>
          (rule.from ?? []).some((f: Json) => f.podSelector?.matchLabels?.['app.kubernetes.io/component'] === 'test'),
        ),
      );
    expect(admitted.map((p) => p.metadata.name)).toEqual(['studio-gateway']);
    const off = helmTemplate({ set: { 'tests.enabled': 'false' } });
    expect(byKind(off, 'Pod')).toEqual([]);
    expect(byKind(off, 'NetworkPolicy').map((p) => p.metadata.name)).not.toContain('studio-test');
  });

  it('finishes every migrate hook, and all of them, inside the --timeout the READMEs document', () => {
    const documented = (file: string) => {
      const match = /--wait --atomic --timeout (\d+)m/.exec(readFileSync(path.join(ROOT, file), 'utf8'));
      expect(match, file).not.toBeNull();
      return Number(match![1]) * 60;
    };
    const timeout = documented('deploy/README.md');
    expect(documented('deploy/helm/studio/README.md')).toBe(timeout);
    for (const objects of [defaults, prod]) {
      const deadlines = byKind(objects, 'Job').map((job) => job.spec.activeDeadlineSeconds as number);
      expect(deadlines).toHaveLength(DATABASE_SERVICES.length);
      for (const deadline of deadlines) expect(deadline).toBeLessThan(timeout);
      // The hooks run one after another: even all of them at their deadline leave time for the rollout.
      expect(deadlines.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(timeout * (2 / 3));
    }
  });

  it('README.md lists every value: it is what `npm run chart:readme` generates from values.yaml', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chart-readme-'));
    try {
      const copy = path.join(dir, 'README.md');
      copyFileSync(path.join(CHART, 'README.md'), copy);
      // Fails (exit 1, naming the key) when a value has no `## @param` line or a `## @param` names no value.
      execFileSync(process.execPath, [README_GENERATOR, '--values', path.join(CHART, 'values.yaml'), '--readme', copy], { stdio: 'pipe' });
      expect(readFileSync(copy, 'utf8')).toBe(readFileSync(path.join(CHART, 'README.md'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
