/**
 * Alerts, dashboard and queue scaling of the chart (decision 0024): the PrometheusRule of release `studio` in
 * namespace `studio` passes `promtool check rules` and the unit tests of fixtures/alerts.test.yaml (`promtool test
 * rules`: every alert fires on its series with its labels and annotations, and stays quiet on healthy ones); every
 * alert has its runbook under docs/runbooks/ and every runbook an alert; every metric the rules, the dashboard and
 * the KEDA trigger read is one the processes declare; every dashboard query is valid PromQL; the ScaledObject
 * validates and replaces its deployable's HPA. promtool comes from Debian's prometheus package (deploy/lib/tools.ts).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYABLES } from '../deployables.js';
import { CHART, ROOT, helmTemplate, type K8sObject } from '../lib/render.js';
import { promtool } from '../lib/tools.js';
import { byKind, validateObjects } from './support.js';

type Json = Record<string, any>;

const RUNBOOKS = path.join(ROOT, 'docs/runbooks');

/** Names of the metrics the processes declare (prom-client `name: '...'` and the queue-depth gauges), with the
 * series a histogram adds, plus the series Prometheus (`up`) and kube-state-metrics give. */
function declaredMetrics(): Set<string> {
  const names = new Set(['up', 'kube_pod_status_ready']);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'generated') walk(file);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/(?:name: |gauge\()'([a-z][a-z0-9_]*)'/g)) {
          for (const suffix of ['', '_bucket', '_count', '_sum']) names.add(`${m[1]}${suffix}`);
        }
      }
    }
  };
  for (const dir of ['libs', 'services', 'gateway/src']) walk(path.join(ROOT, dir));
  return names;
}

