/**
 * The plain manifests (k8s/): the base is what deploy/scripts/gen-k8s.ts renders from the chart today, and
 * `kubectl kustomize` renders both overlays and their migrations into objects that validate and keep the
 * invariants. Each toolset's kubectl (1.31 and 1.33, deploy/lib/tools.ts) renders offline.
 */
import { describe, expect, it } from 'vitest';
import { DATABASE_SERVICES, DEPLOYABLES } from '../deployables.js';
import { kustomize, type K8sObject } from '../lib/render.js';
import { toolsets } from '../lib/tools.js';
import { kubernetesSecrets } from '../scripts/compose-secrets.js';
import { readBase, renderBase } from '../scripts/gen-k8s.js';
import { byKind, checkInvariants, checkNetworkPolicies, validateObjects } from './support.js';

it('k8s/base is what deploy/scripts/gen-k8s.ts renders from the chart (run it after changing the chart)', () => {
  const want = renderBase();
  const have = readBase();
  expect([...have.keys()].sort()).toEqual([...want.keys()].sort());
  for (const [file, content] of want) expect(have.get(file), file).toBe(content);
});

describe('kustomize overlays (kubectl kustomize)', () => {
  const render = new Map<string, K8sObject[]>();
  const get = (dir: string) => {
    if (!render.has(dir)) render.set(dir, kustomize(dir));
    return render.get(dir)!;
  };
  const OVERLAYS = ['k8s/base', 'k8s/overlays/dev', 'k8s/overlays/prod', 'k8s/overlays/dev/migrations', 'k8s/overlays/prod/migrations'];

  it.each(OVERLAYS)('%s renders the same objects with every supported kubectl (1.31 and 1.33)', (dir) => {
    const [oldest, ...others] = toolsets();
    const want = kustomize(dir, oldest!.kubectl);
    for (const other of others) expect(kustomize(dir, other.kubectl), `kubectl ${other.kubectlVersion}`).toEqual(want);
  });

  it.each(OVERLAYS)('%s renders objects that validate with kubernetes-models', async (dir) => {
    const objects = get(dir);
    expect(objects.length).toBeGreaterThan(0);
    expect(await validateObjects(objects)).toEqual([]);
  });

  it.each([
    ['k8s/overlays/prod', false],
    ['k8s/overlays/dev', true],
  ])('%s keeps the invariants', (dir, allowSecrets) => {
    expect(checkInvariants(get(dir), { allowSecrets })).toEqual([]);
    expect(checkNetworkPolicies(get(dir))).toEqual([]);
  });

  it('sets namespace, image tags, resources and HPA bounds per overlay, and leaves replicas to the HPAs', () => {
    const prod = get('k8s/overlays/prod');
    const dev = get('k8s/overlays/dev');
    const find = (objects: K8sObject[], kind: string, name: string) =>
      byKind(objects, kind).find((resource) => resource.metadata.name === name)!;
    for (const resource of prod) expect(resource.metadata.namespace, `${resource.kind}/${resource.metadata.name}`).toBe('studio');
    for (const resource of dev) expect(resource.metadata.namespace, `${resource.kind}/${resource.metadata.name}`).toBe('studio-dev');
    for (const d of DEPLOYABLES) {
      const p = find(prod, 'Deployment', `studio-${d.name}`);
      const v = find(dev, 'Deployment', `studio-${d.name}`);
      expect(p.spec.template.spec.containers[0].image).toBe(`ghcr.io/example-org/studio/${d.name}:1.0.0`);
      expect(v.spec.template.spec.containers[0].image).toBe(`registry.example.com/studio/${d.name}:dev`);
      // The HPAs own the replica counts: no overlay sets spec.replicas (an apply would scale the Deployment back).
      expect(v.spec.replicas).toBeUndefined();
      expect(p.spec.replicas).toBeUndefined();
      expect(find(dev, 'HorizontalPodAutoscaler', `studio-${d.name}`).spec).toMatchObject({ minReplicas: 1, maxReplicas: 2 });
      expect(find(prod, 'HorizontalPodAutoscaler', `studio-${d.name}`).spec.minReplicas).toBeGreaterThanOrEqual(2);
    }
    expect(find(prod, 'HorizontalPodAutoscaler', 'studio-upload-worker').spec.maxReplicas).toBe(30);
    expect(find(prod, 'Deployment', 'studio-upload-worker').spec.template.spec.containers[0].resources.limits.memory).toBe('2Gi');
    expect(find(dev, 'Deployment', 'studio-gateway').spec.template.spec.containers[0].resources.requests.cpu).toBe('50m');
    expect(byKind(prod, 'Ingress')).toHaveLength(1);
  });

  it('prod references Secrets only; dev generates its data-store Secrets, the keys come from compose-secrets.ts', () => {
    expect(byKind(get('k8s/overlays/prod'), 'Secret')).toEqual([]);
    const devSecrets = byKind(get('k8s/overlays/dev'), 'Secret')
      .map((s) => s.metadata.name)
      .sort();
    expect(devSecrets).toEqual(
      ['studio-amqp', 'studio-redis', 'studio-s3', 'studio-smtp', ...DATABASE_SERVICES.map((d) => `studio-db-${d.database}`)].sort(),
    );
    // No key material in the repository: none of the generated Secrets holds a key or secret of the application.
    for (const s of byKind(get('k8s/overlays/dev'), 'Secret'))
      expect(
        Object.keys(s.data ?? {}).filter(
          (k) => !['REDIS_URL', 'AMQP_URL', 'DATABASE_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'SMTP_URL'].includes(k),
        ),
      ).toEqual([]);
    // Every secretKeyRef of the dev overlay resolves to a generated Secret and key, or to one the script makes.
    const secrets = new Map(
      [...byKind(get('k8s/overlays/dev'), 'Secret'), ...(kubernetesSecrets() as Record<string, any>[])].map((s) => [
        s.metadata.name,
        s.data ?? {},
      ]),
    );
    for (const dep of byKind(get('k8s/overlays/dev'), 'Deployment')) {
      for (const e of dep.spec.template.spec.containers[0].env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        expect(secrets.get(ref.name)?.[ref.key], `${dep.metadata.name} ${e.name}`).toBeDefined();
      }
    }
  });

  it('the migrations kustomizations hold one Job per database service, in the overlay namespace and image', () => {
    for (const [dir, ns, tag] of [
      ['k8s/overlays/prod/migrations', 'studio', '1.0.0'],
      ['k8s/overlays/dev/migrations', 'studio-dev', 'dev'],
    ] as const) {
      const jobs = byKind(get(dir), 'Job');
      expect(jobs.map((j) => j.metadata.labels['studio/database']).sort()).toEqual(DATABASE_SERVICES.map((d) => d.database).sort());
      for (const job of jobs) {
        expect(job.metadata.namespace).toBe(ns);
        expect(job.metadata.annotations?.['helm.sh/hook']).toBeUndefined();
        expect(job.spec.template.spec.containers[0].image).toMatch(
          new RegExp(`/(${DATABASE_SERVICES.map((d) => d.name).join('|')}):${tag}$`),
        );
        expect(job.spec.template.spec.containers[0].args.join(' ')).toContain('migrate:deploy');
      }
    }
  });

  it('carries no Helm bookkeeping', () => {
    for (const resource of get('k8s/overlays/prod')) {
      expect(resource.metadata.labels?.['helm.sh/chart'], `${resource.kind}/${resource.metadata.name}`).toBeUndefined();
      expect(resource.metadata.labels?.['app.kubernetes.io/managed-by']).toBeUndefined();
    }
  });
});
