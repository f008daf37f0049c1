// Windows sign-in to the team database, on real parts: an MIT Kerberos realm of the test's own
// (test/support/kerberos-realm.ts) holding the operator and PostgreSQL's service principal
// (postgres/api.card-desk.test, 127.0.0.1 through /etc/hosts), a real PostgreSQL that asks every login but
// its administrator for `gss` over TLS (`hostssl … gss include_realm=0`), and the operator's ticket from a
// real `kinit`. The desk gives no password: the server's session_user is the operator's principal.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openJournal } from '../../../src-main/journal/journal';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { createLogger } from '../../../src-main/logging/logger';
import { NO_POLICY, type Policy } from '../../../src-main/policy/policy';
import { TeamService } from '../../../src-main/team/team-service';
import { parseTeamAddress } from '../../../src-main/team/team-address';
import { TeamLink } from '../../../src-main/team/team-link';
import { kerberosMissing, OPERATOR, REALM, startKerberosRealm, type KerberosRealm } from '../../support/kerberos-realm';
import { API_HOST, makeTestPki, type TestPki } from '../../support/office-network';
import { TEST_CHAIN_KEY } from '../../support/journal-key';
import { postgresMissing, startPostgres, type TestPostgres } from '../../support/postgres';

let realm: KerberosRealm;
let pki: TestPki;
let db: TestPostgres;
let url: string;
const links: TeamLink[] = [];
const logger = createLogger({ level: 'silent' });
const kerberosVariables = { KRB5_CONFIG: process.env.KRB5_CONFIG, KRB5CCNAME: process.env.KRB5CCNAME };

beforeAll(async () => {
  const missing = postgresMissing() ?? (await kerberosMissing());
  if (missing) throw new Error(missing);
  realm = await startKerberosRealm();
  // Set once, before any Kerberos work: each test fills or empties this one cache instead.
  process.env.KRB5_CONFIG = realm.krb5Config;
  process.env.KRB5CCNAME = realm.ticketCache;
  const keytab = realm.addService(`postgres/${API_HOST}`, 'postgres');
  pki = makeTestPki();
  db = await startPostgres({
    tls: { key: pki.serverKey, cert: pki.serverCert },
    conf: [`krb_server_keyfile = '${keytab}'`],
    hba: [`hostssl all all 127.0.0.1/32 gss include_realm=0 krb_realm=${REALM}`],
    env: { KRB5_CONFIG: realm.krb5Config },
  });
  // IT makes the login for the operator's Windows account: no password.
  await db.sql(`CREATE ROLE ${OPERATOR} LOGIN IN ROLE card_desk_operator`);
  url = `postgres://${API_HOST}:${db.port}/carddesk`;
});

afterEach(async () => {
  for (const link of links.splice(0)) await link.close();
});

afterAll(async () => {
  process.env.KRB5_CONFIG = kerberosVariables.KRB5_CONFIG;
  process.env.KRB5CCNAME = kerberosVariables.KRB5CCNAME;
  await db?.remove();
  pki?.remove();
  await realm?.stop();
});

async function windowsLink(user = OPERATOR): Promise<TeamLink> {
  const parsed = parseTeamAddress(url);
  if (!parsed.ok) throw new Error(parsed.problem);
  const link = new TeamLink({
    address: parsed.address,
    user,
    signIn: 'windows',
    extraCa: () => [pki.caPem],
    logger,
    firstRetryMs: 60_000,
  });
  links.push(link);
  await link.start();
  return link;
}

describe('Windows sign-in to the team database', () => {
  it("signs in with the operator's ticket and no password, over verified TLS: session_user is the operator", async () => {
    realm.signIn();
    const link = await windowsLink();
    expect(link.status).toMatchObject({ state: 'connected', login: OPERATOR, problem: null });
    const session = await link.use(async (client) => {
      const { rows } = await client.query<{ login: string; ssl: boolean; principal: string }>(
        `SELECT session_user AS login, s.ssl, g.principal
           FROM pg_stat_ssl s JOIN pg_stat_gssapi g USING (pid) WHERE pid = pg_backend_pid()`,
      );
      return rows[0]!;
    });
    expect(session).toMatchObject({ login: OPERATOR, ssl: true, principal: `${OPERATOR}@${REALM}` });
    // A connection of its own (LISTEN's) signs in the same way.
    const separate = link.separateClient();
    await separate.connect();
    const { rows } = await separate.query<{ login: string }>('SELECT session_user AS login');
    await separate.end();
    expect(rows[0]!.login).toBe(OPERATOR);
  });

  it('says what is missing when the computer holds no ticket, and tries again once there is one', async () => {
    realm.signOut();
    const link = await windowsLink();
    expect(link.status.state).toBe('refused');
    expect(link.status.problem).toMatch(/no Windows sign-in ticket/);
    expect(link.status.problem).toMatch(/Sign in to Windows with your domain account/);
    realm.signIn();
    await link.start();
    expect(link.status).toMatchObject({ state: 'connected', login: OPERATOR });
  });

  it('names the login when the ticket is not for it (the server maps the principal, include_realm=0)', async () => {
    realm.signIn();
    await db.sql('CREATE ROLE alice LOGIN IN ROLE card_desk_operator');
    const link = await windowsLink('alice');
    expect(link.status.state).toBe('refused');
    expect(link.status.problem).toMatch(/refused the Windows sign-in of alice/);
  });
});

describe('Windows sign-in as the policy sets it', () => {
  it('signs the desk in with nothing typed and nothing kept, and again after a restart', async () => {
    realm.signIn();
    const dir = mkdtempSync(join(tmpdir(), 'card-desk-windows-'));
    const journal = openJournal({ key: TEST_CHAIN_KEY, file: join(dir, 'journal.sqlite') });
    // Through a keychain host, as the app on Linux: listing the keys while another test file changes the
    // same service's keys can crash libsecret, and must end only the host, never this test's process.
    const secrets = defaultSecretStore();
    const policy: Policy = {
      ...NO_POLICY,
      environments: [
        {
          id: 'head-office',
          name: 'Head office',
          baseUrl: 'https://api.card-desk.test',
          proxy: { mode: 'none' },
          extraCaFile: null,
          teamUrl: url,
          teamSignIn: 'windows',
        },
      ],
    };
    const service = () =>
      new TeamService({
        dataDir: dir,
        secretStore: secrets,
        policy,
        journal: () => journal,
        extraCa: async () => [pki.caPem],
        emit: () => undefined,
        logger,
      });
    const team = service();
    try {
      await team.activate('head-office');
      expect(team.status()).toMatchObject({ state: 'signed_out', signIn: 'windows', signInSetByPolicy: true });
      const connected = await team.connect({ url, user: OPERATOR });
      expect(connected).toMatchObject({ ok: true, data: { state: 'connected', login: OPERATOR, signIn: 'windows' } });
      const accounts = await secrets.accounts();
      expect(accounts.filter((a) => a.startsWith('head-office team'))).toEqual([]);
      expect(JSON.parse(readFileSync(join(dir, 'team.json'), 'utf8')).environments['head-office']).toEqual({
        url,
        user: OPERATOR,
        signIn: 'windows',
      });
    } finally {
      await team.dispose();
    }
    const again = service();
    try {
      await again.activate('head-office');
      await expect.poll(() => again.status().state, { timeout: 30_000 }).toBe('connected');
      expect(again.status().login).toBe(OPERATOR);
    } finally {
      await again.dispose();
      (secrets as { dispose?(): void }).dispose?.();
      journal.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
