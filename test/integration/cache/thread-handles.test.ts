// No file handle is left for the garbage collector to close. The rate-budget benchmark once logged
// "Closing a FileHandle object on garbage collection"; the cycle it runs (sync, re-sync, close) and caches
// closed while their worker threads still load their code from sources (through tsx, whose transform cache
// starts empty here, so the threads write it as they load) run in a process of their own, with the
// collector run at the end; its output must hold no such warning.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./fixtures/threads-child.ts', import.meta.url));

it('a sync, a re-sync and caches closed while their threads load leave no handle to the garbage collector', async () => {
  const fresh = mkdtempSync(join(tmpdir(), 'card-desk-tsx-'));
  try {
    const child = spawn(process.execPath, ['--expose-gc', '--trace-warnings', '--import', 'tsx', CHILD], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TMPDIR: fresh },
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(err).not.toMatch(/on garbage collection/i);
    expect(err).not.toMatch(/FileHandle/);
    expect({ code, out: out.trim() }).toEqual({ code: 0, out: 'done' });
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}, 300_000);
