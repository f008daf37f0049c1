// A team database's address (`postgres://db.bank.local:5432/carddesk`) and how Card Desk connects to it:
// TLS verified like the API's (the operating system's store, Node's roots and the environment's extra CA),
// with no switch that accepts an unverified certificate; a plain connection only to this computer
// (127.0.0.1, ::1, localhost). The password is never part of the address: the desk keeps it in the keychain,
// team:setup asks for it (or reads PGPASSWORD or ~/.pgpass), so it is never in a settings file, a command
// line or a log.
import { isIP } from 'node:net';
import type { ClientConfig } from 'pg';
import { isLoopbackHost } from '../../src-shared/ipc/channels/settings';
import { secureContextFor } from '../api/trust-store';

export interface TeamAddress {
  host: string;
  port: number;
  database: string;
  /** The user name in the address, if it has one. */
  user: string | null;
  /** `verified`: TLS with the certificate checked. `plain`: no TLS (only ever to this computer). */
  tls: 'verified' | 'plain';
}

const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;

/** The address as messages and settings show it: never a user name or a password. */
export function addressText(address: Pick<TeamAddress, 'host' | 'port' | 'database' | 'tls'>): string {
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  const mode = address.tls === 'verified' && isLoopbackHost(address.host) ? '?sslmode=verify-full' : '';
  return `postgres://${host}:${address.port}/${encodeURIComponent(address.database)}${mode}`;
}

/** Reads a team database address; the problem in words (naming what is wrong) when it cannot be used. */
export function parseTeamAddress(text: string): { ok: true; address: TeamAddress } | { ok: false; problem: string } {
  const fail = (problem: string) => ({ ok: false as const, problem });
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return fail('url must be an address like postgres://db.example.com:5432/carddesk');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    return fail('url must start with postgres:// (a PostgreSQL database)');
  if (url.password)
    return fail('url must not hold a password: it goes in its own field, and Card Desk keeps it in the keychain');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) return fail('url must name the database server (postgres://HOST:5432/DATABASE)');
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database || database.includes('/'))
    return fail('url must name one database after the server (postgres://HOST:5432/DATABASE)');
  const port = url.port ? Number(url.port) : 5432;
  const unknown = [...url.searchParams.keys()].filter((k) => k !== 'sslmode');
  if (unknown.length > 0) return fail(`url has an option Card Desk does not use: ${unknown.join(', ')}`);
  const mode = url.searchParams.get('sslmode');
  if (mode !== null && !(SSL_MODES as readonly string[]).includes(mode))
    return fail(`url's sslmode must be one of ${SSL_MODES.join(', ')}`);
  const loopback = isLoopbackHost(host);
  const wantsTls = mode === 'require' || mode === 'verify-ca' || mode === 'verify-full';
  if (!loopback && mode !== null && !wantsTls)
    return fail(
      `url's sslmode=${mode} is refused: a connection without TLS is allowed only to this computer (127.0.0.1, ::1 or localhost)`,
    );
  return {
    ok: true,
    address: {
      host,
      port,
      database,
      user: url.username ? decodeURIComponent(url.username) : null,
      // To another computer always TLS, and always verified (require and verify-ca are taken as verify-full).
      tls: loopback && !wantsTls ? 'plain' : 'verified',
    },
  };
}

export interface ConnectionSecrets {
  user: string;
  password?: string | (() => Promise<string>) | undefined;
  /** PEM text of the environment's extra CA certificates. */
  extraCa?: readonly string[];
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
            secureContext: secureContextFor(secrets.extraCa ?? []),
            rejectUnauthorized: true,
            ...(isIP(address.host) ? {} : { servername: address.host }),
          },
    application_name: secrets.applicationName ?? 'Card Desk',
    connectionTimeoutMillis: secrets.connectTimeoutMs ?? 10_000,
    keepAlive: true,
  };
}
