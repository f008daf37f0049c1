// The team database over TLS, as a bank runs it: a real PostgreSQL with `ssl = on` and a certificate from
// the office's private CA, reached by a host name (api.card-desk.test, 127.0.0.1 through /etc/hosts). The
// desk trusts what the API's calls trust: without the environment's extra CA the certificate is refused,
// in words that say what to do; with it, the link is up and really encrypted.
import { lookup } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src-main/logging/logger';
import { parseTeamAddress } from '../../../src-main/team/team-address';
import { TeamLink } from '../../../src-main/team/team-link';
import { API_HOST, makeTestPki, type TestPki } from '../../support/office-network';
import { postgresMissing, startPostgres, type TestPostgres } from '../../support/postgres';

let pki: TestPki;
let db: TestPostgres;
const links: TeamLink[] = [];
const logger = createLogger({ level: 'silent' });

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  const { address } = await lookup(API_HOST, { family: 4 });
  if (address !== '127.0.0.1') throw new Error(`${API_HOST} must resolve to 127.0.0.1 (.ci/run adds it to /etc/hosts)`);
  pki = makeTestPki();
  db = await startPostgres({ tls: { key: pki.serverKey, cert: pki.serverCert } });
  await db.createLogin('alice', 'alice-secret', ['card_desk_operator']);
});

afterAll(async () => {
  for (const link of links) await link.close();
  await db?.remove();
  pki?.remove();
});

async function linkTo(url: string, extraCa: readonly string[]): Promise<TeamLink> {
  const parsed = parseTeamAddress(url);
  if (!parsed.ok) throw new Error(parsed.problem);
  const link = new TeamLink({
    address: parsed.address,
    user: 'alice',
    password: async () => 'alice-secret',
    extraCa: () => extraCa,
    logger,
    firstRetryMs: 60_000,
  });
  links.push(link);
  await link.start();
  return link;
}

const encrypted = (link: TeamLink) =>
  link.use(async (client) => {
    const { rows } = await client.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
    return rows[0]!.ssl;
  });

describe('the team database over TLS', () => {
  it("refuses a certificate the system does not trust and the environment's extra CA does not name", async () => {
    const link = await linkTo(`postgres://${API_HOST}:${db.port}/carddesk`, []);
    expect(link.status.state).toBe('refused');
    expect(link.status.problem).toMatch(
      new RegExp(`certificate of the team database postgres://${API_HOST}:${db.port}/carddesk is not trusted`),
    );
    expect(link.status.problem).toMatch(/extra CA \(Settings → Network\)/);
  });

  it("connects, encrypted, with the environment's extra CA", async () => {
    const link = await linkTo(`postgres://${API_HOST}:${db.port}/carddesk`, [pki.caPem]);
    expect(link.status).toMatchObject({ state: 'connected', login: 'alice', problem: null });
    expect(await encrypted(link)).toBe(true);
  });

  it('checks the name: the certificate must be for the host the address names', async () => {
    const link = await linkTo(`postgres://localhost:${db.port}/carddesk?sslmode=verify-full`, [pki.caPem]);
    expect(link.status.state).toBe('refused');
    expect(link.status.problem).toMatch(/is not trusted/);
  });

  it('is plain only to this computer: 127.0.0.1 without TLS is allowed, and is not encrypted', async () => {
    const link = await linkTo(`postgres://127.0.0.1:${db.port}/carddesk`, []);
    expect(link.status.state).toBe('connected');
    expect(await encrypted(link)).toBe(false);
  });

  it('heals by itself once the environment trusts the CA: the next connection reads the CA list again', async () => {
    const trusted: string[] = [];
    const parsed = parseTeamAddress(`postgres://${API_HOST}:${db.port}/carddesk`);
    if (!parsed.ok) throw new Error(parsed.problem);
    const link = new TeamLink({
      address: parsed.address,
      user: 'alice',
      password: async () => 'alice-secret',
      extraCa: () => trusted,
      logger,
      firstRetryMs: 100,
      maxRetryMs: 200,
    });
    links.push(link);
    await link.start();
    expect(link.status.problem).toMatch(/is not trusted/);
    trusted.push(pki.caPem);
    await expect.poll(() => link.status.state).toBe('connected');
  });
});
