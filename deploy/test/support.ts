/**
 * Checks shared by the deployment tests: schema validation of rendered objects with kubernetes-models, and
 * the invariants every rendering (Helm default, Helm prod, kustomize overlays) must keep. Each check returns
 * a list of problems (empty = fine) so that a failure names every offending object at once.
 */
import { isDeepStrictEqual } from 'node:util';
import { DEPLOYABLES, type Deployable } from '../deployables.js';
import type { K8sObject } from '../lib/render.js';

type Json = Record<string, any>;

/** Module path of the kubernetes-models class for apiVersion/kind (CRDs from their own packages). */
function modelModule(apiVersion: string, kind: string): string {
  if (apiVersion === 'monitoring.coreos.com/v1') return `@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/${kind}`;
  if (apiVersion === 'keda.sh/v1alpha1') return `@kubernetes-models/keda/keda.sh/v1alpha1/${kind}`;
  return `kubernetes-models/${apiVersion}/${kind}`;
}

/**
 * Constructs the model class of each object's apiVersion/kind and calls validate() (types and required
 * fields; kubernetes-models does not reject unknown fields). Returns "<kind>/<name>: <error>" per failure.
 */
export async function validateObjects(objects: K8sObject[]): Promise<string[]> {
  const problems: string[] = [];
  for (const obj of objects) {
    const id = `${obj.kind}/${obj.metadata?.name}`;
    let Model: (new (data: unknown) => { validate(): void }) | undefined;
    try {
      const mod = (await import(modelModule(obj.apiVersion, obj.kind))) as Json;
      Model = mod[obj.kind] ?? mod.default?.[obj.kind];
    } catch (err) {
      problems.push(`${id}: no model for ${obj.apiVersion} ${obj.kind} (${(err as Error).message})`);
      continue;
    }
    if (!Model) {
      problems.push(`${id}: no model class ${obj.kind} in ${modelModule(obj.apiVersion, obj.kind)}`);
      continue;
    }
    // kustomize folds long base64 values over lines; the API server's decoder skips the newlines, the
    // validator's "byte" format does not: compare what the server would decode.
    const data =
      obj.kind === 'Secret' && obj.data
        ? {
            ...obj,
            data: Object.fromEntries(Object.entries(obj.data as Record<string, string>).map(([k, v]) => [k, v.replace(/\s+/g, '')])),
          }
        : obj;
    try {
      new Model(data).validate();
    } catch (err) {
      problems.push(`${id}: ${(err as Error).message}`);
    }
  }
  return problems;
}

export const byKind = (objects: K8sObject[], kind: string): Json[] => objects.filter((resource) => resource.kind === kind) as Json[];
const component = (resource: Json): string | undefined => resource.metadata?.labels?.['app.kubernetes.io/component'];

/** Names of the environment variables that hold secrets: never a literal value, never in a ConfigMap. */
export const SECRET_ENV = [
  'DATABASE_URL',
  'REDIS_URL',
  'AMQP_URL',
  'IDENTITY_SIGNING_KEY',
  'IDENTITY_PUBLIC_KEY',
  'CLIENT_SESSION_SIGNING_KEY',
  'CLIENT_SESSION_PUBLIC_KEY',
  'SERVICE_SIGNING_KEY',
  'SERVICE_PUBLIC_KEYS',
  'CURSOR_SECRET',
  'WEBHOOK_SECRET_KEY',
  'PORTAL_TOKEN_KEY',
  'IDEMPOTENCY_ENCRYPTION_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
];

/**
 * The data-store URLs a deployable gets from Secrets besides deploy/deployables.ts's `secrets` and `optionalSecrets`:
 * the gateway Redis; every process with a database also the broker (its events); the console neither.
 */
export function dataStoreEnv(d: Deployable): string[] {
  return [...(d.name === 'gateway' ? ['REDIS_URL'] : []), ...(d.database ? ['AMQP_URL', 'DATABASE_URL'] : [])];
}

