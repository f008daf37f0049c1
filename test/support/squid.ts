// Squid from Debian's packages as an office's proxy for tests, started on 127.0.0.1 with a configuration of
// its own in a temporary folder: the sign-in it asks for (Negotiate through its negotiate_kerberos_auth
// helper and a realm's keytab, NTLM through ntlm_fake_auth, Basic through basic_ncsa_auth), and an access
// log of its own, where every CONNECT tunnel is one line (written when the tunnel closes).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './ports';

const SQUID = '/usr/sbin/squid';
const HELPERS = '/usr/lib/squid';

/** Why Squid cannot run here, or null (the tests fail, never skip, when it cannot: .ci/run installs it). */
export function squidMissing(): string | null {
  const needed = [
    SQUID,
    `${HELPERS}/negotiate_kerberos_auth`,
    `${HELPERS}/ntlm_fake_auth`,
    `${HELPERS}/basic_ncsa_auth`,
  ];
  const absent = needed.filter((file) => !existsSync(file));
  return absent.length > 0 ? `${absent.join(', ')} missing (apt-get install squid; .ci/run installs it)` : null;
}

export interface SquidOptions {
  /** The host name clients use for the proxy (its Kerberos service principal is built from it). */
  host: string;
  /** Negotiate (Kerberos) with the service key in `keytab` for `principal` (HTTP/host@REALM). */
  negotiate?: { keytab: string; principal: string; krb5Config: string };
  /** NTLM through Squid's ntlm_fake_auth: the handshake is real, any user name and password pass. */
  ntlm?: boolean;
  /** Basic with one user. */
  basic?: { user: string; password: string };
}

/** One line of the access log: what happened to one request (for a CONNECT, one tunnel). */
export interface SquidLogLine {
  /** "TCP_TUNNEL/200", "TCP_DENIED/407". */
  result: string;
  status: number;
  method: string;
  /** "api.card-desk.test:443" for a CONNECT. */
  url: string;
  /** The signed-in user ("operator@CARD-DESK.TEST"), or "-". */
  user: string;
}

export interface SquidProxy {
  port: number;
  host: string;
  /** Every line logged so far. */
  log(): SquidLogLine[];
  /** The tunnels opened to `target` ("host:port") so far: CONNECTs the proxy answered 200. */
  tunnels(target: string): SquidLogLine[];
  stop(): Promise<void>;
}

export async function startSquid(options: SquidOptions): Promise<SquidProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'card-desk-squid-'));
  const at = (name: string) => join(dir, name);
  const port = await freePort();
  const accessLog = at('access.log');
  const auth: string[] = [];
  if (options.negotiate) {
    auth.push(
      `auth_param negotiate program ${HELPERS}/negotiate_kerberos_auth -k ${options.negotiate.keytab} -s ${options.negotiate.principal}`,
      'auth_param negotiate children 2 startup=1 idle=1',
      'auth_param negotiate keep_alive on',
    );
  }
  if (options.ntlm) {
    auth.push(`auth_param ntlm program ${HELPERS}/ntlm_fake_auth`, 'auth_param ntlm children 2 startup=1 idle=1');
  }
  if (options.basic) {
    const hash = execFileSync('openssl', ['passwd', '-1', options.basic.password], { encoding: 'utf8' }).trim();
    writeFileSync(at('passwd'), `${options.basic.user}:${hash}\n`);
    auth.push(
      `auth_param basic program ${HELPERS}/basic_ncsa_auth ${at('passwd')}`,
      'auth_param basic children 2 startup=1 idle=1',
      'auth_param basic realm Card Desk test office',
    );
  }
  writeFileSync(
    at('squid.conf'),
    [
      `http_port 127.0.0.1:${port}`,
      `visible_hostname ${options.host}`,
      'cache_effective_user proxy',
      `pid_filename ${at('squid.pid')}`,
      `cache_log ${at('cache.log')}`,
      'logformat carddesk %ts.%03tu %Ss/%>Hs %rm %ru %un',
      `access_log stdio:${accessLog} carddesk`,
      'cache_store_log none',
      `coredump_dir ${dir}`,
      'cache deny all',
      'cache_mem 8 MB',
      'pinger_enable off',
      'netdb_filename none',
      'shutdown_lifetime 0 seconds',
      'max_filedescriptors 1024',
      'dns_nameservers 127.0.0.1',
      ...auth,
      ...(auth.length > 0
        ? ['acl signedIn proxy_auth REQUIRED', 'http_access allow signedIn']
        : ['http_access allow all']),
      'http_access deny all',
      '',
    ].join('\n'),
  );
  writeFileSync(accessLog, '');
  execFileSync('chown', ['-R', 'proxy:proxy', dir]);
  const env = {
    ...process.env,
    ...(options.negotiate
      ? { KRB5_CONFIG: options.negotiate.krb5Config, KRB5_KTNAME: options.negotiate.keytab, KRB5RCACHEDIR: dir }
      : {}),
  };
  const child: ChildProcess = spawn(SQUID, ['-N', '-f', at('squid.conf'), '-n', `carddesk${port}`], {
    env,
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForPort(port, child, 'squid');
  } catch (error) {
    const log = existsSync(at('cache.log')) ? readFileSync(at('cache.log'), 'utf8').slice(-2000) : '';
    throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
  }
  const log = (): SquidLogLine[] =>
    readFileSync(accessLog, 'utf8')
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields.length >= 5)
      .map(([, result = '', method = '', url = '', user = '']) => ({
        result,
        status: Number(result.split('/')[1]),
        method,
        url,
        user,
      }));
  return {
    port,
    host: options.host,
    log,
    tunnels: (target) => log().filter((l) => l.method === 'CONNECT' && l.url === target && l.status === 200),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
