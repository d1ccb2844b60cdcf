/** What the SQL runs on: a Prisma client or interactive transaction (their `$queryRaw` / `$executeRaw`). */
export interface SqlRunner {
  $queryRaw<T = unknown>(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<T>;
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<number>;
}