/**
 * Least privilege: each Deployment's secret-backed env is exactly its deployable's `secrets` + `optionalSecrets` +
 * data-store URLs (so a key cannot reach a process that does not use it), and SERVICE_SIGNING_KEY, when a
 * deployable has a gRPC caller name, comes from a Secret no other deployable's SERVICE_SIGNING_KEY uses.
 */
export function checkSecretEnv(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const serviceKeySecrets = new Map<string, string>();
  for (const dep of byKind(objects, 'Deployment')) {
    const d = DEPLOYABLES.find((x) => x.name === component(dep));
    if (!d) continue;
    const p = (msg: string) => problems.push(`Deployment ${dep.metadata.name}: ${msg}`);
    const env = (dep.spec.template.spec.containers[0]?.env ?? []) as Json[];
    const refs = env.filter((e) => e.valueFrom?.secretKeyRef);
    const have = refs.map((e) => e.name as string).sort();
    const want = [...dataStoreEnv(d), ...d.secrets, ...d.optionalSecrets].sort();
    if (JSON.stringify(have) !== JSON.stringify(want)) p(`secret env ${have.join(',')}, expected ${want.join(',')}`);
    const serviceKey = refs.find((e) => e.name === 'SERVICE_SIGNING_KEY')?.valueFrom.secretKeyRef.name as string | undefined;
    if (serviceKey) {
      const other = serviceKeySecrets.get(serviceKey);
      if (other) p(`SERVICE_SIGNING_KEY comes from ${serviceKey}, the Secret of ${other} as well`);
      serviceKeySecrets.set(serviceKey, d.name);
    }
  }
  return problems;
}

/** The chart's default `networkPolicy.metricsFrom`: the peers (Prometheus) admitted to the admin ports. */
export const METRICS_FROM: readonly Json[] = [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }];

export interface InvariantOptions {
  /** Whether Secret objects may appear (only an explicit dev configuration). */
  allowSecrets?: boolean;
  /** Helm renderings carry the migrate jobs; the kustomize overlays keep them in a separate kustomization. */
  expectMigrations?: boolean;
  /** The peers that alone may reach the admin ports (`networkPolicy.metricsFrom`); the chart's default if unset. */
  metricsFrom?: readonly Json[];
}

/** A deployable's ports by name, as deploy/deployables.ts has them: admin always, http and grpc where it has them. */
export function expectedPorts(d: Deployable): Map<string, number> {
  const ports = new Map<string, number>([['admin', d.adminPort]]);
  if (d.httpPort !== undefined) ports.set('http', d.httpPort);
  if (d.grpcPort !== undefined) ports.set('grpc', d.grpcPort);
  return ports;
}

const showPorts = (ports: Map<string, unknown>): string =>
  [...ports]
    .map(([name, port]) => `${name}=${port}`)
    .sort()
    .join(',');

function configMapData(objects: K8sObject[], nameRef: string): Record<string, string> {
  const cm = byKind(objects, 'ConfigMap').find((c) => c.metadata.name === nameRef);
  return (cm?.data ?? {}) as Record<string, string>;
}

/** Environment of a container as the kubelet would see it (envFrom ConfigMaps, then env), plain values only. */
export function effectiveEnv(objects: K8sObject[], container: Json): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, configMapData(objects, from.configMapRef.name));
  }
  for (const e of container.env ?? []) if (typeof e.value === 'string') env[e.name] = e.value;
  return env;
}

/**
 * The workload invariants: ports and probes (/healthz, /readyz and /metrics on the admin port only), resources,
 * security, rollout, grace, HPA, PDB, Service, ServiceMonitors, Ingress, policies.
 */
