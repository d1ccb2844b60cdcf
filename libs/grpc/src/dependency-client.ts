/**
 * A client of another service's gRPC contract, in one shape: the generated client (createClient: call context,
 * metrics, credentials), one deadline for its calls, how the dependency's failures reach this service's caller
 * (callDependency: `unavailable` naming the service, lookup misses a plain not_found), and close(). A service's view
 * of a contract is a small subclass naming the calls it makes.
 */
import type * as grpc from '@grpc/grpc-js';
import type { UnaryMethodName, UnaryRequest, UnaryResponse } from './call-types.js';
import { callDependency, createClient, type ClientOptions, type DependencyCallOptions } from './index.js';

export interface DependencyClientOptions extends ClientOptions {
  /** The deadline of every call, in milliseconds. */
  timeoutMs: number;
}

export abstract class DependencyClient<C extends grpc.Client> {
  protected readonly client: C;
  private readonly timeoutMs: number;

  constructor(
    Ctor: new (...args: ConstructorParameters<typeof grpc.Client>) => C,
    address: string,
    private readonly failures: DependencyCallOptions,
    options: DependencyClientOptions,
  ) {
    this.client = createClient(Ctor, address, options);
    this.timeoutMs = options.timeoutMs;
  }

  /** `method` with the client's deadline; throws the AppErrors of callDependency. */
  protected call<M extends UnaryMethodName<C>>(method: M, request: UnaryRequest<C, M>): Promise<UnaryResponse<C, M>> {
    return callDependency(this.client, method, request, this.timeoutMs, this.failures);
  }

  close(): void {
    this.client.close();
  }
}
