// A streaming standby of a test PostgreSQL (postgres.ts), made as a DBA makes one: `pg_basebackup -R` (the
// standby's settings written by it) into a folder of its own, started on another port of 127.0.0.1. It can
// be cut off (stopped while the primary takes writes it will never see) and promoted to be the primary.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { run, type TestPostgres } from './postgres';

export interface TestStandby {
  port: number;
  /** Stops it (fast): the primary's next writes never reach it. */
  cutOff(): Promise<void>;
  /** Starts it again (replaying what it holds; a stopped primary is not reached). */
  start(): Promise<void>;
  /** Makes it the primary (`pg_ctl promote`), waiting until it takes writes. */
  promote(): Promise<void>;
  remove(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startStandby(primary: TestPostgres): Promise<TestStandby> {
  const dir = mkdtempSync(join(tmpdir(), 'card-desk-standby-'));
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  await run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    // A checkpoint at once: by default pg_basebackup waits for a spread one (minutes).
    '--checkpoint=fast',
  ]);
  const port = await freePort();
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-w',
      '-t',
      '120',
      'start',
    ]).then(() => undefined);
  await start();
  let running = true;
  return {
    port,
    async cutOff() {
      await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '120', 'stop']);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async promote() {
      await run('pg_ctl', ['-D', data, '-w', '-t', '120', 'promote']);
    },
    async remove() {
      if (running)
        await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '120', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