export function checkInvariants(objects: K8sObject[], opts: InvariantOptions = {}): string[] {
  const problems: string[] = [];
  const deployments = byKind(objects, 'Deployment');
  const names = deployments.map(component).sort();
  const expected = DEPLOYABLES.map((d) => d.name).sort();
  if (JSON.stringify(names) !== JSON.stringify(expected))
    problems.push(`deployables: rendered ${names.join(',')}, expected ${expected.join(',')}`);

  for (const dep of deployments) {
    const name = component(dep)!;
    const d: Deployable | undefined = DEPLOYABLES.find((x) => x.name === name);
    const p = (msg: string) => problems.push(`Deployment ${dep.metadata.name}: ${msg}`);
    const spec = dep.spec;
    const pod = spec.template.spec;
    const [c, ...others] = pod.containers as Json[];
    if (!c || others.length > 0) {
      p('expected exactly one container');
      continue;
    }
    // Ports and probes: the probes go to the admin port, the only one serving /healthz and /readyz.
    const ports = new Map<string, number>((c.ports ?? []).map((x: Json) => [x.name, x.containerPort]));
    if (c.readinessProbe?.httpGet?.path !== '/readyz') p('readinessProbe must GET /readyz');
    if (c.livenessProbe?.httpGet?.path !== '/healthz') p('livenessProbe must GET /healthz');
    if (!c.startupProbe?.httpGet) p('startupProbe missing');
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
      const port = c[probe]?.httpGet?.port;
      if (port !== 'admin' && (port === undefined || port !== ports.get('admin')))
        p(`${probe} must use the admin port (uses ${port ?? 'none'})`);
    }
    if (d) {
      const want = expectedPorts(d);
      if (showPorts(ports) !== showPorts(want)) p(`container ports ${showPorts(ports)}, expected ${showPorts(want)}`);
      const env = effectiveEnv(objects, c);
      if (env[d.env.adminPort] !== String(d.adminPort)) p(`${d.env.adminPort} must be ${d.adminPort} (is ${env[d.env.adminPort]})`);
      if (d.httpPort !== undefined && env[d.env.httpPort!] !== String(d.httpPort))
        p(`${d.env.httpPort} must be ${d.httpPort} (is ${env[d.env.httpPort!]})`);
      if (d.grpcPort !== undefined && env[d.env.grpcPort!] !== String(d.grpcPort)) p(`${d.env.grpcPort} must be ${d.grpcPort}`);
      // No port variable the process does not read (e.g. a worker's retired *_WORKER_HTTP_PORT).
      const own = new Set([d.env.httpPort, d.env.grpcPort, d.env.adminPort]);
      for (const key of Object.keys(env)) if (key.endsWith('_PORT') && !own.has(key)) p(`${key} is not a port variable of ${name}`);
      if (env[d.env.host] !== '0.0.0.0') p(`${d.env.host} must be 0.0.0.0 (the code defaults to loopback)`);
      const envNames = new Set([...(c.env ?? []).map((e: Json) => e.name), ...Object.keys(env)]);
      if (d.database && !envNames.has('DATABASE_URL')) p('DATABASE_URL missing');
    }
    // Resources.
    for (const kind of ['requests', 'limits']) {
      for (const res of ['cpu', 'memory']) if (!c.resources?.[kind]?.[res]) p(`resources.${kind}.${res} missing`);
    }
    // Security.
    if (pod.securityContext?.runAsNonRoot !== true) p('pod securityContext.runAsNonRoot must be true');
    if (pod.securityContext?.seccompProfile?.type !== 'RuntimeDefault') p('pod seccompProfile must be RuntimeDefault');
    if (c.securityContext?.readOnlyRootFilesystem !== true) p('readOnlyRootFilesystem must be true');
    if (c.securityContext?.allowPrivilegeEscalation !== false) p('allowPrivilegeEscalation must be false');
    if (!(c.securityContext?.capabilities?.drop ?? []).includes('ALL')) p('capabilities must drop ALL');
    const tmp = (c.volumeMounts ?? []).find((m: Json) => m.mountPath === '/tmp');
    if (!tmp || !(pod.volumes ?? []).some((v: Json) => v.name === tmp.name && v.emptyDir)) p('/tmp must be an emptyDir');
    if (pod.automountServiceAccountToken !== false) p('automountServiceAccountToken must be false');
    // Rollout.
    if (
      spec.strategy?.type !== 'RollingUpdate' ||
      spec.strategy.rollingUpdate?.maxUnavailable !== 0 ||
      spec.strategy.rollingUpdate?.maxSurge !== 1
    ) {
      p('rolling update must have maxUnavailable 0 and maxSurge 1');
    }
    // Shutdown.
    const sleep = c.lifecycle?.preStop?.exec?.command;
    const sleepSeconds = Array.isArray(sleep) && sleep[0] === 'sleep' ? Number(sleep[1]) : NaN;
    if (!(sleepSeconds > 0)) p('preStop must sleep so that endpoints drain');
    const graceMs = Number(effectiveEnv(objects, c).SHUTDOWN_GRACE_MS ?? 10_000);
    const extraMs = name === 'upload-worker' ? 60_000 : 0; // the worker allows SHUTDOWN_GRACE_MS + 60 s
    if (!(pod.terminationGracePeriodSeconds * 1000 > graceMs + extraMs + sleepSeconds * 1000)) {
      p(
        `terminationGracePeriodSeconds ${pod.terminationGracePeriodSeconds} must exceed grace ${graceMs} ms + ${extraMs} ms + preStop ${sleepSeconds} s`,
      );
    }
    // Scheduling.
    const anti = pod.affinity?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? [];
    if (!anti.some((t: Json) => t.podAffinityTerm?.topologyKey === 'kubernetes.io/hostname'))
      p('podAntiAffinity preferred by hostname missing');
    if (!(pod.topologySpreadConstraints ?? []).length) p('topologySpreadConstraints missing');
    // Secrets only by reference.
    for (const e of c.env ?? []) {
      if (SECRET_ENV.includes(e.name) && !e.valueFrom?.secretKeyRef) p(`${e.name} must come from a secretKeyRef`);
    }
    // Companions: HPA, PDB, Service.
    const labels = spec.template.metadata.labels as Record<string, string>;
    const selects = (sel: Record<string, string> | undefined) => !!sel && Object.entries(sel).every(([k, v]) => labels[k] === v);
    const hpa = byKind(objects, 'HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef?.name === dep.metadata.name);
    if (hpa?.apiVersion !== 'autoscaling/v2') p('needs an autoscaling/v2 HorizontalPodAutoscaler');
    else if (!(hpa.spec.minReplicas >= 1 && hpa.spec.maxReplicas >= hpa.spec.minReplicas)) p('HPA bounds are wrong');
    // An HPA owns the replica count: spec.replicas beside it would scale the Deployment back at every apply.
    if (hpa && spec.replicas !== undefined)
      p(`sets spec.replicas (${spec.replicas}) though HorizontalPodAutoscaler ${hpa.metadata.name} manages it`);
    const pdb = byKind(objects, 'PodDisruptionBudget').find((b) => selects(b.spec.selector?.matchLabels));
    if (pdb?.apiVersion !== 'policy/v1') p('needs a policy/v1 PodDisruptionBudget');
    const svc = byKind(objects, 'Service').find((s) => selects(s.spec.selector));
    if (!svc) p('needs a Service');
    else if (d) {
      // Every container port, by name and number: http (API), grpc, and admin (the ServiceMonitor selects it by name).
      const svcPorts = new Map<string, number>((svc.spec.ports as Json[]).map((sp) => [sp.name, sp.port]));
      if (showPorts(svcPorts) !== showPorts(expectedPorts(d)))
        p(`Service ports ${showPorts(svcPorts)}, expected ${showPorts(expectedPorts(d))}`);
      for (const sp of svc.spec.ports as Json[])
        if (sp.targetPort !== sp.name) p(`Service port ${sp.name} must target the container port ${sp.name}`);
    }
    if (!byKind(objects, 'NetworkPolicy').some((np) => selects(np.spec.podSelector?.matchLabels) && component(np) === name))
      p('needs its NetworkPolicy');
  }

  // ConfigMaps carry no secrets; Secrets only where explicitly allowed.
  for (const cm of byKind(objects, 'ConfigMap')) {
    for (const key of Object.keys(cm.data ?? {}))
      if (SECRET_ENV.includes(key)) problems.push(`ConfigMap ${cm.metadata.name}: ${key} is a secret`);
  }
  const secrets = byKind(objects, 'Secret');
  if (!opts.allowSecrets && secrets.length > 0) problems.push(`Secret objects rendered: ${secrets.map((s) => s.metadata.name).join(', ')}`);
  for (const s of secrets) if (!opts.allowSecrets && (s.data || s.stringData)) problems.push(`Secret ${s.metadata.name} carries data`);

  problems.push(...checkSecretEnv(objects));
  problems.push(...checkServiceMonitors(objects));
  problems.push(...checkIngress(objects));
  problems.push(...checkNetworkPolicies(objects, opts));
  if (opts.expectMigrations) problems.push(...checkMigrationHooks(objects));
  return problems;
}

