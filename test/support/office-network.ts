// An office's network for tests, made of real parts: a private certificate authority and a server
// certificate made with openssl, an HTTPS API on 127.0.0.1 reached by a host name that is not a loopback
// literal (api.card-desk.test, an /etc/hosts line `.ci/run` adds), and tinyproxy from Debian's packages,
// started with a configuration of its own.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './ports';

/** The API's host name in these tests: resolves to 127.0.0.1 through /etc/hosts, and is no loopback literal. */
export const API_HOST = 'api.card-desk.test';
/** The private CA's name, as a failure message must name it. */
export const CA_NAME = 'Card Desk Test Office Root CA';

/** Why the office's network cannot be built here, or null when it can (the tests then fail, saying so). */
export async function officeNetworkMissing(): Promise<string | null> {
  if (!existsSync('/usr/bin/tinyproxy'))
    return 'tinyproxy is not installed (apt-get install tinyproxy; .ci/run installs it)';
  try {
    const { address } = await lookup(API_HOST, { family: 4 });
    if (address !== '127.0.0.1') return `${API_HOST} resolves to ${address}, not 127.0.0.1`;
  } catch {
    return `${API_HOST} does not resolve: add "127.0.0.1 ${API_HOST}" to /etc/hosts (.ci/run does)`;
  }
  return null;
}

export interface TestPki {
  dir: string;
  caFile: string;
  caPem: string;
  serverKey: string;
  serverCert: string;
  /** The system's roots (this machine's bundle) with the test CA: a store SSL_CERT_FILE can name. */
  storeWithCa: string;
  /** The system's roots alone. */
  storeWithoutCa: string;
  remove(): void;
}

const SYSTEM_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/** A CA and a server certificate for API_HOST and 127.0.0.1 signed by it, made with openssl. */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'card-desk-pki-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '30',
    '-subj',
    `/O=Card Desk Test Office/CN=${CA_NAME}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
    '-subj',
    `/CN=${API_HOST}`,
  );
  writeFileSync(at('ext.cnf'), `subjectAltName=DNS:${API_HOST},IP:127.0.0.1\nextendedKeyUsage=serverAuth\n`);
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '30',
    '-extfile',
    'ext.cnf',
  );
  const caPem = readFileSync(at('ca.pem'), 'utf8');
  const system = existsSync(SYSTEM_BUNDLE) ? readFileSync(SYSTEM_BUNDLE, 'utf8') : '';
  writeFileSync(at('store-with-ca.pem'), `${system}\n${caPem}`);
  writeFileSync(at('store-without-ca.pem'), system);
  return {
    dir,
    caFile: at('ca.pem'),
    caPem,
    serverKey: readFileSync(at('server.key'), 'utf8'),
    serverCert: readFileSync(at('server.pem'), 'utf8'),
    storeWithCa: at('store-with-ca.pem'),
    storeWithoutCa: at('store-without-ca.pem'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface TestApi {
  port: number;
  /** https://api.card-desk.test:<port> */
  url: string;
  /** Every request the API received (method and path). */
  seen: { method: string; path: string }[];
  server: Server;
  stop(): Promise<void>;
}

export type ApiHandler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A customers page as the card API answers it. */
export const customersPage = (count = 2) =>
  JSON.stringify({
    statusCode: 200,
    message: 'ok',
    data: Array.from({ length: count }, (_, i) => ({
      _id: `cus-${i}`,
      type: 'individual',
      name: `Adaeze Okafor ${i}`,
      status: 'active',
      createdAt: '2026-01-01T00:00:00.000Z',
    })),
    pagination: { total: count, pages: 1, page: 1, limit: 100 },
  });

/** An HTTPS API on 127.0.0.1 with the PKI's server certificate; `handle` answers (default: a customers page). */
export async function startTestApi(pki: TestPki, handle?: ApiHandler): Promise<TestApi> {
  const seen: { method: string; path: string }[] = [];
  const server = createHttpsServer({ key: pki.serverKey, cert: pki.serverCert }, (req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '' });
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      if (handle) handle(req, res, body);
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(customersPage());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `https://${API_HOST}:${port}`,
    seen,
    server,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export { freePort };

export interface TestProxy {
  port: number;
  /** "http://127.0.0.1:<port>" */
  url: string;
  /** The request lines tinyproxy logged so far ("CONNECT api.card-desk.test:443 HTTP/1.1", "GET http://..."). */
  requests(): string[];
  stop(): Promise<void>;
}

/** tinyproxy on 127.0.0.1 with its own configuration and log; `basicAuth` makes it ask for that sign-in. */
export async function startTinyproxy(
  options: { basicAuth?: { user: string; password: string } } = {},
): Promise<TestProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'card-desk-proxy-'));
  const port = await freePort();
  const log = join(dir, 'tinyproxy.log');
  writeFileSync(
    join(dir, 'tinyproxy.conf'),
    [
      `Port ${port}`,
      'Listen 127.0.0.1',
      'Timeout 60',
      `LogFile "${log}"`,
      'LogLevel Connect',
      'Allow 127.0.0.1',
      'MaxClients 50',
      ...(options.basicAuth ? [`BasicAuth ${options.basicAuth.user} ${options.basicAuth.password}`] : []),
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('/usr/bin/tinyproxy', ['-d', '-c', join(dir, 'tinyproxy.conf')], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(port, child, 'tinyproxy');
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests: () => {
      if (!existsSync(log)) return [];
      return readFileSync(log, 'utf8')
        .split('\n')
        .map((line) => /Request \(file descriptor \d+\): (.*)$/.exec(line)?.[1])
        .filter((line): line is string => line !== undefined);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
