/**
 * Checks of an OpenAPI 3.1 document for tests (docs/decisions/0008-openapi.md):
 * - `validateOpenApi`: the document against the official OpenAPI 3.1 schema (@seriousme/openapi-schema-validator,
 *   which also resolves every internal $ref), and then every Schema Object in it compiled by Ajv as JSON Schema
 *   draft 2020-12 in strict mode (the OpenAPI schema itself does not look inside Schema Objects);
 * - `responseChecker`: validates real answers against the document's success schemas, with every object closed
 *   (`additionalProperties: false` added), so a member the document does not name is a failure too.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json>; parameters?: Record<string, Json>; responses?: Record<string, Json> };
}

const DOC_ID = 'https://studio.invalid/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function newAjv(): Ajv2020 {
  // strictRequired off: `anyOf: [{ required: [a] }, { required: [b] }]` (one of two members) is valid JSON Schema.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv;
}

/** `#/components/schemas/X` -> a ref into one Ajv schema holding every component schema under `$defs`. */
function rebase<T>(value: T, close: boolean, inAllOf = false): T {
  if (Array.isArray(value)) return value.map((v) => rebase(v, close, inAllOf)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value as Json)) {
    if (key === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
      out.$ref = `${DOC_ID}#/$defs/${v.slice('#/components/schemas/'.length)}`;
    } else out[key] = rebase(v, close, key === 'allOf');
  }
  if (
    close &&
    !inAllOf &&
    out.type === 'object' &&
    out.properties &&
    out.additionalProperties === undefined &&
    out.patternProperties === undefined
  ) {
    out.additionalProperties = false;
  }
  return out as T;
}

function deref(doc: Doc, value: Json): Json {
  let v = value;
  for (let i = 0; i < 10 && typeof v.$ref === 'string'; i++) {
    const parts = (v.$ref as string).replace(/^#\//, '').split('/');
    let cur: unknown = doc;
    for (const p of parts) cur = (cur as Json)[p.replace(/~1/g, '/').replace(/~0/g, '~')];
    v = cur as Json;
  }
  return v;
}

/** Every Schema Object of the operations: [where, schema]. */
function operationSchemas(doc: Doc): [string, Json][] {
  const out: [string, Json][] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of (op.parameters as Json[] | undefined) ?? []) {
        const param = deref(doc, p);
        out.push([`${where} parameter ${String(param.name)}`, param.schema as Json]);
      }
      const body = op.requestBody as Json | undefined;
      const bodySchema = (body?.content as Json | undefined)?.['application/json'] as Json | undefined;
      if (bodySchema?.schema) out.push([`${where} request body`, bodySchema.schema as Json]);
      for (const [status, r] of Object.entries((op.responses as Json | undefined) ?? {})) {
        const response = deref(doc, r as Json);
        const media = (response.content as Json | undefined)?.['application/json'] as Json | undefined;
        if (media?.schema) out.push([`${where} response ${status}`, media.schema as Json]);
      }
    }
  }
  return out;
}

export interface OpenApiCheck {
  valid: boolean;
  errors: string[];
}

/** Validates `doc` as OpenAPI 3.1 and compiles each of its schemas as strict JSON Schema 2020-12. */
export async function validateOpenApi(doc: unknown): Promise<OpenApiCheck> {
  const errors: string[] = [];
  const validator = new Validator();
  const res = await validator.validate(structuredClone(doc) as Parameters<Validator['validate']>[0]);
  if (!res.valid) errors.push(`OpenAPI schema: ${JSON.stringify(res.errors).slice(0, 4000)}`);
  else if (validator.version !== '3.1') errors.push(`expected an OpenAPI 3.1 document, got ${validator.version}`);
  const d = doc as Doc;
  if (errors.length === 0) {
    const ajv = newAjv();
    try {
      ajv.addSchema({ $id: DOC_ID, $defs: rebase(d.components?.schemas ?? {}, false) });
      ajv.getSchema(DOC_ID);
    } catch (err) {
      errors.push(`components.schemas: ${(err as Error).message}`);
    }
    for (const [where, schema] of operationSchemas(d)) {
      try {
        ajv.compile(rebase(schema, false));
      } catch (err) {
        errors.push(`${where}: ${(err as Error).message}`);
      }
    }
  }
  return { valid: errors.length === 0, errors };
}

export type ResponseCheck = (method: string, path: string, status: number, body: unknown) => string[];

/**
 * A checker of real answers: `path` is the document's path template (e.g. `/shoots/{id}`). Returns the
 * problems (empty when the body matches the documented schema of that status, every object closed).
 */
export function responseChecker(doc: unknown): ResponseCheck {
  const d = doc as Doc;
  const ajv = newAjv();
  ajv.addSchema({ $id: DOC_ID, $defs: rebase(d.components?.schemas ?? {}, true) });
  const cache = new Map<string, ReturnType<Ajv2020['compile']>>();
  return (method, path, status, body) => {
    const op = d.paths[path]?.[method.toLowerCase()];
    if (!op) return [`${method} ${path} is not in the document`];
    const r = (op.responses as Json)[String(status)] as Json | undefined;
    if (!r) return [`${method} ${path} does not document status ${status}`];
    const media = (deref(d, r).content as Json | undefined)?.['application/json'] as Json | undefined;
    if (!media?.schema) return [`${method} ${path} ${status} has no JSON schema`];
    const key = `${method} ${path} ${status}`;
    let validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile(rebase(media.schema as Json, true));
      cache.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${key}: ${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  };
}

export type WebhookCheck = (name: string, body: unknown) => string[];

/**
 * A checker of real webhook deliveries: `name` is the key in the document's `webhooks` (the event type). Returns the
 * problems (empty when the body matches the documented request body of that webhook, every object closed).
 */
export function webhookChecker(doc: unknown): WebhookCheck {
  const d = doc as Doc & { webhooks?: Record<string, Json> };
  const ajv = newAjv();
  ajv.addSchema({ $id: DOC_ID, $defs: rebase(d.components?.schemas ?? {}, true) });
  const cache = new Map<string, ReturnType<Ajv2020['compile']>>();
  return (name, body) => {
    const op = d.webhooks?.[name]?.post as Json | undefined;
    if (!op) return [`webhook ${name} is not in the document`];
    const media = ((deref(d, op.requestBody as Json).content as Json | undefined)?.['application/json'] as Json | undefined) ?? {};
    if (!media.schema) return [`webhook ${name} has no JSON schema`];
    let validate = cache.get(name);
    if (!validate) {
      validate = ajv.compile(rebase(media.schema as Json, true));
      cache.set(name, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `webhook ${name}: ${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  };
}