/** Every ServiceMonitor scrapes /metrics on the `admin` port of a Service that has one, and nothing else. */
export function checkServiceMonitors(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const services = byKind(objects, 'Service');
  for (const sm of byKind(objects, 'ServiceMonitor')) {
    const p = (msg: string) => problems.push(`ServiceMonitor ${sm.metadata.name}: ${msg}`);
    const endpoints = (sm.spec.endpoints ?? []) as Json[];
    if (endpoints.length === 0) p('has no endpoint');
    for (const e of endpoints) {
      if (e.port !== 'admin') p(`endpoint scrapes port ${e.port ?? e.targetPort}, must be admin`);
      if (e.path !== '/metrics') p(`endpoint path ${e.path}, must be /metrics`);
    }
    const sel = (sm.spec.selector?.matchLabels ?? {}) as Record<string, string>;
    const svc = services.find((s) => Object.entries(sel).every(([k, v]) => s.metadata.labels?.[k] === v));
    if (!svc) p('selects no Service');
    else if (!(svc.spec.ports as Json[]).some((sp) => sp.name === 'admin')) p(`Service ${svc.metadata.name} has no port named admin`);
  }
  return problems;
}

/** The path prefixes the Ingress routes to the gateway: the API, the account console and the client portal; never `/`. */
export const INGRESS_PATHS = ['/api', '/console', '/portal'] as const;

