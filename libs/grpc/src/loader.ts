/**
 * Loads the contracts of proto/ with @grpc/proto-loader, with the options @studio/proto's types were generated
 * with (PROTO_LOADER_OPTIONS), each file once per process.
 */
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { PROTO_LOADER_OPTIONS } from '@studio/proto/loader-options';
import type { ProtoFile } from '@studio/proto/proto-file';
import { PROTO_ROOT } from './proto-root.js';

/** The runtime loader's options: the ones @studio/proto's types were generated with, files found under proto/. */
const LOADER_OPTIONS: protoLoader.Options = { ...PROTO_LOADER_OPTIONS, includeDirs: [PROTO_ROOT] };

const loadedFiles = new Map<string, grpc.GrpcObject>();

/** The package tree of `relativeFile` (e.g. `studio/v1/studio.proto`), loaded once per process. */
function loadPackage(relativeFile: string): grpc.GrpcObject {
  let pkg = loadedFiles.get(relativeFile);
  if (!pkg) {
    pkg = grpc.loadPackageDefinition(protoLoader.loadSync(path.join(PROTO_ROOT, relativeFile), LOADER_OPTIONS));
    loadedFiles.set(relativeFile, pkg);
  }
  return pkg;
}

/**
 * Loads a contract of @studio/proto, typed: `loadProto(STUDIO_PROTO).studio.v1.StudioInternal` is a client
 * constructor whose instances are `StudioInternalClient` and whose `.service` is its `StudioInternalDefinition`.
 */
export function loadProto<Loaded>(proto: ProtoFile<Loaded>): Loaded {
  return loadPackage(proto.file) as unknown as Loaded;
}

/** Untyped: loads `relativeFile` (e.g. `studio/v1/studio.proto`) and returns the service at `servicePath`. Prefer loadProto. */
export function loadService(relativeFile: string, servicePath: string): grpc.ServiceClientConstructor {
  let node: unknown = loadPackage(relativeFile);
  for (const part of servicePath.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'function') throw new Error(`gRPC service ${servicePath} not found in ${relativeFile}`);
  return node as grpc.ServiceClientConstructor;
}
