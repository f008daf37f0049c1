// The policy IT deploys beside Card Desk (policy-file.ts reads it): the company's environments, what the
// operator may change, and settings later work reads (auto-lock, cache retention, updates, developer
// tools). Every key is declared here; an unknown key is an error, so a typo never passes unnoticed.
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import {
  proxyHostSchema,
  proxyPortSchema,
  servicePrincipalSchema,
  type ProxySetting,
} from '../../src-shared/ipc/channels/network';
import { LOCAL_SANDBOX_ENVIRONMENT_ID, baseUrlProblem } from '../../src-shared/ipc/channels/settings';
import { parseTeamAddress, TEAM_SIGN_INS, type TeamSignIn } from '../../src-shared/ipc/channels/team';
import { approvalRulesSchema, type ApprovalRules } from './approval-rules';
import { feedUrlProblem } from './feed-url';

/** `"system"`, `"none"` or `{ "host": "proxy.corp", "port": 8080 }`. */
const policyProxySchema = z.union([
  z.literal('system'),
  z.literal('none'),
  z.strictObject({ host: proxyHostSchema, port: proxyPortSchema }),
]);

const policyEnvironmentSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'id must be 1 to 64 letters, digits, "-" or "_"' })
    .refine((id) => id !== LOCAL_SANDBOX_ENVIRONMENT_ID, { error: `id "${LOCAL_SANDBOX_ENVIRONMENT_ID}" is reserved` }),
  name: z
    .string()
    .trim()
    .min(1, { error: 'name is required' })
    .max(80, { error: 'name must be at most 80 characters' }),
  baseUrl: z.string().superRefine((url, ctx) => {
    const problem = baseUrlProblem(url);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  proxy: policyProxySchema.optional(),
  /**
   * The Kerberos service principal of the proxy, where the domain knows it by another name than the one
   * Card Desk reaches ("HTTP/proxy.corp.example"); as VS Code's http.proxyKerberosServicePrincipal.
   */
  proxyKerberosServicePrincipal: servicePrincipalSchema.optional(),
  /** A PEM file of extra CA certificates for this environment: an absolute path. */
  extraCaFile: z
    .string()
    .min(1)
    .refine((p) => isAbsolute(p), { error: 'extraCaFile must be an absolute path' })
    .optional(),
  /** The team's PostgreSQL database for this environment (docs/team.md); each operator signs in with their own login. */
  team: z
    .strictObject({
      url: z.string().superRefine((url, ctx) => {
        const parsed = parseTeamAddress(url);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.problem });
      }),
      /**
       * How operators sign in: `windows` (their Windows sign-in, a Kerberos ticket: nothing typed or kept) or
       * `password` (a database password each, in the keychain). Unset: each operator chooses in Settings → Team.
       */
      signIn: z.enum(TEAM_SIGN_INS, { error: `signIn must be one of ${TEAM_SIGN_INS.join(', ')}` }).optional(),
      /**
       * `url` is a pooler in transaction mode (PgBouncer), where LISTEN never hears anything: notices come over
       * `listenUrl` (a direct address of the same database) when given, else the desk looks every 5 s.
       */
      pooler: z.boolean({ error: 'pooler must be true or false' }).optional(),
      listenUrl: z
        .string()
        .superRefine((url, ctx) => {
          const parsed = parseTeamAddress(url);
          if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `listenUrl: ${parsed.problem}` });
        })
        .optional(),
    })
    .optional(),
  /** Which writes need a second person's approval (approval-rules.ts); needs the team database. */
  approvals: approvalRulesSchema.optional(),
});

