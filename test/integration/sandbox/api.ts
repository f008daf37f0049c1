// Calls a running sandbox over real HTTP, the way any client would.
import { expect } from 'vitest';
import type { SandboxHandle } from '../../../src-main/sandbox/index';

/** A fixed clock for the sandbox under test: expiry and date-range expectations depend on it. */
export const NOW = new Date('2026-03-15T10:00:00.000Z');
export const clock = () => NOW;

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body; undefined when the body is empty or not JSON. */
  json: T;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON). */
  rawBody?: string;
  /** The Authorization header; the sandbox key with the Bearer prefix when absent, none when null. */
  authorization?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function call<T = any>(sb: SandboxHandle, path: string, o: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...o.headers };
  const authorization = o.authorization === undefined ? `Bearer ${sb.key}` : o.authorization;
  if (authorization !== null) headers.Authorization = authorization;
  let body: string | undefined;
  if (o.rawBody !== undefined || o.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = o.rawBody ?? JSON.stringify(o.body);
  }
  const res = await fetch(sb.url + path, {
    method: o.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: o.signal,
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const get = <T = any>(sb: SandboxHandle, path: string, o: CallOptions = {}) => call<T>(sb, path, o);
export const post = <T = any>(sb: SandboxHandle, path: string, body: unknown, o: CallOptions = {}) =>
  call<T>(sb, path, { ...o, method: 'POST', body });

/** An error answer: the envelope with the HTTP status mirrored, the message, and data null. */
export function expectError(a: Answer, status: number, message: string | RegExp): void {
  expect(a.status).toBe(status);
  expect(a.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(a.json.statusCode).toBe(status);
  expect(a.json.data).toBeNull();
  expect(a.json).not.toHaveProperty('pagination');
  if (typeof message === 'string') expect(a.json.message).toBe(message);
  else expect(a.json.message).toMatch(message);
}

/** A list answer: 200, the envelope with numeric pagination. */
export function expectList(
  a: Answer,
  pagination: { total?: number; pages?: number; page: number; limit: number },
): any[] {
  expect(a.status, a.text).toBe(200);
  expect(a.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(a.json.statusCode).toBe(200);
  expect(typeof a.json.message).toBe('string');
  expect(Array.isArray(a.json.data)).toBe(true);
  const p = a.json.pagination;
  for (const k of ['total', 'pages', 'page', 'limit']) expect(typeof p[k]).toBe('number');
  expect(p).toMatchObject(pagination);
  expect(p.pages).toBe(Math.ceil(p.total / p.limit));
  return a.json.data;
}

export const OBJECT_ID = /^[0-9a-f]{24}$/;
/** A well-formed id that no record has. */
export const UNKNOWN_ID = 'ffffffffffffffffffffffff';

export function isIsoTimestamp(s: unknown): boolean {
  return typeof s === 'string' && !Number.isNaN(Date.parse(s)) && new Date(s).toISOString() === s;
}