/** Metric names a PromQL expression reads (recording-rule names, with their colons, are not metrics). */
const metricsIn = (expr: string): string[] =>
  [...expr.matchAll(/(?<![\w:])([a-z_][a-z0-9_]*)\{/g)].map((m) => m[1]!).filter((name) => !['by', 'without'].includes(name));

describe('alerts, dashboard and queue scaling', () => {
  let dir: string;
  let tool: string;
  let objects: K8sObject[];
  let groups: Json[];
  beforeAll(() => {
    tool = promtool();
    dir = mkdtempSync(path.join(tmpdir(), 'studio-alerts-'));
    objects = helmTemplate({ set: { 'prometheusRule.enabled': 'true', 'dashboard.enabled': 'true', 'queueScaling.enabled': 'true' } });
    groups = (byKind(objects, 'PrometheusRule')[0] as Json).spec.groups;
    writeFileSync(path.join(dir, 'rules.yaml'), stringify({ groups }));
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (...args: string[]) => spawnSync(tool, args, { cwd: dir, encoding: 'utf8' });
  const alerts = () => groups.flatMap((g) => g.rules).filter((r: Json) => r.alert);

  it('renders a PrometheusRule, a dashboard ConfigMap and a ScaledObject that validate', async () => {
    expect(byKind(objects, 'PrometheusRule')).toHaveLength(1);
    expect(byKind(objects, 'ConfigMap').filter((c) => c.metadata.name === 'studio-dashboard')).toHaveLength(1);
    expect(byKind(objects, 'ScaledObject')).toHaveLength(1);
    expect(await validateObjects(objects)).toEqual([]);
    const off = helmTemplate();
    for (const kind of ['PrometheusRule', 'ScaledObject']) expect(byKind(off, kind), kind).toEqual([]);
    expect(byKind(off, 'ConfigMap').map((c) => c.metadata.name)).not.toContain('studio-dashboard');
  });

  it('passes promtool check rules', () => {
    const res = run('check', 'rules', 'rules.yaml');
    expect(res.stdout + res.stderr).toMatch(/SUCCESS: \d+ rules found/);
    expect(res.status, res.stdout + res.stderr).toBe(0);
  });

  it('passes the promtool unit tests: each alert fires on its series, with its labels and annotations, and only there', () => {
    copyFileSync(path.join(ROOT, 'deploy/test/fixtures/alerts.test.yaml'), path.join(dir, 'alerts.test.yaml'));
    const res = run('test', 'rules', 'alerts.test.yaml');
    expect(res.status, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toContain('SUCCESS');
    // Every alert of the rules is exercised by the unit tests.
    const tested = new Set([...readFileSync(path.join(dir, 'alerts.test.yaml'), 'utf8').matchAll(/alertname: (\w+)/g)].map((m) => m[1]));
    expect([...new Set(alerts().map((a: Json) => a.alert))].filter((a) => !tested.has(a))).toEqual([]);
  });

  it('a broken threshold fails the unit tests (they can fail)', () => {
    const broken = readFileSync(path.join(dir, 'rules.yaml'), 'utf8').replace('> 120', '> 100000');
    expect(broken).not.toBe(readFileSync(path.join(dir, 'rules.yaml'), 'utf8'));
    writeFileSync(path.join(dir, 'broken.yaml'), broken);
    writeFileSync(
      path.join(dir, 'broken.test.yaml'),
      readFileSync(path.join(ROOT, 'deploy/test/fixtures/alerts.test.yaml'), 'utf8').replace(
        'rule_files: [rules.yaml]',
        'rule_files: [broken.yaml]',
      ),
    );
    const res = run('test', 'rules', 'broken.test.yaml');
    expect(res.status).toBe(1);
    expect(res.stdout + res.stderr).toContain('StudioOutboxLag');
  });

  it('links every alert to its runbook, and every runbook to an alert', () => {
    const pages = readdirSync(RUNBOOKS).filter((f) => f !== 'README.md');
    const linked = new Set<string>();
    for (const rule of alerts()) {
      const url: string = rule.annotations.runbook_url;
      expect(url, rule.alert).toMatch(/^https:\/\/github\.com\/example-org\/studio\/blob\/main\/docs\/runbooks\/\w+\.md$/);
      const page = path.basename(url);
      expect(pages, rule.alert).toContain(page);
      expect(readFileSync(path.join(RUNBOOKS, page), 'utf8'), page).toContain(rule.alert);
      expect(rule.labels.severity, rule.alert).toMatch(/^(critical|warning)$/);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      linked.add(page);
    }
    expect(pages.filter((p) => !linked.has(p))).toEqual([]);
    const index = readFileSync(path.join(RUNBOOKS, 'README.md'), 'utf8');
    for (const page of pages) expect(index, page).toContain(`(${page})`);
    // One StudioDeployableDown per deployable.
    expect(
      alerts()
        .filter((a: Json) => a.alert === 'StudioDeployableDown')
        .map((a: Json) => a.labels.deployable)
        .sort(),
    ).toEqual(DEPLOYABLES.map((d) => d.name).sort());
  });

  it('reads only metrics the processes declare (rules, dashboard and KEDA trigger)', () => {
    const declared = declaredMetrics();
    const exprs = [
      ...groups.flatMap((g) => g.rules).map((r: Json) => r.expr as string),
      ...dashboardQueries().map((q) => q.expr),
      ...byKind(objects, 'ScaledObject').flatMap((s) =>
        s.spec.triggers.filter((t: Json) => t.type === 'prometheus').map((t: Json) => t.metadata.query),
      ),
    ];
    const used = new Set(exprs.flatMap(metricsIn));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((m) => !declared.has(m))).toEqual([]);
  });

  /** The dashboard's queries, with Grafana's variables replaced by what they stand for. */
  const dashboardQueries = () => {
    const dashboard = JSON.parse(readFileSync(path.join(CHART, 'files/dashboard.json'), 'utf8'));
    return (dashboard.panels as Json[]).flatMap((p) =>
      (p.targets ?? []).map((t: Json) => ({
        title: p.title as string,
        expr: (t.expr as string).replaceAll('$namespace', 'studio').replaceAll('$service', '.+').replaceAll('$__rate_interval', '5m'),
      })),
    );
  };

  it('has a Grafana dashboard of rate, errors, duration, outbox lag, queue depth and deliveries, in valid PromQL', () => {
    const configMap = byKind(objects, 'ConfigMap').find((c) => c.metadata.name === 'studio-dashboard')!;
    expect(configMap.metadata.labels.grafana_dashboard).toBe('1');
    const dashboard = JSON.parse(configMap.data['studio.json']);
    expect(dashboard.uid).toBe('studio-overview');
    expect(dashboard.templating.list.map((v: Json) => v.name)).toEqual(['datasource', 'namespace', 'service']);
    const queries = dashboardQueries();
    for (const metric of [
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'outbox_oldest_pending_age_seconds',
      'amqp_queue_messages_ready',
      'webhook_delivery_attempts_total',
    ]) {
      expect(
        queries.some((q) => q.expr.includes(metric)),
        metric,
      ).toBe(true);
    }
    // Every query parses: promtool checks them as recording rules.
    const rules = queries.map((q, i) => ({ record: `dashboard:query:${i}`, expr: q.expr }));
    writeFileSync(path.join(dir, 'dashboard-queries.yaml'), stringify({ groups: [{ name: 'dashboard', rules }] }));
    const res = run('check', 'rules', 'dashboard-queries.yaml');
    expect(res.status, res.stdout + res.stderr).toBe(0);
  });

  it('scales the upload worker on queue depth with KEDA instead of its HPA, within its autoscaling bounds', () => {
    const [scaled] = byKind(objects, 'ScaledObject');
    expect(scaled!.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'studio-upload-worker' });
    expect([scaled!.spec.minReplicaCount, scaled!.spec.maxReplicaCount]).toEqual([2, 12]);
    const [queue, cpu] = scaled!.spec.triggers;
    expect(queue.metadata.query).toBe(
      'sum(max by (queue) (amqp_queue_messages_ready{namespace="studio", queue=~"upload\\\\.derivatives|upload\\\\.ai-jobs"}))',
    );
    expect(queue.metadata.threshold).toBe('20');
    expect(cpu).toEqual({ type: 'cpu', metricType: 'Utilization', metadata: { value: '75' } });
    const hpas = byKind(objects, 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name);
    expect(hpas).not.toContain('studio-upload-worker');
    expect(hpas).toHaveLength(DEPLOYABLES.length - 1);
    // The query is valid PromQL.
    writeFileSync(
      path.join(dir, 'keda.yaml'),
      stringify({ groups: [{ name: 'keda', rules: [{ record: 'keda:query', expr: queue.metadata.query }] }] }),
    );
    expect(run('check', 'rules', 'keda.yaml').status).toBe(0);
  });
});
