// `npm run sandbox`: prints the base URL and the key on a line each, serves until SIGTERM, and refuses
// malformed options.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const TSX = 'node_modules/.bin/tsx';
const CLI = 'src-main/sandbox/cli.ts';

describe('sandbox command', () => {
  it('prints the URL and the key, serves the seeded customers and stops on SIGTERM', async () => {
    const child = spawn(TSX, [CLI, '--seed', '9', '--customers', '1234', '--key', 'sk_cli_test'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

  it('generates a key when none is given', async () => {
    const child = spawn(TSX, [CLI, '--customers', '5'], { stdio: ['ignore', 'pipe', 'pipe'] });
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
    const child = spawn(TSX, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});
