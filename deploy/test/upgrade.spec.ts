/**
 * Upgrades an SRE can trust. Pods roll when what they load at start changes. Helm: every Deployment's pod template carries
 * `checksum/config` (sha256 of the rendered data of the shared ConfigMap and of its own) and
 * `studio/secrets-revision` (the `secretsRevision` value: the chart only references Secrets created outside
 * it, so their content cannot be hashed). kustomize: the base's ConfigMaps are configMapGenerators, so a
 * config change renames the ConfigMap the pod template points at. And the migrate Jobs (which run while the
 * previous release still serves) give up on a lock after migrations.lockTimeout instead of queueing the
 * table's traffic behind a DDL statement (docs/decisions/0010-migrations.md). And an upgrade across the move of
 * /healthz, /readyz and /metrics to the admin port only adds: selectors stay, the API and gRPC Service ports stay
 * where callers (and the old pods, during the rollout) have them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { DEPLOYABLES } from '../deployables.js';
import { helmTemplate, helmTemplateText, kustomize, type HelmOptions, type K8sObject } from '../lib/render.js';
import { byKind } from './support.js';

type Json = Record<string, any>;

const deployments = (objects: K8sObject[]): Map<string, Json> =>
  new Map(byKind(objects, 'Deployment').map((d) => [d.metadata.labels['app.kubernetes.io/component'] as string, d]));
const render = (options: HelmOptions = {}) => deployments(helmTemplate(options));
const checksum = (d: Json): string => d.spec.template.metadata.annotations['checksum/config'];

const tmp = mkdtempSync(path.join(tmpdir(), 'studio-rollout-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
/** A values file (for values --set cannot express, such as template strings). */
function valuesFile(name: string, values: Json): string {
  const file = path.join(tmp, `${name}.yaml`);
  writeFileSync(file, stringify(values));
  return file;
}

/** Names of the deployables whose pod template differs between two renderings. */
function rolled(before: Map<string, Json>, after: Map<string, Json>): string[] {
  return [...before.keys()]
    .filter((name) => JSON.stringify(before.get(name)!.spec.template) !== JSON.stringify(after.get(name)!.spec.template))
    .sort();
}

