// What went wrong with the team database, in the operator's words, and whether it heals by itself: a
// server that is down, restarting or out of reach comes back (Card Desk tries again); a refused sign-in does
// not (trying a wrong password again could lock the login), nor does a certificate that is not trusted
// until IT changes something, which Card Desk still tries again, slowly.
import { errorMessage } from '../errors/error-message';

export type TeamFailureReason = 'unreachable' | 'sign_in' | 'certificate' | 'refused';

export interface TeamFailure {
  reason: TeamFailureReason;
  message: string;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
]);
/** Server states that pass: shutting down, starting up, too many connections, a crash being recovered. */
const SERVER_AWAY_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08001', '08004']);

interface WithCode {
  code?: unknown;
}

/** Reads a failure of node-postgres (or of the socket under it). */
export function teamFailure(
  error: unknown,
  context: { where: string; user: string; signIn?: 'password' | 'windows' },
): TeamFailure {
  const code = typeof (error as WithCode | null)?.code === 'string' ? ((error as WithCode).code as string) : '';
  const text = errorMessage(error);
  const { where, user } = context;
  if (code === 'CARD_DESK_NO_PASSWORD') return { reason: 'sign_in', message: text };
  // Windows sign-in (windows-sign-in.ts): no ticket heals when the operator signs in to Windows, so it is
  // tried again, slowly; nothing is typed, so nothing can lock the login.
  if (code.startsWith('CARD_DESK_') && (error as Error | null)?.name === 'WindowsSignInError')
    return { reason: 'refused', message: text };
  if ((code === '28P01' || code === '28000') && context.signIn === 'windows')
    return {
      reason: 'refused',
      message: `The team database ${where} refused the Windows sign-in of ${user}: ${text}. Ask IT whether the login ${user} exists, matches your Windows account (pg_ident.conf, include_realm) and may sign in with gss from this computer.`,
    };
  if ((error as Error | null)?.name === 'KeychainUnavailableError')
    return {
      reason: 'refused',
      message: `The keychain could not give the team database password: ${text} Card Desk tries again.`,
    };
  if (code === '28P01' || code === '28000')
    return {
      reason: 'sign_in',
      message: `The team database ${where} refused the sign-in of ${user}: ${text}. Check the user name and password, or ask IT whether the login exists and may connect from this computer.`,
    };
  // team:setup lets only Card Desk's roles connect: a login without one is refused before it signs in.
  if (code === '42501' && /permission denied for database/i.test(text))
    return {
      reason: 'refused',
      message: `The login ${user} is not a Card Desk operator on ${where}. Ask IT: GRANT card_desk_operator TO ${user};`,
    };
  if (code === '3D000')
    return { reason: 'refused', message: `The team database server has no database of that name (${where}): ${text}.` };
  if (code.startsWith('ERR_TLS') || /CERT|SELF_SIGNED|UNABLE_TO_/.test(code))
    return {
      reason: 'certificate',
      message: `The certificate of the team database ${where} is not trusted (${text}). Card Desk trusts the system's certificates and the environment's extra CA (Settings → Network); ask IT for the CA that signed it.`,
    };
  if (/does not support SSL/i.test(text))
    return {
      reason: 'certificate',
      message: `The team database ${where} does not offer TLS, and Card Desk connects to another computer only over TLS. Ask IT to switch ssl on in its postgresql.conf.`,
    };
  if (
    NETWORK_CODES.has(code) ||
    SERVER_AWAY_CODES.has(code) ||
    /terminated|timeout|timed out|Connection ended|not queryable|closed/i.test(text)
  )
    return {
      reason: 'unreachable',
      message: `The team database ${where} cannot be reached (${text}). Card Desk keeps working on this desk and tries again.`,
    };
  return { reason: 'refused', message: `The team database ${where} answered with an error: ${text}.` };
}