export const policySchema = z
  .strictObject({
    /** Environments the organisation sets: listed as "Set by your organisation", not editable or deletable. */
    environments: z.array(policyEnvironmentSchema).max(100).optional(),
    /** false: the operator cannot add environments of their own (refused in main). Default true. */
    allowUserEnvironments: z.boolean().optional(),
    /** false: the built-in local sandbox is never started or listed. Default true. */
    allowLocalSandbox: z.boolean().optional(),
    /** Minutes between customer syncs (0: only on demand); the operator cannot change it. */
    syncScheduleMinutes: z.number().int().min(0).max(1440).optional(),
    /** Hours between full sweeps of the customer cache; the operator cannot change it. */
    fullSweepHours: z.number().int().min(1).max(720).optional(),
    /** Minutes of inactivity before the app locks. */
    autoLockMinutes: z.number().int().min(1).max(240).optional(),
    /** Whether unlocking asks for a passcode. */
    unlockPasscode: z.boolean().optional(),
    /** Days cached customer data is kept. */
    cacheRetentionDays: z.number().int().min(1).optional(),
    /**
     * Where updates come from (an https: address; http: only on this computer, for a test feed, and only
     * used unpackaged) and whether the app looks for them. What is installed must be signed with a key
     * built into Card Desk: the policy cannot add keys.
     */
    updates: z
      .strictObject({
        feedUrl: z
          .url({ error: 'feedUrl must be an https: address' })
          .refine((url) => feedUrlProblem(url, { packaged: false }) === null, {
            error: 'feedUrl must be an https: address',
          })
          .optional(),
        enabled: z.boolean().optional(),
      })
      .optional(),
    /** Whether the developer tools may be opened. */
    allowDevTools: z.boolean().optional(),
    /**
     * In an environment with a team database: true (the default) refuses a write while the team database
     * cannot be asked whether another desk is sending it; false sends it with the desk's own guard and says so.
     */
    teamRequiredForWrites: z.boolean().optional(),
  })
  .superRefine((policy, ctx) => {
    const seen = { id: new Set<string>(), name: new Set<string>() };
    (policy.environments ?? []).forEach((env, i) => {
      if (seen.id.has(env.id))
        ctx.addIssue({ code: 'custom', path: ['environments', i, 'id'], message: `id "${env.id}" is used twice` });
      const name = env.name.toLowerCase();
      if (seen.name.has(name))
        ctx.addIssue({
          code: 'custom',
          path: ['environments', i, 'name'],
          message: `name "${env.name}" is used twice`,
        });
      seen.id.add(env.id);
      seen.name.add(name);
    });
  });

export type PolicyEnvironmentInput = z.infer<typeof policyEnvironmentSchema>;

/** An environment the organisation sets, as Card Desk uses it. */
export interface ManagedEnvironment {
  id: string;
  name: string;
  baseUrl: string;
  proxy: ProxySetting;
  /** The extra CA file (absolute path), checked readable at start. */
  extraCaFile: string | null;
  /** The team database's address, or null when the environment has none. */
  teamUrl?: string | null;
  /** How operators sign in to it, when the policy says (else each operator chooses). */
  teamSignIn?: TeamSignIn | null;
  /** The team address is a pooler's (transaction mode); notices then come over `teamListenUrl`, or by looking. */
  teamPooler?: boolean;
  teamListenUrl?: string | null;
  /** Which writes need approval, or null when the policy names none. */
  approvals?: ApprovalRules | null;
}

/** The policy as the app uses it: defaults filled in; the optional keys stay undefined when not set. */
export interface Policy {
  /** The file it was read from, or null when there is none (then every default applies). */
  file: string | null;
  environments: ManagedEnvironment[];
  allowUserEnvironments: boolean;
  allowLocalSandbox: boolean;
  syncScheduleMinutes?: number;
  fullSweepHours?: number;
  autoLockMinutes?: number;
  unlockPasscode?: boolean;
  cacheRetentionDays?: number;
  updates?: { feedUrl?: string; enabled?: boolean };
  allowDevTools?: boolean;
  teamRequiredForWrites?: boolean;
}

/** No policy file: the operator decides everything. */
export const NO_POLICY: Policy = {
  file: null,
  environments: [],
  allowUserEnvironments: true,
  allowLocalSandbox: true,
};

/** A policy environment's proxy as Card Desk uses it. */
function proxyOf(env: PolicyEnvironmentInput): ProxySetting {
  const spn = env.proxyKerberosServicePrincipal ? { servicePrincipal: env.proxyKerberosServicePrincipal } : {};
  if (env.proxy === 'none') return { mode: 'none' };
  if (env.proxy === undefined || env.proxy === 'system') return { mode: 'system', ...spn };
  return { mode: 'manual', host: env.proxy.host, port: env.proxy.port, ...spn };
}

export function policyFrom(parsed: z.infer<typeof policySchema>, file: string): Policy {
  const { environments = [], allowUserEnvironments = true, allowLocalSandbox = true, ...rest } = parsed;
  const policy: Policy = {
    file,
    environments: environments.map((env) => ({
      id: env.id,
      name: env.name,
      baseUrl: env.baseUrl,
      proxy: proxyOf(env),
      extraCaFile: env.extraCaFile ?? null,
      teamUrl: env.team?.url ?? null,
      teamSignIn: env.team?.signIn ?? null,
      teamPooler: env.team?.pooler ?? false,
      teamListenUrl: env.team?.listenUrl ?? null,
      approvals: env.approvals ?? null,
    })),
    allowUserEnvironments,
    allowLocalSandbox,
  };
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) Object.assign(policy, { [key]: value });
  return policy;
}