describe('helm: pod template rollout annotations', () => {
  const base = render();
  const ALL = DEPLOYABLES.map((d) => d.name).sort();

  it('every Deployment carries a sha256 checksum/config and studio/secrets-revision', () => {
    expect([...base.keys()].sort()).toEqual(ALL);
    for (const [name, d] of base) {
      expect(checksum(d), name).toMatch(/^[0-9a-f]{64}$/);
      expect(d.spec.template.metadata.annotations['studio/secrets-revision'], name).toBe('');
    }
    // Each deployable loads its own ConfigMap, so no two hash the same data.
    expect(new Set([...base.values()].map(checksum)).size).toBe(base.size);
  });

  it('the checksum covers exactly the ConfigMaps the pod loads: the shared one and its own', () => {
    for (const [name, d] of base) {
      const refs = d.spec.template.spec.containers[0].envFrom.map((e: Json) => e.configMapRef?.name);
      expect(refs, name).toEqual(['studio-config', `studio-${name}`]);
    }
  });

  it('a shared config value rolls every deployable (they all load the shared ConfigMap)', () => {
    const after = render({ set: { 'config.LOG_LEVEL': 'debug' } });
    expect(rolled(base, after)).toEqual(ALL);
    for (const [name, d] of after) expect(checksum(d), name).not.toBe(checksum(base.get(name)!));
  });

  it("one deployable's env rolls that deployable only", () => {
    const after = render({ set: { 'deployables.gallery.env.GALLERY_PAGE_SIZE': '50' } });
    expect(rolled(base, after)).toEqual(['gallery']);
    const before = base.get('gallery')!.spec.template;
    const now = after.get('gallery')!.spec.template;
    expect(now.metadata.annotations['checksum/config']).not.toBe(before.metadata.annotations['checksum/config']);
    // Only the annotation differs in the pod template (the new value arrives through the ConfigMap).
    expect({ ...now, metadata: { ...now.metadata, annotations: {} } }).toEqual({
      ...before,
      metadata: { ...before.metadata, annotations: {} },
    });
    const cm = byKind(helmTemplate({ set: { 'deployables.gallery.env.GALLERY_PAGE_SIZE': '50' } }), 'ConfigMap').find(
      (c) => c.metadata.name === 'studio-gallery',
    )!;
    expect(cm.data.GALLERY_PAGE_SIZE).toBe('50');
  });

  it('the checksum is of the rendered data: a template that renders the same value rolls nothing', () => {
    const same = valuesFile('same', { deployables: { gateway: { env: { RATE_LIMIT_PER_MINUTE: '{{ printf "%d" 600 }}' } } } });
    expect(rolled(base, render({ values: [same] }))).toEqual([]);
    const other = valuesFile('other', { deployables: { gateway: { env: { RATE_LIMIT_PER_MINUTE: '{{ printf "%d" 601 }}' } } } });
    expect(rolled(base, render({ values: [other] }))).toEqual(['gateway']);
  });

  it('values that touch no ConfigMap roll nothing', () => {
    const after = render({
      set: {
        'deployables.search.autoscaling.maxReplicas': '9',
        'ingress.enabled': 'true',
        'networkPolicy.enabled': 'false',
        'serviceMonitor.enabled': 'true',
        'networkPolicy.metricsFrom[0].namespaceSelector.matchLabels.team': 'observability',
      },
    });
    expect(rolled(base, after)).toEqual([]);
  });

  it("moving one deployable's admin port rolls that deployable only (its ConfigMap, container port and probes)", () => {
    const after = render({ set: { 'deployables.search.ports.admin': '7399' } });
    expect(rolled(base, after)).toEqual(['search']);
    const c = after.get('search')!.spec.template.spec.containers[0];
    expect(c.ports.find((x: Json) => x.name === 'admin').containerPort).toBe(7399);
    expect(c.readinessProbe.httpGet.port).toBe('admin'); // by name: follows the port
    expect(checksum(after.get('search')!)).not.toBe(checksum(base.get('search')!));
  });

  it('bumping secretsRevision (after rotating a referenced Secret) rolls every deployable', () => {
    const after = render({ set: { secretsRevision: '2026-11-24' } });
    expect(rolled(base, after)).toEqual(ALL);
    for (const [name, d] of after) {
      expect(d.spec.template.metadata.annotations['studio/secrets-revision'], name).toBe('2026-11-24');
      expect(checksum(d), name).toBe(checksum(base.get(name)!));
    }
    expect(render({ set: { secretsRevision: '3' } }).get('studio')!.spec.template.metadata.annotations['studio/secrets-revision']).toBe(
      '3',
    );
  });

  it('puts deploymentAnnotations on the Deployment objects (where Reloader looks), not on the pod template', () => {
    const after = render({ set: { 'deploymentAnnotations.reloader\\.stakater\\.com/auto': 'true' } });
    for (const [name, d] of after) expect(d.metadata.annotations, name).toEqual({ 'reloader.stakater.com/auto': 'true' });
    expect(rolled(base, after)).toEqual([]);
    for (const [name, d] of base) expect(d.metadata.annotations, name).toBeUndefined();
  });
});

/**
 * The Service ports the chart rendered before the admin port existed (every process served its ops paths on `http`).
 * `helm upgrade` (and `kubectl apply -k`) patch the live objects with a three-way strategic merge, Service and
 * container ports merging on their number: a new port is an addition, a dropped one a removal, and nothing
 * immutable (a Deployment's spec.selector, a Service's clusterIP) changes. While the new pods roll out beside the
 * old ones, every caller must still find the API and gRPC ports where they were.
 */
const BEFORE_ADMIN_PORT: Record<string, Record<string, number>> = {
  gateway: { http: 8080 },
  studio: { http: 7101, grpc: 7201 },
  gallery: { http: 7102, grpc: 7202 },
  upload: { http: 7103, grpc: 7203 },
  'upload-worker': { http: 7113 },
  search: { http: 7104, grpc: 7204 },
  webhooks: { http: 7105, grpc: 7205 },
  'webhooks-worker': { http: 7115 },
};

