// The JSON body of a POST, read once by the sandbox's body middleware.
import type { Context } from 'hono';
import { MESSAGES } from '../http/envelope';
import type { SandboxEnv } from '../http/env';

export function jsonBodyOf(
  c: Context<SandboxEnv>,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  const body = c.get('body');
  if (!body || !body.isJson) return { ok: false, message: MESSAGES.notJson };
  const v = body.json;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { ok: false, message: MESSAGES.notObject };
  return { ok: true, value: v as Record<string, unknown> };
}
