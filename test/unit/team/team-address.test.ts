// A team database's address: what is refused and why (naming the field), and how Card Desk connects: TLS
// verified to another computer, whatever the address asks; a plain connection only to this one.
import { describe, expect, it } from 'vitest';
import { teamConnectSchema } from '../../../src-shared/ipc/channels/team';
import { addressText, connectionConfig, parseTeamAddress } from '../../../src-main/team/team-address';

const parsed = (url: string) => {
  const result = parseTeamAddress(url);
  if (!result.ok) throw new Error(result.problem);
  return result.address;
};
const problem = (url: string) => {
  const result = parseTeamAddress(url);
  return result.ok ? null : result.problem;
};

describe('a team database address', () => {
  it('reads host, port (5432 by default), database and user', () => {
    expect(parsed('postgres://alice@db.bank.local/carddesk')).toEqual({
      host: 'db.bank.local',
      port: 5432,
      database: 'carddesk',
      user: 'alice',
      tls: 'verified',
    });
    expect(parsed('postgresql://[::1]:6543/card%20desk')).toMatchObject({
      host: '::1',
      port: 6543,
      database: 'card desk',
    });
  });

  it('goes over verified TLS to another computer, even when it asks for less', () => {
    expect(parsed('postgres://db.bank.local/carddesk?sslmode=require').tls).toBe('verified');
    expect(parsed('postgres://db.bank.local/carddesk?sslmode=verify-ca').tls).toBe('verified');
    for (const mode of ['disable', 'allow', 'prefer'])
      expect(problem(`postgres://db.bank.local/carddesk?sslmode=${mode}`)).toMatch(
        /without TLS is allowed only to this computer/,
      );
  });

  it('may be plain to this computer only, unless it asks for TLS', () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]'])
      expect(parsed(`postgres://${host}:5432/carddesk`).tls).toBe('plain');
    expect(parsed('postgres://127.0.0.1/carddesk?sslmode=verify-full').tls).toBe('verified');
    // A name that only resolves to this computer is not taken on its word.
    expect(parsed('postgres://db.card-desk.test/carddesk').tls).toBe('verified');
  });

  it('refuses, naming what is wrong: a password, another scheme, no database, unknown options', () => {
    expect(problem('postgres://alice:secret@db.bank.local/carddesk')).toMatch(/url must not hold a password/);
    expect(problem('https://db.bank.local/carddesk')).toMatch(/url must start with postgres:\/\//);
    expect(problem('postgres://db.bank.local')).toMatch(/url must name one database/);
    expect(problem('postgres://db.bank.local/carddesk?application_name=x')).toMatch(/option .* application_name/);
    expect(problem('not an address')).toMatch(/^url must be an address/);
  });

  it('is shown without user or password', () => {
    expect(addressText(parsed('postgres://alice@db.bank.local/carddesk'))).toBe(
      'postgres://db.bank.local:5432/carddesk',
    );
  });

  it('is checked at the IPC boundary, naming the field', () => {
    const result = teamConnectSchema.safeParse({
      url: 'postgres://db.bank.local/x?sslmode=disable',
      user: '',
      password: '',
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields).toMatchObject({
      url: expect.stringMatching(/only to this computer/),
      user: 'user is required',
      password: 'password is required',
    });
  });
});

describe('the connection', () => {
  it('verifies the certificate and the name to another computer, and is plain only to this one', () => {
    const tls = connectionConfig(parsed('postgres://db.bank.local/carddesk'), { user: 'alice' }).ssl as Record<
      string,
      unknown
    >;
    expect(tls.rejectUnauthorized).toBe(true);
    expect(tls.servername).toBe('db.bank.local');
    expect(tls.secureContext).toBeDefined();
    expect(connectionConfig(parsed('postgres://127.0.0.1/carddesk'), { user: 'alice' }).ssl).toBe(false);
  });

  it('may name several servers for failover, as libpq: read-write only, TLS as for one', () => {
    const address = parsed(
      'postgres://db1.bank.local:5432,db2.bank.local:5433/carddesk?target_session_attrs=read-write',
    );
    expect(address).toMatchObject({
      host: 'db1.bank.local',
      port: 5432,
      others: [{ host: 'db2.bank.local', port: 5433 }],
      tls: 'verified',
    });
    expect(addressText(address)).toBe(
      'postgres://db1.bank.local:5432,db2.bank.local:5433/carddesk?target_session_attrs=read-write',
    );
    expect(parsed('postgres://127.0.0.1:5432,127.0.0.1:5433/carddesk').tls).toBe('plain');
    expect(parsed('postgres://127.0.0.1:5432,db2.bank.local/carddesk').tls).toBe('verified');
    expect(problem('postgres://db1.bank.local,db2.bank.local/carddesk?target_session_attrs=any')).toMatch(
      /target_session_attrs must be read-write/,
    );
  });
});
