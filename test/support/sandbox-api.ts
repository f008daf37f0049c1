// Reads the sandbox's own answers over real HTTP, to check what the page shows against the service.
import type { SandboxHandle } from '../../src-main/sandbox/handle';

export interface Envelope<T> {
  statusCode: number;
  message: unknown;
  data: T;
  pagination?: { total: number; pages: number; page: number; limit: number };
}

export async function sandboxGet<T>(sandbox: Pick<SandboxHandle, 'url' | 'key'>, path: string): Promise<Envelope<T>> {
  const res = await fetch(`${sandbox.url}${path}`, { headers: { Authorization: `Bearer ${sandbox.key}` } });
  const body = (await res.json()) as Envelope<T>;
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(body.message)}`);
  return body;
}

/** Every record of a list endpoint, page by page. */
export async function sandboxAll<T>(sandbox: Pick<SandboxHandle, 'url' | 'key'>, path: string): Promise<T[]> {
  const out: T[] = [];
  const sep = path.includes('?') ? '&' : '?';
  for (let page = 0; ; page++) {
    const body = await sandboxGet<T[]>(sandbox, `${path}${sep}page=${page}&limit=100`);
    out.push(...body.data);
    if (!body.pagination || page + 1 >= body.pagination.pages || body.data.length === 0) return out;
  }
}
