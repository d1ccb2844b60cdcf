/** A minimal API client for black-box tests: raw fetch against the gateway, nothing hidden. */
import { inject } from 'vitest';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
}

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function api<T = any>(method: string, path: string, opts: RequestOptions = {}, base = baseUrl()): Promise<ApiResponse<T>> {
  const url = new URL(base + path);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | Buffer | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, { method, headers, body: body as BodyInit | undefined });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed as T };
}

/** The exact bytes of every 404 (spec section 7: no reason, identical for missing and foreign records). */
export const NOT_FOUND_TEXT = '{"ok":false,"error":"not_found"}';
