/**
 * A contract file of proto/ together with the type of what loading it gives (its generated ProtoGrpcType):
 * `loadProto(STUDIO_PROTO)` of @studio/grpc returns typed service constructors, so clients are typed
 * (`StudioInternalClient`) without naming a type by hand. `loaded` is never set at run time.
 */
export interface ProtoFile<Loaded> {
  /** Relative to proto/, e.g. `studio/v1/studio.proto`. */
  readonly file: string;
  readonly loaded?: Loaded;
}
