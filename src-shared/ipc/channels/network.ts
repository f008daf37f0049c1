// How an environment reaches its service: its proxy and the extra CA certificates it trusts. Shared by
// main (settings.json, the policy file, the IPC check) and the Settings page's form.
import { z } from 'zod';
import { channel } from './common';

/** A host name or IP address as a proxy is named: no scheme, no path, no user. */
const PROXY_HOST =
  /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)$/;

export const proxyHostSchema = z
  .string({ error: 'proxy host is required' })
  .trim()
  .min(1, { error: 'proxy host is required' })
  .max(253, { error: 'proxy host must be at most 253 characters' })
  .regex(PROXY_HOST, { error: 'proxy host must be a host name or IP address, such as proxy.example.com' });
export const proxyPortSchema = z
  .number({ error: 'proxy port is required' })
  .int({ error: 'proxy port must be a whole number' })
  .min(1, { error: 'proxy port must be between 1 and 65535' })
  .max(65535, { error: 'proxy port must be between 1 and 65535' });

/**
 * The Kerberos service principal of a proxy known to the realm by another name than the one Card Desk
 * reaches it by ("HTTP/proxy.corp.example" or "HTTP@proxy.corp.example"; absent: HTTP/<proxy host>).
 */
export const servicePrincipalSchema = z
  .string()
  .trim()
  .max(256, { error: 'service principal must be at most 256 characters' })
  .regex(/^[A-Za-z][A-Za-z0-9_-]*[/@][A-Za-z0-9.-]+(@[A-Za-z0-9.-]+)?$/, {
    error: 'service principal must look like HTTP/proxy.example.com',
  });

/**
 * "system": what the operating system says for the URL (Chromium's resolver in the app: system settings,
 * PAC, WPAD; HTTPS_PROXY/HTTP_PROXY/NO_PROXY elsewhere). "none": always direct. "manual": this proxy,
 * with an optional user name (its password lives in the OS keychain, never in settings.json).
 */
export const proxySettingSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('system'), servicePrincipal: servicePrincipalSchema.optional() }),
  z.object({ mode: z.literal('none') }),
  z.object({
    mode: z.literal('manual'),
    host: proxyHostSchema,
    port: proxyPortSchema,
    username: z.string().trim().max(256, { error: 'proxy user name must be at most 256 characters' }).optional(),
    servicePrincipal: servicePrincipalSchema.optional(),
  }),
]);
export type ProxySetting = z.infer<typeof proxySettingSchema>;
export const SYSTEM_PROXY: ProxySetting = { mode: 'system' };

/** A CA certificate as Settings shows it. */
export const certificateSummarySchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  /** ISO date-time the certificate stops being valid. */
  validTo: z.string(),
  /** SHA-256 fingerprint, colon-separated hex. */
  fingerprint256: z.string(),
});
export type CertificateSummary = z.infer<typeof certificateSummarySchema>;

/** What Settings shows of an environment's network: its proxy, its extra CAs, and who set them. */
export const environmentNetworkSchema = z.object({
  proxy: proxySettingSchema,
  /** A password for the manual proxy's user is in the keychain. */
  hasProxyPassword: z.boolean(),
  extraCa: z.array(certificateSummarySchema),
  /** Set by the organisation's policy: shown, not editable. */
  managed: z.boolean(),
  /** The extra CA file could not be read (it was moved, or damaged): what to tell the operator. */
  extraCaProblem: z.string().optional(),
});
export type EnvironmentNetwork = z.infer<typeof environmentNetworkSchema>;

/**
 * A proxy the system chose (PAC, WPAD, OS settings) asked for a user name and password Card Desk does not
 * have (or refused the ones it sent): the operator is asked once, and the answer is kept for that proxy.
 */
export const proxySignInAskSchema = z.object({
  /** "proxy.corp.example:8080" */
  proxy: z.string(),
  /** The sign-in the user name and password are for. */
  scheme: z.enum(['ntlm', 'basic']),
  /** The proxy's realm (Basic), as it names itself. */
  realm: z.string().nullable(),
  /** The proxy refused the user name and password kept for it. */
  refused: z.boolean(),
});
export type ProxySignInAsk = z.infer<typeof proxySignInAskSchema>;

/** The operator's answer to a proxy's sign-in: kept in the system keychain for that proxy only. */
export const proxySignInAnswerSchema = z.object({
  username: z
    .string({ error: 'user name is required' })
    .trim()
    .min(1, { error: 'user name is required' })
    .max(256, { error: 'user name must be at most 256 characters' }),
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .max(1024, { error: 'password must be at most 1024 characters' }),
});

const environmentId = z
  .string({ error: 'environmentId is required' })
  .min(1, { error: 'environmentId is required' })
  .max(64);

/** The most a PEM file chosen in Settings may hold. */
export const MAX_CA_PEM_CHARS = 1_000_000;

export const networkChannels = {
  'network.get': channel(z.object({ environmentId }), environmentNetworkSchema),
  'network.setProxy': channel(
    z.object({
      environmentId,
      proxy: proxySettingSchema,
      /** For a manual proxy with a user name: a new password (kept in the keychain); absent keeps the saved one. */
      password: z.string().max(1024, { error: 'proxy password must be at most 1024 characters' }).optional(),
    }),
    environmentNetworkSchema,
  ),
  /** The proxy sign-ins waiting for the operator (a window that opens after the ask still finds it). */
  'network.proxySignIns': channel(z.object({}).optional(), z.array(proxySignInAskSchema)),
  /** Answers one (null: not now); what is still waiting comes back. */
  'network.answerProxySignIn': channel(
    z.object({
      proxy: z.string({ error: 'proxy is required' }).min(1, { error: 'proxy is required' }).max(300),
      answer: proxySignInAnswerSchema.nullable(),
    }),
    z.array(proxySignInAskSchema),
  ),
  'network.setExtraCa': channel(
    z.object({
      environmentId,
      /** The chosen file's text (PEM, one or more certificates); null removes the environment's extra CAs. */
      pem: z.string().max(MAX_CA_PEM_CHARS, { error: 'the certificate file must be smaller than 1 MB' }).nullable(),
    }),
    environmentNetworkSchema,
  ),
};
