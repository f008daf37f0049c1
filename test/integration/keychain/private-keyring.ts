// A D-Bus session and a gnome-keyring of a test's own, so the test can stop and start the keyring daemon
// without touching the keychain other tests use. The bus has no service activation, so while the daemon
// is stopped nothing starts another behind the test's back. The daemon is found and stopped by its
// process id, as the bus reports it.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PASSWORD = 'card-desk-private-test';

/** Why this machine cannot run a private keyring, or null when it can. */
export function privateKeyringUnavailable(): string | null {
  for (const tool of ['dbus-daemon', 'dbus-send', 'gnome-keyring-daemon'])
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      return `${tool} is not installed (apt-get install dbus gnome-keyring)`;
  return null;
}

export interface PrivateKeyring {
  /** The environment a process needs to use this keyring. */
  env: NodeJS.ProcessEnv;
  /** Stops the keyring daemon (by its pid) and waits until it has left the bus. */
  stopDaemon(): Promise<void>;
  /** Starts the keyring daemon again, unlocked, and waits until it is on the bus. */
  startDaemon(): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startPrivateKeyring(): Promise<PrivateKeyring> {
  const root = mkdtempSync(join(tmpdir(), 'card-desk-keyring-'));
  for (const d of ['home', 'data', 'runtime', 'services']) mkdirSync(join(root, d), { mode: 0o700 });
  const config = join(root, 'bus.conf');
  writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${join(root, 'runtime')}</listen>
  <auth>EXTERNAL</auth>
  <servicedir>${join(root, 'services')}</servicedir>
  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>
`,
  );
  const bus: ChildProcess = spawn('dbus-daemon', ['--config-file', config, '--nofork', '--print-address'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    bus.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    bus.once('exit', () => reject(new Error('dbus-daemon ended at start')));
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: address,
    HOME: join(root, 'home'),
    XDG_DATA_HOME: join(root, 'data'),
    XDG_RUNTIME_DIR: join(root, 'runtime'),
  };
  const busCall = (method: string, arg: string): string | null => {
    const r = spawnSync(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--dest=org.freedesktop.DBus',
        '/org/freedesktop/DBus',
        `org.freedesktop.DBus.${method}`,
        `string:${arg}`,
      ],
      { env, encoding: 'utf8' },
    );
    return r.status === 0 ? r.stdout : null;
  };
  const daemonPid = (): number | null => {
    const reply = busCall('GetConnectionUnixProcessID', 'org.freedesktop.secrets');
    const m = reply ? /uint32 (\d+)/.exec(reply) : null;
    return m ? Number(m[1]) : null;
  };
  const until = async (ok: () => boolean, what: string) => {
    for (let i = 0; i < 400; i++) {
      if (ok()) return;
      await sleep(50);
    }
    throw new Error(`timed out waiting until ${what}`);
  };
  const startDaemon = async () => {
    // It forks into the background itself and registers on the bus named in env.
    execFileSync('sh', ['-c', `printf %s '${PASSWORD}' | gnome-keyring-daemon --unlock --components=secrets`], {
      env,
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    await until(() => daemonPid() !== null, 'the keyring daemon is on the bus');
  };
  const stopDaemon = async () => {
    const pid = daemonPid();
    if (pid === null) return;
    process.kill(pid, 'SIGTERM');
    await until(() => daemonPid() === null, 'the keyring daemon has left the bus');
  };
  await startDaemon();
  return {
    env,
    stopDaemon,
    startDaemon,
    async close() {
      await stopDaemon().catch(() => undefined);
      bus.kill();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
