// Windows sign-in to the team database: PostgreSQL's `gss` (and `sspi`) authentication with the operator's
// own Kerberos ticket, through the `kerberos` module the proxy's sign-in already uses (GSSAPI here, SSPI on
// Windows). node-postgres does not speak it: its protocol parser throws on authentication codes 7 (GSS),
// 8 (GSS continue) and 9 (SSPI). So a client of this kind reads the server's first messages itself, before
// node-postgres's parser does: a GSS request is answered here with the token the `kerberos` module makes
// (a `p` message, as libpq sends it), everything else goes on to node-postgres unchanged, and from the
// server's AuthenticationOk (or its error) on the stream passes straight through. Only public parts of
// node-postgres are used (`Client`, its `connection`, the connection's `attachListeners` and `_send`);
// test/unit/team/windows-sign-in.test.ts checks the framing, test/integration/team/team-windows-sign-in.test.ts
// the whole sign-in against a real KDC. Why this and not a patch or another client: docs/team.md.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { errorMessage } from '../errors/error-message';
import { negotiateContext, problemOf, servicePrincipal, type NegotiateContext } from '../api/negotiate-kerberos';

const AUTHENTICATION = 0x52; // 'R'
const ERROR_RESPONSE = 0x45; // 'E'
const AUTH_OK = 0;
const AUTH_GSS = 7;
const AUTH_GSS_CONTINUE = 8;
const AUTH_SSPI = 9;

/** Why the Windows sign-in could not be made, in the operator's words (its `code` names the kind). */
export class WindowsSignInError extends Error {
  override readonly name = 'WindowsSignInError';
  constructor(
    readonly code: 'CARD_DESK_NO_TICKET' | 'CARD_DESK_UNKNOWN_SERVICE' | 'CARD_DESK_PASSWORD_ASKED' | 'CARD_DESK_GSS',
    message: string,
  ) {
    super(message);
  }
}

/** A GSS request of the server: its code (7, 8 or 9) and, for 8, the server's token. */
export type GssRequest = { code: number; data: Buffer };

/**
 * The server's bytes as node-postgres should read them: GSS requests taken out (and given to `onGss`), the
 * rest relayed in order; once authentication is over (AuthenticationOk or an error), everything as it comes.
 */
export function startupRelay(stream: EventEmitter, onGss: (request: GssRequest) => void): EventEmitter {
  const relay = new EventEmitter();
  let pending: Buffer = Buffer.alloc(0);
  let passing = false;
  stream.on('data', (chunk: Buffer) => {
    if (passing) {
      relay.emit('data', chunk);
      return;
    }
    pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    const forward: Buffer[] = [];
    const requests: GssRequest[] = [];
    let at = 0;
    while (!passing && pending.length - at >= 5) {
      const type = pending[at]!;
      const length = pending.readInt32BE(at + 1);
      if (pending.length - at < 1 + length) break;
      const message = pending.subarray(at, at + 1 + length);
      at += 1 + length;
      const code = type === AUTHENTICATION && length >= 8 ? message.readInt32BE(5) : -1;
      if (code === AUTH_GSS || code === AUTH_GSS_CONTINUE || code === AUTH_SSPI) {
        requests.push({ code, data: Buffer.from(message.subarray(9)) });
        continue;
      }
      forward.push(message);
      if (code === AUTH_OK || type === ERROR_RESPONSE) passing = true;
    }
    const rest = pending.subarray(at);
    if (passing) {
      if (rest.length > 0) forward.push(rest);
      pending = Buffer.alloc(0);
    } else pending = Buffer.from(rest);
    if (forward.length > 0) relay.emit('data', Buffer.concat(forward));
    for (const request of requests) onGss(request);
  });
  stream.on('end', () => relay.emit('end'));
  return relay;
}

/** The client's answer to a GSS request: a `p` message carrying the token's bytes. */
export function gssResponse(token: Buffer): Buffer {
  const message = Buffer.alloc(5 + token.length);
  message.write('p', 0, 'latin1');
  message.writeInt32BE(4 + token.length, 1);
  token.copy(message, 5);
  return message;
}

interface ConnectionInternals {
  attachListeners(stream: EventEmitter): void;
  _send(buffer: Buffer): boolean;
  emit(event: 'error', error: Error): boolean;
}

function signInError(error: unknown, spn: string): WindowsSignInError {
  if (error instanceof WindowsSignInError) return error;
  const text = errorMessage(error);
  switch (problemOf(text)) {
    case 'no_ticket':
      return new WindowsSignInError(
        'CARD_DESK_NO_TICKET',
        `This computer holds no Windows sign-in ticket for Card Desk to give the team database (${text}). Sign in to Windows with your domain account (elsewhere: kinit), then Card Desk tries again.`,
      );
    case 'unknown_principal':
      return new WindowsSignInError(
        'CARD_DESK_UNKNOWN_SERVICE',
        `The domain does not know the team database's service ${spn} (${text}). Ask IT to register it (a keytab for PostgreSQL) or to give the address by the server's own name.`,
      );
    default:
      return new WindowsSignInError('CARD_DESK_GSS', `The Windows sign-in to the team database failed: ${text}`);
  }
}

/** Options of a client that signs in with the operator's Kerberos ticket. */
export interface WindowsSignInOptions {
  /** The database server's Kerberos service name (PostgreSQL's `krb_srvname`, `postgres` unless IT changed it). */
  serviceName?: string;
}

/** node-postgres's `Client`, made to sign in with the operator's ticket (pass it as the pool's `Client`). */
export function windowsSignInClient(options: WindowsSignInOptions = {}): typeof pg.Client {
  const serviceName = options.serviceName ?? 'postgres';
  return class WindowsSignInClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({
        ...config,
        // A server that asks for a password while the environment signs in with Windows: said, never typed.
        password: () =>
          Promise.reject(
            new WindowsSignInError(
              'CARD_DESK_PASSWORD_ASKED',
              'The team database asked for a password, and this desk signs in to it with Windows. Ask IT to let the login sign in with gss (pg_hba.conf), or sign in with a database password.',
            ),
          ),
      });
      const connection = this.connection as unknown as ConnectionInternals;
      const host = (this as unknown as { host: string }).host;
      let context: Promise<NegotiateContext> | null = null;
      let spn = '';
      const answer = async ({ code, data }: GssRequest) => {
        try {
          if (code !== AUTH_GSS_CONTINUE || !context) {
            spn = servicePrincipal(host, `${serviceName}/${host}`);
            // Code 9 is a Windows server's SSPI: Negotiate, as libpq answers it; 7 is Kerberos itself.
            context = negotiateContext(spn, code === AUTH_SSPI ? 'spnego' : 'krb5');
          }
          const token = await (await context).step(code === AUTH_GSS_CONTINUE ? data.toString('base64') : '');
          if (token) connection._send(gssResponse(Buffer.from(token, 'base64')));
        } catch (error) {
          connection.emit('error', signInError(error, spn));
        }
      };
      const attach = connection.attachListeners.bind(connection);
      connection.attachListeners = (stream) => attach(startupRelay(stream, (request) => void answer(request)));
    }
  };
}