describe('helm upgrade across the move of the ops endpoints to the admin port', () => {
  const objects = helmTemplate();
  const services = new Map(byKind(objects, 'Service').map((s) => [s.metadata.labels['app.kubernetes.io/component'] as string, s]));
  const selector = (name: string) => ({
    'app.kubernetes.io/name': 'studio',
    'app.kubernetes.io/instance': 'studio',
    'app.kubernetes.io/component': name,
  });

  it('keeps the selectors (a Deployment spec.selector is immutable): the three stable labels, nothing that changes with a release', () => {
    for (const [name, d] of deployments(objects)) {
      expect(d.spec.selector, name).toEqual({ matchLabels: selector(name) });
      expect(services.get(name)!.spec.selector, name).toEqual(selector(name));
    }
  });

  it('keeps every API and gRPC Service port (name, number, target) and only adds admin, on a number no old port had', () => {
    const oldNumbers = new Set(Object.values(BEFORE_ADMIN_PORT).flatMap((ports) => Object.values(ports)));
    for (const d of DEPLOYABLES) {
      const ports = services.get(d.name)!.spec.ports as Json[];
      const before = BEFORE_ADMIN_PORT[d.name];
      // A deployable added after the move (console, issue 26) has no earlier Service to upgrade.
      if (!before) continue;
      // A worker's old `http` port served only health and metrics: the admin port replaces it (nobody else called it).
      const kept = d.tier === 'worker' ? {} : before;
      for (const [portName, port] of Object.entries(kept)) {
        expect(
          ports.find((x) => x.name === portName),
          `${d.name} ${portName}`,
        ).toMatchObject({ port, targetPort: portName });
      }
      expect(
        ports.map((x) => x.name).filter((x) => !(x in kept)),
        d.name,
      ).toEqual(['admin']);
      // Merging on the number: an admin port on an old number would be patched into the old entry, not added.
      expect(oldNumbers.has(d.adminPort), `${d.name} admin ${d.adminPort}`).toBe(false);
    }
  });

  it("every upstream address in the ConfigMaps names an API or gRPC port of the target's Service, never an admin port", () => {
    const addresses = byKind(objects, 'ConfigMap').flatMap((cm) =>
      Object.values(cm.data as Record<string, string>).flatMap((value) => [...value.matchAll(/\bstudio-([a-z-]+):(\d+)\b/g)]),
    );
    expect(addresses.length).toBeGreaterThan(5);
    for (const [address, name, port] of addresses) {
      const svcPort = (services.get(name!)?.spec.ports as Json[] | undefined)?.find((x) => x.port === Number(port));
      expect(svcPort, address).toBeDefined();
      expect(svcPort!.name, address).not.toBe('admin');
    }
  });
});

describe('helm: migrate Jobs', () => {
  const pgOptions = (objects: K8sObject[]) =>
    byKind(objects, 'Job').map(
      (j) => j.spec.template.spec.containers[0].env.find((e: Json) => e.name === 'PGOPTIONS')?.value as string | undefined,
    );

  it('set lock_timeout on every connection of every migrate Job (PGOPTIONS; a SET in migration.sql would not stick)', () => {
    const values = pgOptions(helmTemplate());
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(v).toBe('-c lock_timeout=5s');
    for (const v of pgOptions(helmTemplate({ set: { 'migrations.lockTimeout': '250ms' } }))) expect(v).toBe('-c lock_timeout=250ms');
  });

  it('leave lock_timeout unset when migrations.lockTimeout is 0 or empty, and refuse a malformed one', () => {
    for (const off of ['0', ''])
      expect(
        pgOptions(helmTemplate({ set: { 'migrations.lockTimeout': off } })).every((v) => v === undefined),
        off,
      ).toBe(true);
    expect(() => helmTemplateText({ set: { 'migrations.lockTimeout': '5 seconds' } })).toThrow(/lockTimeout/);
  });
});

describe('kustomize: the base rolls through hash-suffixed ConfigMap names', () => {
  it('k8s/base carries no Helm rollout annotation and points every pod at generated (hash-suffixed) ConfigMaps', () => {
    const objects = kustomize('k8s/base');
    const names = new Set(byKind(objects, 'ConfigMap').map((c) => c.metadata.name));
    for (const [name, d] of deployments(objects)) {
      expect(d.spec.template.metadata.annotations?.['checksum/config'], name).toBeUndefined();
      expect(d.spec.template.metadata.annotations?.['studio/secrets-revision'], name).toBeUndefined();
      const refs: string[] = d.spec.template.spec.containers[0].envFrom.map((e: Json) => e.configMapRef.name);
      expect(refs, name).toHaveLength(2);
      for (const ref of refs) {
        expect(ref, name).toMatch(/^studio-[a-z-]+-[a-z0-9]{10}$/);
        expect(names, name).toContain(ref);
      }
    }
  });
});
