// The customer list answers large pages (docs/benchmarks.md). Handing such a body to the web Response makes the host's
// fetch implementation copy it and stream it back out, which costs more than building it. A route can
// instead answer a bodyless Response (status and headers as the pipeline made them) and hold its bytes
// here; the server then writes both straight to the Node response. If anything in the pipeline replaces
// that Response (a fault that drops the answer, an error, HEAD), the held bytes are simply never sent.
import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';

interface HeldBody {
  bytes: Uint8Array;
  /** Called once the socket has taken every byte of the answer (never when it is not sent or fails). */
  sent?: () => void;
}

const heldBodies = new WeakMap<Response, HeldBody>();

/**
 * Marks `res` (bodyless) as carrying `body`, to be written by `sendHeldBody`; `sent` is told when the
 * socket has taken all of it, so its memory may be reused.
 */
export function holdBody(res: Response, body: Uint8Array, sent?: () => void): Response {
  heldBodies.set(res, sent ? { bytes: body, sent } : { bytes: body });
  return res;
}

/**
 * Writes `res` with its held body to `outgoing`, exactly as @hono/node-server writes a Response with
 * that body (header names lowercased in Headers order, then content-length), and answers the marker
 * that tells the server it is sent. Any other response is passed through untouched.
 */
export function sendHeldBody(res: Response, outgoing: ServerResponse): Response {
  const held = heldBodies.get(res);
  if (held === undefined) return res;
  const body = held.bytes;
  heldBodies.delete(res);
  const headers: Record<string, string | string[] | number> = {};
  const cookies: string[] = [];
  for (const [k, v] of res.headers) {
    if (k === 'set-cookie') cookies.push(v);
    else headers[k] = v;
  }
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (!('content-length' in headers)) headers['content-length'] = body.byteLength;
  outgoing.writeHead(res.status, headers);
  // 'finish': the last byte is handed to the operating system. A connection that fails first never
  // finishes, and its bytes are left to the collector.
  if (held.sent) outgoing.once('finish', held.sent);
  outgoing.end(body);
  return RESPONSE_ALREADY_SENT;
}
