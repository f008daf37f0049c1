import { z } from 'zod';
import { OPEN_WHILE_LOCKED, channel, noInput } from './common';

export const LOCAL_SANDBOX_ENVIRONMENT_ID = 'local-sandbox';

/** https, or http only to a loopback address. */
export function baseUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'baseUrl must be a full URL such as https://api.example.com';
  }
  if (u.username || u.password) return 'baseUrl must not contain a user name or password';
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && isLoopbackHost(u.hostname)) return null;
  return 'baseUrl must use https (http is allowed only for 127.0.0.1, ::1 or localhost)';
}
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * What an environment is: `production` (real customers and money: a band in its colour on every page),
 * `test` (the provider's test service), or the built-in local `sandbox`.
 */
export const ENVIRONMENT_KINDS = ['production', 'test', 'sandbox'] as const;
export type EnvironmentKind = (typeof ENVIRONMENT_KINDS)[number];
/** The kinds an operator chooses between for an environment of their own. */
export const USER_ENVIRONMENT_KINDS = ['production', 'test'] as const;

export const environmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  /** The built-in local sandbox: started by the app, with a key it generates. */
  builtIn: z.boolean(),
  /** Set by the organisation's policy: shown as "Set by your organisation", not editable or deletable. */
  managed: z.boolean().optional(),
  hasKey: z.boolean(),
  /** False when the key was saved while the server could not be reached. */
  keyVerified: z.boolean().nullable(),
  /** Always set by main; read it with `kindOf`, which also answers for an environment without one. */
  kind: z.enum(ENVIRONMENT_KINDS).optional(),
  /**
   * False when its first customer sync is left to the operator; otherwise the app starts it by itself once
   * the environment is active with a key and its cache was never synced.
   */
  firstSyncByItself: z.boolean().optional(),
});
export type Environment = z.infer<typeof environmentSchema>;

/** The kind of an environment: the built-in sandbox is `sandbox`; one that does not say is `production`. */
export const kindOf = (env: Pick<Environment, 'builtIn' | 'kind'>): EnvironmentKind =>
  env.builtIn ? 'sandbox' : (env.kind ?? 'production');

export const environmentInputSchema = z.object({
  id: z.string().max(64).optional(),
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(80, { error: 'name must be at most 80 characters' }),
  baseUrl: z
    .string({ error: 'baseUrl is required' })
    .trim()
    .min(1, { error: 'baseUrl is required' })
    .max(2048)
    .superRefine((s, ctx) => {
      const p = baseUrlProblem(s);
      if (p) ctx.addIssue({ code: 'custom', message: p });
    }),
  /** Production when not said: the safer assumption for a service Card Desk cannot tell apart. */
  kind: z.enum(USER_ENVIRONMENT_KINDS, { error: 'kind must be production or test' }).optional(),
});

/** Follow the system's light or dark setting, or always one of them. */
export const THEME_SOURCES = ['system', 'light', 'dark'] as const;
export type ThemeSource = (typeof THEME_SOURCES)[number];

export const CONNECTION_STATES = ['online', 'offline', 'unauthorized', 'rate_limited', 'unknown'] as const;
export const rateLimitStateSchema = z.object({
  limit: z.number(),
  remaining: z.number(),
  /** Unix milliseconds when the window resets. */
  resetAt: z.number(),
});
export const appStatusSchema = z.object({
  environment: environmentSchema,
  connection: z.enum(CONNECTION_STATES),
  rateLimit: rateLimitStateSchema.nullable(),
  lastSyncedAt: z.string().nullable(),
  /** Set when something needs the user's attention (keychain, corrupt settings moved aside...). */
  notices: z.array(z.string()),
});
export type AppStatus = z.infer<typeof appStatusSchema>;

const environmentId = z
  .string({ error: 'environmentId is required' })
  .min(1, { error: 'environmentId is required' })
  .max(64);

export const settingsChannels = {
  'environments.list': channel(noInput, z.object({ environments: z.array(environmentSchema), activeId: z.string() })),
  'environments.save': channel(environmentInputSchema, environmentSchema),
  'environments.delete': channel(z.object({ id: environmentId }), z.object({ deleted: z.boolean() })),
  'environments.activate': channel(z.object({ id: environmentId }), appStatusSchema),
  'keys.set': channel(
    z.object({
      environmentId,
      key: z
        .string({ error: 'key is required' })
        .trim()
        .min(8, { error: 'key must be at least 8 characters' })
        .max(4096),
      /** Save even though the server could not be reached to verify it. */
      allowUnverified: z.boolean().optional(),
    }),
    z.object({ verified: z.boolean() }),
  ),
  'keys.has': channel(
    z.object({ environmentId }),
    z.object({ present: z.boolean(), verified: z.boolean().nullable() }),
  ),
  'keys.delete': channel(z.object({ environmentId }), z.object({ deleted: z.boolean() })),
  'app.status': channel(noInput, appStatusSchema, OPEN_WHILE_LOCKED),
  /** Aborts an in-flight call the renderer started with a requestId (the user left the page). */
  'app.cancel': channel(
    z.object({ requestId: z.string().min(1).max(64) }),
    z.object({ cancelled: z.boolean() }),
    OPEN_WHILE_LOCKED,
  ),
  'app.openExternal': channel(z.object({ url: z.string().max(2048) }), z.object({ opened: z.boolean() })),
  /** The operator's theme choice, for what the shell draws itself (menus, frames) and `prefers-color-scheme`. */
  'app.setTheme': channel(
    z.object({ source: z.enum(THEME_SOURCES, { error: 'source must be system, light or dark' }) }),
    z.object({ applied: z.boolean() }),
  ),
};
