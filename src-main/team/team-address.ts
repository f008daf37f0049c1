// A team database's address (`postgres://db.bank.local:5432/carddesk`) and how Card Desk connects to it:
// TLS verified like the API's (the operating system's store, Node's roots and the environment's extra CA),
// with no switch that accepts an unverified certificate; a plain connection only to this computer
// (127.0.0.1, ::1, localhost). The password is never part of the address: the desk keeps it in the keychain,
// team:setup asks for it (or reads PGPASSWORD), so it is never in a settings file, a command line or a log.
import { isIP } from 'node:net';
import type { ClientConfig } from 'pg';
import { isLoopbackHost } from '../../src-shared/ipc/channels/settings';
import { parseTeamAddress, serversOf, type TeamAddress } from '../../src-shared/ipc/channels/team';
import { secureContextFor } from '../api/trust-store';

export type { TeamAddress };
export { parseTeamAddress, serversOf };

/** The address as messages and settings show it: never a user name or a password. */
export function addressText(address: Pick<TeamAddress, 'host' | 'port' | 'database' | 'tls' | 'others'>): string {
  const servers = [address, ...(address.others ?? [])];
  const hosts = servers.map(({ host, port }) => `${host.includes(':') ? `[${host}]` : host}:${port}`).join(',');
  const options = [
    ...(address.tls === 'verified' && servers.some((s) => isLoopbackHost(s.host)) ? ['sslmode=verify-full'] : []),
    ...(servers.length > 1 ? ['target_session_attrs=read-write'] : []),
  ];
  return `postgres://${hosts}/${encodeURIComponent(address.database)}${options.length > 0 ? `?${options.join('&')}` : ''}`;
}

/** The address as shown and filed: normalised, never with a user name or password (as given when unreadable). */
export function displayUrl(url: string): string {
  const parsed = parseTeamAddress(url);
  return parsed.ok ? addressText(parsed.address) : url;
}

/** The database's server as people name it: `db.bank.local`, with its port when not PostgreSQL's usual one. */
export function serverName(url: string): string {
  const parsed = parseTeamAddress(url);
  if (!parsed.ok) return url;
  const { host, port } = parsed.address;
  return port === 5432 ? host : `${host}:${port}`;
}

export interface ConnectionSecrets {
  user: string;
  password?: string | (() => Promise<string>) | undefined;
  /** PEM text of the environment's extra CA certificates (a function: read at each connection). */
  extraCa?: readonly string[] | (() => readonly string[]);
  applicationName?: string;
  connectTimeoutMs?: number;
}

/** node-postgres's options for the address: everything given explicitly, so no PG* variable changes it. */
export function connectionConfig(address: TeamAddress, secrets: ConnectionSecrets): ClientConfig {
  return {
    host: address.host,
    port: address.port,
    database: address.database,
    user: secrets.user,
    ...(secrets.password === undefined ? {} : { password: secrets.password }),
    ssl:
      address.tls === 'plain'
        ? false
        : {
            // node-postgres copies these options into tls.connect for each connection, so the getter
            // reads the environment's CA list then: a CA added in Settings applies to the next connection.
            get secureContext() {
              const extra = secrets.extraCa;
              return secureContextFor(typeof extra === 'function' ? extra() : (extra ?? []));
            },
            rejectUnauthorized: true,
            ...(isIP(address.host) ? {} : { servername: address.host }),
          },
    application_name: secrets.applicationName ?? 'Card Desk',
    connectionTimeoutMillis: secrets.connectTimeoutMs ?? 10_000,
    keepAlive: true,
  };
}