/** Every Ingress routes exactly INGRESS_PATHS (prefixes) to the gateway's API port: never `/`, never an admin port. */
export function checkIngress(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const gateway = DEPLOYABLES.find((d) => d.name === 'gateway')!;
  const gatewaySvc = byKind(objects, 'Service').find((s) => component(s) === 'gateway');
  for (const ing of byKind(objects, 'Ingress')) {
    const p = (msg: string) => problems.push(`Ingress ${ing.metadata.name}: ${msg}`);
    if (ing.spec.defaultBackend) p('must have no defaultBackend (it would route every path)');
    const paths = ((ing.spec.rules ?? []) as Json[]).flatMap((rule) => (rule.http?.paths ?? []) as Json[]);
    const routed = paths.map((x) => x.path as string).sort();
    if (JSON.stringify(routed) !== JSON.stringify([...INGRESS_PATHS]))
      p(`must route exactly ${INGRESS_PATHS.join(' and ')}, routes ${routed.join(', ') || 'none'}`);
    for (const path of paths) {
      if (!(INGRESS_PATHS as readonly string[]).includes(path.path) || path.pathType !== 'Prefix')
        p(`path ${path.path} (${path.pathType}), must be one of ${INGRESS_PATHS.join(', ')} (Prefix)`);
      const backend = path.backend?.service ?? {};
      if (gatewaySvc && backend.name !== gatewaySvc.metadata.name) p(`routes to ${backend.name}, must be ${gatewaySvc.metadata.name}`);
      if (backend.port?.name !== 'http' && backend.port?.number !== gateway.httpPort)
        p(`routes to port ${backend.port?.name ?? backend.port?.number}, must be the gateway's http port`);
    }
  }
  return problems;
}

