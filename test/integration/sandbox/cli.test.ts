// `npm run sandbox`: prints the base URL and the key on a line each, serves until SIGTERM (also one that
// arrives while it starts), and refuses malformed options. The command runs in one process, as
// `npm run sandbox` runs it (`node --import tsx`): tsx's own CLI would put a parent process in between that
// kills its child when the child does not confirm a relayed signal within 30 ms, which a loaded machine misses.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const CLI = 'src-main/sandbox/cli.ts';
const sandboxCommand = (...args: string[]) =>
  spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });

describe('sandbox command', () => {
  it('prints the URL and the key, serves the seeded customers and stops on SIGTERM', async () => {
    const child = sandboxCommand('--seed', '9', '--customers', '1234', '--key', 'sk_cli_test');
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const url = (await lines.next()).value as string;
      const key = (await lines.next()).value as string;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(key).toBe('sk_cli_test');
      const res = await fetch(`${url}/customers?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      expect((await res.json()).pagination.total).toBe(1234);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  // Whether the signal lands while the sandbox starts or just after depends on the machine; either way the
  // command stops cleanly, and a stop heard while starting prints no address.
  it('stops with code 0 on a SIGTERM sent as soon as it says it is starting', async () => {
    const child = sandboxCommand('--customers', '200000');
    try {
      let stdout = '';
      child.stdout.on('data', (d) => (stdout += String(d)));
      const starting = createInterface({ input: child.stderr })[Symbol.asyncIterator]();
      expect((await starting.next()).value).toBe('Starting the sandbox…');
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
      expect(['', expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\nsk_sandbox_\w+\n$/)]).toContainEqual(stdout);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('generates a key when none is given', async () => {
    const child = sandboxCommand('--customers', '5');
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      await lines.next();
      const key = (await lines.next()).value as string;
      expect(key).toMatch(/^sk_sandbox_[0-9a-f]{48}$/);
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it.each([
    [['--customers', 'many'], '--customers must be a whole number of at least 1'],
    [['--customers=20000000'], '--customers must be a whole number of at least 1 and at most 10000000'],
    [['--port=-1'], '--port must be a whole number of at least 0 and at most 65535'],
    [['--colour', 'red'], "Unknown option '--colour'"],
  ])('refuses %j', async (args, message) => {
    const child = sandboxCommand(...args);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});
