/**
 * How a request value looks on the wire, for the OpenAPI document (docs/decisions/0008-openapi.md).
 *
 * Two cases where zod's JSON Schema of a schema's input is not what a caller sends:
 * - Query, path and header values always arrive as text, so their schemas start from a string and convert it
 *   (`limit`: `^\d{1,4}$` -> Number -> 1..100 -> default). The input's JSON Schema is just "a string with a
 *   pattern"; OpenAPI readers need "an integer from 1 to 100, default 50".
 * - A `z.preprocess` has no JSON Schema of its input at all (zod documents what comes out of it).
 * A schema registered here is documented by the given JSON Schema, or by the JSON Schema of the given zod
 * schema (converted like any other: input side, named components), instead. It never changes validation.
 * Kept tiny and dependency-free so `schemas.ts` and services' schema files can use it.
 */
import type { z } from 'zod';

export type WireJsonSchema = Record<string, unknown>;
export type WireFormat = WireJsonSchema | z.ZodType;

const registered = new WeakMap<z.ZodType, WireFormat>();

/** Registers `schema` as documented by `wire` (the same value's wire form) and returns it unchanged. */
export function withWireFormat<T extends z.ZodType>(schema: T, wire: WireFormat): T {
  registered.set(schema, wire);
  return schema;
}

/** How `schema` is documented, if registered (a `.describe()`/`.meta()` copy inherits it). Read by the generator. */
export function wireFormatOf(schema: z.ZodType): WireFormat | undefined {
  for (let s: z.ZodType | undefined = schema; s; s = (s._zod as { parent?: z.ZodType }).parent) {
    const wire = registered.get(s);
    if (wire) return wire;
  }
  return undefined;
}