function ruleHasPort(rule: Json, port: number): boolean {
  return (rule.ports ?? []).some((p: Json) => p.port === port);
}

const ADMIN_PORTS = new Set(DEPLOYABLES.map((d) => d.adminPort));

/**
 * Default deny, gateway-only public ingress, no ingress to workers from the app, internet only for the
 * dispatcher; each admin port admits the metrics peers (opts.metricsFrom) and nobody else, and those peers
 * nothing but the admin port; no deployable may call another's admin port.
 */
export function checkNetworkPolicies(objects: K8sObject[], opts: Pick<InvariantOptions, 'metricsFrom'> = {}): string[] {
  const metricsFrom = opts.metricsFrom ?? METRICS_FROM;
  const problems: string[] = [];
  const policies = byKind(objects, 'NetworkPolicy');
  const deny = policies.find(
    (np) => !np.spec.ingress && !np.spec.egress && !np.spec.podSelector?.matchLabels?.['app.kubernetes.io/component'],
  );
  if (!deny || !['Ingress', 'Egress'].every((t) => deny.spec.policyTypes?.includes(t)))
    problems.push('NetworkPolicy: a default deny (ingress and egress) is missing');
  for (const d of DEPLOYABLES) {
    const np = policies.find((p) => p.spec.podSelector?.matchLabels?.['app.kubernetes.io/component'] === d.name);
    const p = (msg: string) => problems.push(`NetworkPolicy ${d.name}: ${msg}`);
    if (!np) {
      p('missing');
      continue;
    }
    const ingress = (np.spec.ingress ?? []) as Json[];
    const egress = (np.spec.egress ?? []) as Json[];
    // The release's `helm test` pod is a peer of its own: admitted to the gateway's API port and nowhere else.
    const isTestPeer = (f: Json) => f.podSelector?.matchLabels?.['app.kubernetes.io/component'] === 'test';
    const fromApp = ingress.filter((r) => (r.from ?? []).some((f: Json) => f.podSelector && !f.namespaceSelector && !isTestPeer(f)));
    for (const r of ingress.filter((x) => (x.from ?? []).some(isTestPeer))) {
      const ports = ((r.ports ?? []) as Json[]).map((x) => x.port);
      if (d.tier !== 'public' || !isDeepStrictEqual(ports, [d.httpPort]))
        p(`admits the helm test pod to ${ports.join(', ')}: only the gateway's API port may`);
    }
    const fromNamespaces = ingress.filter((r) => (r.from ?? []).some((f: Json) => f.namespaceSelector));
    if (ingress.some((r) => !r.from || r.from.length === 0)) p('an ingress rule without `from` admits everyone');
    if (ingress.some((r) => !r.ports || r.ports.length === 0)) p('an ingress rule without `ports` admits every port (the admin port too)');
    // The admin port: the metrics peers only, and they nothing else.
    const toAdmin = ingress.filter((r) => ruleHasPort(r, d.adminPort));
    if (metricsFrom.length > 0 && toAdmin.length === 0) p(`must admit the metrics scrape on the admin port ${d.adminPort}`);
    for (const r of toAdmin) {
      if (!isDeepStrictEqual(r.from, metricsFrom))
        p(`admits ${JSON.stringify(r.from)} to the admin port ${d.adminPort}: only the metrics peers may`);
    }
    for (const r of ingress.filter((x) => isDeepStrictEqual(x.from, metricsFrom))) {
      const other = (r.ports as Json[]).filter((x) => x.port !== d.adminPort).map((x) => x.port);
      if (other.length > 0) p(`admits the metrics peers to ${other.join(', ')}: the admin port only`);
    }
    for (const r of egress.filter((x) => (x.to ?? []).some((t: Json) => t.podSelector))) {
      const admin = ((r.ports ?? []) as Json[]).filter((x) => ADMIN_PORTS.has(x.port)).map((x) => x.port);
      if (admin.length > 0) p(`may call the admin ports ${admin.join(', ')} of other pods`);
    }
    if (d.tier === 'public' && !fromNamespaces.some((r) => ruleHasPort(r, d.httpPort!) && !isDeepStrictEqual(r.from, metricsFrom)))
      p('the gateway must admit the ingress controller');
    if (d.tier === 'internal' && !fromApp.some((r) => ruleHasPort(r, d.httpPort!))) p('must admit the other deployables on its HTTP port');
    if (d.tier === 'internal' && d.grpcPort && !fromApp.some((r) => ruleHasPort(r, d.grpcPort!)))
      p('must admit the other deployables on its gRPC port');
    if (d.tier !== 'internal' && fromApp.length > 0) p('must not admit the other deployables');
    if (!egress.some((r) => ruleHasPort(r, 53))) p('must allow DNS egress');
    if (d.database && !egress.some((r) => ruleHasPort(r, 5432))) p('must allow PostgreSQL egress');
    const internet = egress.filter((r) => (r.to ?? []).some((t: Json) => t.ipBlock?.cidr === '0.0.0.0/0'));
    if (d.internetEgress) {
      const block = internet.flatMap((r) => r.to).find((t: Json) => t.ipBlock?.cidr === '0.0.0.0/0')?.ipBlock;
      for (const cidr of ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']) {
        if (!block?.except?.includes(cidr)) p(`internet egress must exclude ${cidr}`);
      }
      if (!internet.some((r) => ruleHasPort(r, 443) && ruleHasPort(r, 80))) p('internet egress must allow 80 and 443');
    } else if (internet.length > 0) p('must not reach the internet');
  }
  return problems;
}

