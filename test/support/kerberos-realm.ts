// A Kerberos realm of its own for tests, made of real parts: MIT Kerberos's KDC from Debian's packages
// (krb5-kdc, krb5-admin-server, krb5-user), in a temporary folder with its own krb5.conf, kdc.conf, database
// and keytab; no system file is touched. It holds the operator's principal and the proxy's service
// principal (HTTP/proxy.card-desk.test, an /etc/hosts name `.ci/run` adds), whose key goes into a keytab
// for Squid's negotiate_kerberos_auth. The operator's ticket comes from a real `kinit`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './ports';

export const REALM = 'CARD-DESK.TEST';
/** The proxy's host name: resolves to 127.0.0.1 through /etc/hosts (a literal address gets no ticket). */
export const PROXY_HOST = 'proxy.card-desk.test';
/** The service principal a client asks a ticket for, as GSSAPI names it. */
export const PROXY_SERVICE = `HTTP/${PROXY_HOST}`;
export const OPERATOR = 'operator';

const TOOLS = ['/usr/sbin/krb5kdc', '/usr/sbin/kdb5_util', '/usr/sbin/kadmin.local', '/usr/bin/kinit'];

/** Why the realm cannot be built here, or null (the tests fail, never skip, when it cannot: .ci/run installs it). */
export async function kerberosMissing(): Promise<string | null> {
  const absent = TOOLS.filter((tool) => !existsSync(tool));
  if (absent.length > 0)
    return `${absent.join(', ')} missing (apt-get install krb5-kdc krb5-admin-server krb5-user; .ci/run installs them)`;
  try {
    const { address } = await lookup(PROXY_HOST, { family: 4 });
    if (address !== '127.0.0.1') return `${PROXY_HOST} resolves to ${address}, not 127.0.0.1`;
  } catch {
    return `${PROXY_HOST} does not resolve: add "127.0.0.1 ${PROXY_HOST}" to /etc/hosts (.ci/run does)`;
  }
  return null;
}

export interface KerberosRealm {
  dir: string;
  /** KRB5_CONFIG for any process of this realm (the client, Squid's helper, kinit). */
  krb5Config: string;
  /** The keytab holding the proxy's service key (readable by Squid's user). */
  keytab: string;
  /** The operator's principal, `operator@CARD-DESK.TEST`. */
  operator: string;
  /**
   * One credentials cache for the whole file (FILE:…), to put in KRB5CCNAME once, before any Kerberos work:
   * `signIn()` fills it with a fresh ticket (kinit), `signOut()` removes it (as kdestroy does). Changing
   * KRB5CCNAME while a GSSAPI step runs on libuv's threads races setenv against krb5's getenv (a crash).
   */
  ticketCache: string;
  signIn(): void;
  signOut(): void;
  /**
   * Adds a service principal (`postgres/api.card-desk.test`) and writes its key to a keytab of its own in the
   * realm's folder, readable by its owner only (`owner`: a system user, as PostgreSQL's server runs as
   * `postgres`); returns the keytab's path.
   */
  addService(principal: string, owner?: string): string;
  stop(): Promise<void>;
}

export async function startKerberosRealm(): Promise<KerberosRealm> {
  const dir = mkdtempSync(join(tmpdir(), 'card-desk-realm-'));
  chmodSync(dir, 0o755); // Squid's helper runs as the proxy user and reads the config and keytab here
  const at = (name: string) => join(dir, name);
  const port = await freePort();
  const krb5Config = at('krb5.conf');
  writeFileSync(
    krb5Config,
    [
      '[libdefaults]',
      `  default_realm = ${REALM}`,
      '  dns_lookup_kdc = false',
      '  dns_lookup_realm = false',
      '  rdns = false',
      '  dns_canonicalize_hostname = false',
      '  udp_preference_limit = 1',
      '[realms]',
      `  ${REALM} = {`,
      `    kdc = 127.0.0.1:${port}`,
      '  }',
      '[domain_realm]',
      `  .card-desk.test = ${REALM}`,
      `  card-desk.test = ${REALM}`,
      '',
    ].join('\n'),
  );
  const kdcConfig = at('kdc.conf');
  writeFileSync(
    kdcConfig,
    [
      '[kdcdefaults]',
      `  kdc_listen = ""`,
      `  kdc_tcp_listen = 127.0.0.1:${port}`,
      '[realms]',
      `  ${REALM} = {`,
      `    database_name = ${at('principal')}`,
      `    key_stash_file = ${at('stash')}`,
      `    acl_file = ${at('kadm5.acl')}`,
      '  }',
      '[logging]',
      `  kdc = FILE:${at('kdc.log')}`,
      '',
    ].join('\n'),
  );
  writeFileSync(at('kadm5.acl'), '');
  const env = { ...process.env, KRB5_CONFIG: krb5Config, KRB5_KDC_PROFILE: kdcConfig };
  const run = (file: string, args: string[], input?: string) =>
    execFileSync(file, args, { env, stdio: 'pipe', ...(input === undefined ? {} : { input }) });
  run('/usr/sbin/kdb5_util', ['create', '-s', '-P', 'realm-master-key', '-r', REALM]);
  const operatorPassword = 'operator-windows-password';
  run('/usr/sbin/kadmin.local', ['-r', REALM, '-q', `addprinc -pw ${operatorPassword} ${OPERATOR}`]);
  run('/usr/sbin/kadmin.local', ['-r', REALM, '-q', `addprinc -randkey ${PROXY_SERVICE}`]);
  const keytab = at('squid.keytab');
  run('/usr/sbin/kadmin.local', ['-r', REALM, '-q', `ktadd -k ${keytab} ${PROXY_SERVICE}`]);
  chmodSync(keytab, 0o644);

  const kdc: ChildProcess = spawn('/usr/sbin/krb5kdc', ['-n', '-r', REALM], { env, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => kdc.once('exit', () => resolve()));
  await waitForPort(port, kdc, 'krb5kdc');

  const ticketCache = `FILE:${at('operator.ccache')}`;
  return {
    dir,
    krb5Config,
    keytab,
    operator: `${OPERATOR}@${REALM}`,
    addService(principal, owner) {
      const file = at(`${principal.replace(/[^A-Za-z0-9.-]/g, '_')}.keytab`);
      run('/usr/sbin/kadmin.local', ['-r', REALM, '-q', `addprinc -randkey ${principal}`]);
      run('/usr/sbin/kadmin.local', ['-r', REALM, '-q', `ktadd -k ${file} ${principal}`]);
      chmodSync(file, 0o600);
      if (owner && process.getuid?.() === 0) execFileSync('chown', [owner, file]);
      return file;
    },
    ticketCache,
    signIn() {
      run('/usr/bin/kinit', ['-c', ticketCache, OPERATOR], `${operatorPassword}\n`);
    },
    signOut() {
      rmSync(ticketCache.slice('FILE:'.length), { force: true });
    },
    stop: async () => {
      if (kdc.exitCode === null && kdc.signalCode === null) kdc.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