/** One pre-install/pre-upgrade migrate Job per database service. */
export function checkMigrationHooks(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const jobs = byKind(objects, 'Job');
  for (const d of DEPLOYABLES.filter((x) => x.migrate)) {
    const job = jobs.find((j) => j.metadata.labels?.['studio/database'] === d.database);
    const p = (msg: string) => problems.push(`migrate job ${d.database}: ${msg}`);
    if (!job) {
      p('missing');
      continue;
    }
    const a = job.metadata.annotations ?? {};
    if (a['helm.sh/hook'] !== 'pre-install,pre-upgrade') p('must be a pre-install,pre-upgrade hook');
    if (a['helm.sh/hook-weight'] === undefined) p('hook-weight missing');
    const policy = String(a['helm.sh/hook-delete-policy'] ?? '').split(',');
    if (!policy.includes('before-hook-creation') || !policy.includes('hook-succeeded'))
      p('delete policy must be before-hook-creation,hook-succeeded');
    const c = job.spec.template.spec.containers[0];
    const cmd = [...(c.command ?? []), ...(c.args ?? [])].join(' ');
    if (!cmd.includes('migrate:deploy') || !cmd.includes(d.package)) p(`must run npm run -w ${d.package} migrate:deploy (runs: ${cmd})`);
    if (!(c.env ?? []).some((e: Json) => e.name === 'DATABASE_URL' && e.valueFrom?.secretKeyRef)) p('DATABASE_URL must come from a Secret');
    if (job.spec.template.spec.securityContext?.runAsNonRoot !== true) p('must run as non-root');
    if (!String(c.image).includes(`/${d.name}:`)) p(`must use the ${d.name} image (is ${c.image})`);
  }
  return problems;
}
